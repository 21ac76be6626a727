/**
 * /unknown-barcodes (DESIGN.md section 13 'Unknown barcodes'; issue 27 item 3): every value the
 * organisation's audits found nobody's, once across audits: units scanned, scan files, the audits
 * it was unknown in (with whether each can be recomputed) and when it was last seen. Owners and
 * admins map a value to a product (an identifier counting N units per read) or create a product
 * from it (the product form, pre-filled); the audits are then recomputed, and their state shows
 * here until they are done. Other roles read the list; the actions are not offered to them.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Loader2, Search } from 'lucide-react';
import { toast } from '@/lib/toast';
import type { Product } from '../../../contracts/products';
import type { UnknownBarcode, UnknownBarcodeAction, UnknownBarcodeAudit } from '../../../contracts/unknown-barcodes';
import { FormField } from '@/components/FormField';
import { ListPagination } from '@/components/ListPagination';
import { PageHeader } from '@/components/PageHeader';
import { PhoneCard, PhoneCardList } from '@/components/PhoneCards';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import {
  invalidateAfterRecompute,
  mapUnknownBarcode,
  recomputeUnknownBarcode,
  useProductChoices,
  useRecomputeStates,
  useUnknownBarcodes,
} from './api/unknown-barcodes';

/** The product form, pre-filled with the value, as the products feature offers it (composed in routes.tsx). */
export type CreateProductForm = (props: { open: boolean; onOpenChange: (open: boolean) => void; value: string; onSaved: (product: Product) => void }) => ReactNode;

function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : '—';
}

function AuditState({ audit }: { audit: Pick<UnknownBarcodeAudit, 'canRecompute' | 'recomputeState'> }) {
  if (!audit.canRecompute) return <Badge variant="outline">Cannot recompute: scan files not kept</Badge>;
  if (audit.recomputeState !== null) {
    return (
      <Badge variant="secondary">
        <Loader2 className="size-3 animate-spin" aria-hidden="true" />
        Recomputing
      </Badge>
    );
  }
  return null;
}

function AuditList({ item }: { item: UnknownBarcode }) {
  return (
    <ul className="grid gap-1">
      {item.audits.map((a) => (
        <li key={a.id} className="flex flex-wrap items-center gap-2">
          <Link href={`/audits/${a.id}`} className="underline underline-offset-4">
            {a.name}
          </Link>
          <span className="text-muted-foreground tabular-nums">({a.units.toLocaleString()})</span>
          <AuditState audit={a} />
        </li>
      ))}
      {item.auditCount > item.audits.length ? <li className="text-muted-foreground">and {item.auditCount - item.audits.length} more</li> : null}
    </ul>
  );
}

