/**
 * The audit list table (spec part 1 "Audit list"): Name (with section), Status, Items Scanned,
 * Match Rate, Discrepancies, Created, Completed, Actions.
 */
import { Link } from 'wouter';
import { toast } from 'sonner';
import type { Audit } from '../../../../contracts/audits';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { discrepancyCount, discrepancyTone, listMatchRate, matchRateTone, TONE_BADGE_CLASS } from '../lib/audit-figures';
import { formatCount, formatDate, formatPercent } from '../lib/display-format';
import { AuditStatusBadge } from './AuditStatusBadge';

function MatchRateCell({ audit }: { audit: Audit }) {
  const rate = listMatchRate(audit);
  if (rate === null) return <span className="text-muted-foreground">—</span>;
  return <Badge className={TONE_BADGE_CLASS[matchRateTone(rate)]}>{formatPercent(rate)}</Badge>;
}

function DiscrepancyCell({ audit }: { audit: Audit }) {
  const count = discrepancyCount(audit);
  if (count === null) return <span className="text-muted-foreground">—</span>;
  return <Badge className={TONE_BADGE_CLASS[discrepancyTone(count)]}>{count.toLocaleString()}</Badge>;
}

function AuditActions({ audit }: { audit: Audit }) {
  if (audit.status === 'complete') {
    return (
      <Button asChild size="sm" variant="outline">
        <Link href={`/audits/${audit.id}`}>
          View Details<span className="sr-only"> of {audit.name}</span>
        </Link>
      </Button>
    );
  }
  if (audit.status === 'processing') {
    // Looks disabled but stays focusable, so the click can say why (spec "Audit list").
    return (
      <Button
        size="sm"
        variant="outline"
        aria-disabled="true"
        className="cursor-not-allowed opacity-60"
        onClick={() => toast('Audit Not Complete', { description: "This audit hasn't been completed yet. Check back later." })}
      >
        Processing...
      </Button>
    );
  }
  return (
    <Button asChild size="sm" variant="ghost">
      <Link href={`/audits/${audit.id}`}>
        Open<span className="sr-only"> {audit.name}</span>
      </Link>
    </Button>
  );
}

export function AuditsTable({ audits }: { audits: Audit[] }) {
  return (
    <div className="rounded-lg border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Items Scanned</TableHead>
            <TableHead>Match Rate</TableHead>
            <TableHead>Discrepancies</TableHead>
            <TableHead>Created</TableHead>
            <TableHead>Completed</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {audits.map((audit) => (
            <TableRow key={audit.id}>
              <TableCell className="max-w-64">
                <div className="truncate font-medium" title={audit.name}>
                  {audit.name}
                </div>
                {audit.section ? <div className="text-muted-foreground truncate text-xs">{audit.section}</div> : null}
              </TableCell>
              <TableCell>
                <AuditStatusBadge status={audit.status} />
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatCount(audit.itemsScanned)}</TableCell>
              <TableCell>
                <MatchRateCell audit={audit} />
              </TableCell>
              <TableCell>
                <DiscrepancyCell audit={audit} />
              </TableCell>
              <TableCell className="whitespace-nowrap">{formatDate(audit.createdAt)}</TableCell>
              <TableCell className="whitespace-nowrap">{formatDate(audit.completedAt)}</TableCell>
              <TableCell className="text-right">
                <AuditActions audit={audit} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
