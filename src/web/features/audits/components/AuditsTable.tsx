/**
 * The audit list table (spec part 1 "Audit list"): Name (with section), Status, Items Scanned,
 * Match Rate, Accuracy (decision 0117), Discrepancies, Created, Completed, Actions. From 768 px up;
 * phones get AuditCards.
 */
import type { Audit } from '../../../../contracts/audits';
import { Checkbox } from '@/components/ui/checkbox';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCount, formatDate } from '../lib/display-format';
import { AuditActions } from './AuditActions';
import { AccuracyFigure, DiscrepancyBadge, MatchRateBadge } from './AuditFigureBadges';
import { AuditStatusBadge } from './AuditStatusBadge';
import { AuditTaskLine } from './AuditTaskLine';

export interface AuditSelection {
  selected: ReadonlySet<string>;
  onToggle: (id: string, selected: boolean) => void;
  /** Absent for roles that may not delete audits: no selection boxes, no Delete. */
  onDelete?: (audit: Audit) => void;
}

export function AuditsTable({ audits, selected, onToggle, onDelete }: { audits: Audit[] } & AuditSelection) {
  return (
    <div className="rounded-lg border">
      <Table>
        <TableHeader>
          <TableRow>
            {onDelete ? (
              <TableHead className="w-10">
                <span className="sr-only">Select</span>
              </TableHead>
            ) : null}
            <TableHead>Name</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Items Scanned</TableHead>
            <TableHead>Match Rate</TableHead>
            <TableHead>Accuracy</TableHead>
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
            <TableRow key={audit.id} data-state={selected.has(audit.id) ? 'selected' : undefined}>
              {onDelete ? (
                <TableCell>
                  <Checkbox
                    checked={selected.has(audit.id)}
                    onCheckedChange={(v) => onToggle(audit.id, v === true)}
                    aria-label={`Select ${audit.name}`}
                  />
                </TableCell>
              ) : null}
              <TableCell className="max-w-64">
                <div className="truncate font-medium" title={audit.name}>
                  {audit.name}
                </div>
                {audit.section ? <div className="text-muted-foreground truncate text-xs">{audit.section}</div> : null}
                <AuditTaskLine audit={audit} />
              </TableCell>
              <TableCell>
                <AuditStatusBadge status={audit.status} />
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatCount(audit.itemsScanned)}</TableCell>
              <TableCell>
                <MatchRateBadge audit={audit} />
              </TableCell>
              <TableCell>
                <AccuracyFigure audit={audit} />
              </TableCell>
              <TableCell>
                <DiscrepancyBadge audit={audit} />
              </TableCell>
              <TableCell className="whitespace-nowrap">{formatDate(audit.createdAt)}</TableCell>
              <TableCell className="whitespace-nowrap">{formatDate(audit.completedAt)}</TableCell>
              <TableCell className="text-right">
                <AuditActions audit={audit} onDelete={onDelete} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
