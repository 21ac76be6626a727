/**
 * Unknown barcodes SQL (DESIGN.md section 13; contracts/unknown-barcodes.ts): the 'not found'
 * lines of the organisation's complete audits with the usual reason (nothing matched them; a
 * value not found for another reason, such as an ambiguous one, a GS1 string that is malformed or
 * a code a spreadsheet destroyed, is not a barcode waiting for a product), grouped by match key.
 * Every statement is scoped by organization_id through the audits table.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  UNKNOWN_BARCODES_PAGE_SIZE,
  type UnknownBarcode,
  type UnknownBarcodeAudit,
  type UnknownBarcodeListQuery,
  type UnknownBarcodePage,
} from '../../../contracts/unknown-barcodes.js';
import { escapeLike } from '../products/product-filters-sql.js';
import { keptScansSql } from '../audits/recompute-job.js';

/**
 * The match key of a value in SQL, as the engine groups not-found values (DESIGN.md section 5
 * rule 4; domain/catalogue-index.ts `notFoundKey`): a code of at most 14 digits, or of 8 to 14
 * digits grouped by spaces or hyphens, as GTIN-14 (left-padded with zeros); anything else in
 * lower case.
 */
export function matchKeySql(value: SQL): SQL {
  return sql`(case
    when ${value} ~ '^[0-9]{1,14}$' then lpad(${value}, 14, '0')
    when ${value} ~ '^[0-9][0-9 -]*[0-9]$' and length(regexp_replace(${value}, '[^0-9]', '', 'g')) between 8 and 14
      then lpad(regexp_replace(${value}, '[^0-9]', '', 'g'), 14, '0')
    else lower(${value}) end)`;
}

/** The same key worked out here (tests and answers), identical to `matchKeySql`. */
export function matchKeyOf(value: string): string {
  const v = value.trim();
  if (/^[0-9]{1,14}$/.test(v)) return v.padStart(14, '0');
  const digits = v.replace(/[^0-9]/g, '');
  if (/^[0-9][0-9 -]*[0-9]$/.test(v) && digits.length >= 8 && digits.length <= 14) return digits.padStart(14, '0');
  return v.toLowerCase();
}

/** Unknown lines of the organisation's complete audits, each with its key (`k`). */
function unknownLines(organizationId: string): SQL {
  return sql`select n.value, n.scanned_quantity, n.scan_files, n.position, ${matchKeySql(sql`n.value`)} as k,
      a.id as audit_id, a.name as audit_name, a.completed_at, a.recompute_requested_at, a.recompute_token, ${keptScansSql(sql`a.id`)} as kept
    from audit_not_found_lines n join audits a on a.id = n.audit_id
    where a.organization_id = ${organizationId}::uuid and a.status = 'complete' and n.reason is null`;
}

interface ListRow {
  k: string;
  value: string;
  units: string;
  scan_files: number;
  audit_count: number;
  first_seen: string | Date | null;
  last_seen: string | Date | null;
  audits: Array<{ id: string; name: string; completed_at: string | null; units: string | number; kept: boolean; requested: boolean; running: boolean }>;
  total: number;
}

const iso = (at: string | Date | null) => (at === null ? null : new Date(at).toISOString());

function toAudit(a: ListRow['audits'][number]): UnknownBarcodeAudit {
  return {
    id: a.id,
    name: a.name,
    completedAt: iso(a.completed_at),
    units: Number(a.units),
    canRecompute: a.kept,
    recomputeState: a.running ? 'running' : a.requested ? 'queued' : null,
  };
}

/**
 * One page of the organisation's unknown barcodes, latest seen first (then by key), with search
 * (the value contains, case-insensitive). A page past the end is empty.
 */
export async function listUnknownBarcodes(db: Db, organizationId: string, query: UnknownBarcodeListQuery): Promise<UnknownBarcodePage> {
  const limit = UNKNOWN_BARCODES_PAGE_SIZE;
  const search = query.search ? sql`and u.value ilike ${`%${escapeLike(query.search)}%`}` : sql``;
  const result = (await db.execute(sql`
    with u as (${unknownLines(organizationId)}),
    per_audit as (
      select k, audit_id, audit_name, completed_at, kept, recompute_requested_at is not null as requested, recompute_token is not null as running,
        sum(scanned_quantity) as units, sum(cardinality(scan_files)) as files,
        (array_agg(value order by position))[1] as value
      from u where true ${search} group by k, audit_id, audit_name, completed_at, kept, recompute_requested_at, recompute_token
    ),
    per_key as (
      select k, (array_agg(value order by completed_at desc, audit_id))[1] as value, sum(units)::text as units, sum(files)::int as scan_files,
        count(*)::int as audit_count, min(completed_at) as first_seen, max(completed_at) as last_seen,
        (json_agg(json_build_object('id', audit_id, 'name', audit_name, 'completed_at', completed_at, 'units', units, 'kept', kept,
          'requested', requested, 'running', running) order by completed_at desc, audit_id))::text as audits
      from per_audit group by k
    )
    select *, count(*) over ()::int as total from per_key
    order by last_seen desc nulls last, k
    limit ${limit} offset ${(query.page - 1) * limit}`)) as unknown as { rows: Array<Omit<ListRow, 'audits'> & { audits: string }> };
  const items: UnknownBarcode[] = result.rows.map((r) => {
    const audits = (JSON.parse(r.audits) as ListRow['audits']).map(toAudit);
    return {
      key: r.k,
      value: r.value,
      units: Number(r.units),
      scanFiles: Number(r.scan_files),
      audits: audits.slice(0, 20),
      auditCount: Number(r.audit_count),
      firstSeen: iso(r.first_seen),
      lastSeen: iso(r.last_seen),
    };
  });
  return { items, total: result.rows[0]?.total ?? 0, page: query.page, limit };
}

/** The organisation's complete audits where a value of match key `key` was unknown, latest first. */
export async function auditsWithUnknown(db: Db, organizationId: string, key: string): Promise<Array<{ id: string; name: string; kept: boolean }>> {
  const result = (await db.execute(sql`
    select distinct u.audit_id as id, u.audit_name as name, u.kept, u.completed_at from (${unknownLines(organizationId)}) u
    where u.k = ${key} order by u.completed_at desc, u.audit_id`)) as unknown as { rows: Array<{ id: string; name: string; kept: boolean }> };
  return result.rows.map((r) => ({ id: r.id, name: r.name, kept: r.kept === true }));
}
