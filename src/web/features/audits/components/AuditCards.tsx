/**
 * The audit list on a phone (below 768 px): one card per audit with the table's columns as
 * labelled figures, so the actions stay on screen.
 */
import type { ReactNode } from 'react';
import type { Audit } from '../../../../contracts/audits';
import { Checkbox } from '@/components/ui/checkbox';
import { formatCount, formatDate } from '../lib/display-format';
import { AuditActions } from './AuditActions';
import { AccuracyFigure, DiscrepancyBadge, MatchRateBadge } from './AuditFigureBadges';
import { AuditStatusBadge } from './AuditStatusBadge';
import { AuditTaskLine } from './AuditTaskLine';
import type { AuditSelection } from './AuditsTable';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

export function AuditCards({ audits, selected, onToggle, onDelete }: { audits: Audit[] } & AuditSelection) {
  return (
    <ul className="grid gap-3" aria-label="Audits">
      {audits.map((audit) => (
        <li key={audit.id} className="grid gap-3 rounded-lg border p-4">
          <div className="flex items-start justify-between gap-3">
            {onDelete ? (
              <Checkbox
                checked={selected.has(audit.id)}
                onCheckedChange={(v) => onToggle(audit.id, v === true)}
                aria-label={`Select ${audit.name}`}
                className="mt-1"
              />
            ) : null}
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words">{audit.name}</p>
              {audit.section ? <p className="text-muted-foreground text-xs break-words">{audit.section}</p> : null}
              <AuditTaskLine audit={audit} />
            </div>
            <AuditStatusBadge status={audit.status} />
          </div>
          <dl className="grid grid-cols-3 gap-3">
            <Figure label="Items Scanned">{formatCount(audit.itemsScanned)}</Figure>
            <Figure label="Match Rate">
              <MatchRateBadge audit={audit} />
            </Figure>
            <Figure label="Accuracy">
              <AccuracyFigure audit={audit} />
            </Figure>
            <Figure label="Discrepancies">
              <DiscrepancyBadge audit={audit} />
            </Figure>
            <Figure label="Created">{formatDate(audit.createdAt)}</Figure>
            <Figure label="Completed">{formatDate(audit.completedAt)}</Figure>
          </dl>
          <div className="flex justify-end">
            <AuditActions audit={audit} onDelete={onDelete} />
          </div>
        </li>
      ))}
    </ul>
  );
}