/** What the last action did to each audit, followed until the recomputes are done. */
function ActionStatus({ action }: { action: UnknownBarcodeAction }) {
  const states = useRecomputeStates(action.audits.filter((a) => a.recompute === 'queued').map((a) => a.id));
  const byId = new Map(states.flatMap((s) => (s.data ? [[s.data.id, s.data] as const] : [])));
  return (
    <section aria-label="Recompute status" className="rounded-md border p-3 text-sm">
      <ul className="grid gap-1" aria-live="polite">
        {action.audits.map((a) => {
          const audit = byId.get(a.id);
          const text =
            a.recompute === 'not-kept'
              ? 'Cannot be recomputed: its scan files were not kept'
              : audit && audit.recomputeState === null && audit.recomputedAt
                ? audit.recomputeError ?? `Recomputed ${when(audit.recomputedAt)}`
                : 'Recomputing...';
          return (
            <li key={a.id}>
              <Link href={`/audits/${a.id}`} className="font-medium underline underline-offset-4">
                {a.name}
              </Link>
              : {text}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function MapDialog({ item, onClose, onDone }: { item: UnknownBarcode | null; onClose: () => void; onDone: (action: UnknownBarcodeAction) => void }) {
  const [search, setSearch] = useState('');
  const [productId, setProductId] = useState<string | null>(null);
  const [units, setUnits] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const choices = useProductChoices(search);
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  if ((item?.key ?? null) !== openedFor) {
    setOpenedFor(item?.key ?? null);
    setSearch('');
    setProductId(null);
    setUnits('1');
    setError(null);
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!item || saving) return;
    if (!productId) return setError('Choose a product');
    const n = Number(units);
    if (!/^\d*\.?\d+$/.test(units.trim()) || !(n > 0)) return setError('Units per read must be a number more than 0');
    setSaving(true);
    setError(null);
    try {
      onDone(await mapUnknownBarcode({ value: item.value, productId, units: n }));
    } catch (err) {
      setError(errorMessage(err, 'Failed to map the barcode'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && !saving && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Map to Product</DialogTitle>
          <DialogDescription>
            {item ? `"${item.value}" becomes an identifier of the product you choose; the audits it was unknown in are recomputed.` : null}
          </DialogDescription>
        </DialogHeader>
        <form id="map-barcode-form" noValidate onSubmit={(e) => void submit(e)} className="grid gap-4">
          {error ? (
            <p role="alert" className="border-destructive/30 bg-destructive/5 text-destructive rounded-md border p-3 text-sm">
              {error}
            </p>
          ) : null}
          <FormField label="Find product" hint="Search by SKU, name or identifier.">
            <Input value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" autoFocus />
          </FormField>
          <fieldset className="grid gap-1">
            <legend className="mb-1 text-sm font-medium">Product</legend>
            {choices.data?.products.length === 0 ? <p className="text-muted-foreground text-sm">No products match.</p> : null}
            {choices.data?.products.map((p) => (
              <label key={p.id} className="hover:bg-muted flex min-h-10 cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm">
                <input type="radio" name="product" value={p.id} checked={productId === p.id} onChange={() => setProductId(p.id)} />
                <span className="font-medium">{p.sku}</span>
                <span className="text-muted-foreground truncate">{p.name ?? 'Unnamed Product'}</span>
              </label>
            ))}
          </fieldset>
          <FormField label="Units per read" hint="1 for the item itself; 24 for a box of 24.">
            <Input value={units} onChange={(e) => setUnits(e.target.value)} inputMode="decimal" autoComplete="off" />
          </FormField>
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form="map-barcode-form" disabled={saving}>
            {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Map and Recompute
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export default function UnknownBarcodesPage({ canAct, createProductForm }: { canAct: boolean; createProductForm: CreateProductForm }) {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [mapping, setMapping] = useState<UnknownBarcode | null>(null);
  const [creating, setCreating] = useState<UnknownBarcode | null>(null);
  const [lastAction, setLastAction] = useState<UnknownBarcodeAction | null>(null);
  const list = useUnknownBarcodes(search, page);

  const done = async (action: UnknownBarcodeAction, message: string) => {
    setLastAction(action);
    setMapping(null);
    setCreating(null);
    toast.success(message, { description: `${action.audits.filter((a) => a.recompute === 'queued').length} audit(s) are being recomputed.` });
    await invalidateAfterRecompute(queryClient);
  };

  const actions = (item: UnknownBarcode) =>
    canAct ? (
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => setMapping(item)} aria-label={`Map to Product: ${item.value}`}>
          Map to Product
        </Button>
        <Button size="sm" variant="outline" onClick={() => setCreating(item)} aria-label={`Create Product: ${item.value}`}>
          Create Product
        </Button>
      </div>
    ) : null;

  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.limit)) : 1;
  return (
    <div className="mx-auto flex w-full max-w-7xl min-w-0 flex-1 flex-col gap-6 p-4 md:p-6">
      <PageHeader
        title="Unknown Barcodes"
        description="Values your audits scanned that match no product. Map one to a product, or create a product from it, and the audits it appeared in are recomputed."
      />
      {lastAction ? <ActionStatus action={lastAction} /> : null}
      <div className="relative max-w-sm">
        <Search className="text-muted-foreground pointer-events-none absolute top-2.5 left-2.5 size-4" aria-hidden="true" />
        <Input
          aria-label="Search unknown barcodes"
          placeholder="Search barcodes..."
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
          className="pl-8"
        />
      </div>
      {list.isPending ? (
        <p role="status" className="text-muted-foreground flex items-center gap-2 text-sm">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          Loading unknown barcodes...
        </p>
      ) : list.isError ? (
        <p role="alert" className="text-destructive text-sm">
          Failed to load unknown barcodes: {errorMessage(list.error)}
        </p>
      ) : list.data.items.length === 0 ? (
        <p className="text-muted-foreground py-8 text-center text-sm">{search ? 'No unknown barcodes match your search.' : 'No unknown barcodes: every value your audits scanned matched a product.'}</p>
      ) : (
        <>
          <PhoneCardList label="Unknown barcodes">
            {list.data.items.map((item) => (
              <PhoneCard
                key={item.key}
                title={<span className="font-mono font-medium break-all">{item.value}</span>}
                numbers={[
                  { label: 'Units', value: item.units.toLocaleString() },
                  { label: 'Scan files', value: item.scanFiles.toLocaleString() },
                  { label: 'Audits', value: item.auditCount.toLocaleString() },
                ]}
                texts={[
                  { label: 'Last seen', value: when(item.lastSeen) },
                  { label: 'Audits', value: <AuditList item={item} /> },
                  ...(canAct ? [{ label: 'Actions', value: actions(item) }] : []),
                ]}
              />
            ))}
          </PhoneCardList>
          <div className="hidden overflow-x-auto rounded-md border md:block">
            <Table aria-label="Unknown barcodes">
              <TableHeader>
                <TableRow>
                  <TableHead>Barcode</TableHead>
                  <TableHead className="text-right">Units</TableHead>
                  <TableHead className="text-right">Scan files</TableHead>
                  <TableHead>Audits</TableHead>
                  <TableHead>Last seen</TableHead>
                  {canAct ? <TableHead>Actions</TableHead> : null}
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.data.items.map((item) => (
                  <TableRow key={item.key}>
                    <TableCell className="font-mono break-all">{item.value}</TableCell>
                    <TableCell className="text-right tabular-nums">{item.units.toLocaleString()}</TableCell>
                    <TableCell className="text-right tabular-nums">{item.scanFiles.toLocaleString()}</TableCell>
                    <TableCell className="max-w-80 whitespace-normal">
                      <AuditList item={item} />
                    </TableCell>
                    <TableCell className="whitespace-nowrap">{when(item.lastSeen)}</TableCell>
                    {canAct ? <TableCell>{actions(item)}</TableCell> : null}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <ListPagination noun="unknown barcodes" page={page} pageSize={list.data.limit} total={list.data.total} totalPages={totalPages} onPageChange={setPage} />
        </>
      )}
      {canAct ? (
        <>
          <MapDialog item={mapping} onClose={() => setMapping(null)} onDone={(action) => void done(action, `Mapped to ${action.product?.sku ?? 'the product'}`)} />
          {createProductForm({
            open: creating !== null,
            onOpenChange: (open) => !open && setCreating(null),
            value: creating?.value ?? '',
            onSaved: (product) => {
              const value = creating?.value;
              if (!value) return;
              void recomputeUnknownBarcode(value).then(
                (action) => done({ ...action, product: { id: product.id, sku: product.sku, name: product.name } }, `${product.sku} created`),
                (err: unknown) => toast.error('Failed to recompute the audits', { description: errorMessage(err) }),
              );
            },
          })}
        </>
      ) : null}
    </div>
  );
}
