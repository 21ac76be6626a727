/**
 * Row actions of the audit list (spec part 1 "Audit list"): View Details for a complete audit;
 * Resume for a draft or pending one (its page holds the resume flow); otherwise a Processing
 * button that explains itself. Then export (complete only, CSV in a new tab) and delete.
 */
import { Link } from 'wouter';
import { toast } from '@/lib/toast';
import { Download, Trash2 } from 'lucide-react';
import type { Audit } from '../../../../contracts/audits';
import { Button } from '@/components/ui/button';
import { usePermissions } from '@/lib/permissions';
import { exportUrl } from '../api/export-audit';

export function AuditActions({ audit, onDelete }: { audit: Audit; onDelete?: (audit: Audit) => void }) {
  const canRun = usePermissions().can('runAudits');
  return (
    <div className="flex items-center justify-end gap-1">
      <PrimaryAction audit={audit} canRun={canRun} />
      {audit.status === 'complete' ? (
        <Button
          size="icon"
          variant="ghost"
          className="size-8"
          onClick={() => window.open(exportUrl(audit.id, 'csv'), '_blank', 'noopener')}
          aria-label={`Export ${audit.name}`}
          title="Export CSV"
        >
          <Download aria-hidden="true" />
        </Button>
      ) : null}
      {onDelete ? (
        <Button
          size="icon"
          variant="ghost"
          className="text-destructive hover:text-destructive size-8"
          onClick={() => onDelete(audit)}
          aria-label={`Delete ${audit.name}`}
          title="Delete"
        >
          <Trash2 aria-hidden="true" />
        </Button>
      ) : null}
    </div>
  );
}

function PrimaryAction({ audit, canRun }: { audit: Audit; canRun: boolean }) {
  // A role that cannot run audits has nothing to resume: it may only look.
  if (audit.status === 'complete' || (!canRun && (audit.status === 'draft' || audit.status === 'pending'))) {
    return (
      <Button asChild size="sm" variant="outline">
        <Link href={`/audits/${audit.id}`}>
          View Details<span className="sr-only"> of {audit.name}</span>
        </Link>
      </Button>
    );
  }
  if (audit.status === 'draft' || audit.status === 'pending') {
    return (
      <Button asChild size="sm" variant="outline">
        <Link href={`/audits/${audit.id}`}>
          Resume<span className="sr-only"> {audit.name}</span>
        </Link>
      </Button>
    );
  }
  // Processing or error: looks disabled but stays focusable, so the click can say why.
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
