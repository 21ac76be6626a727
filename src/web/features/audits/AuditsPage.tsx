/**
 * /audits (spec part 1 "Audit list"): the organisation's audits and the New Audit button.
 * Search, status tabs and bulk delete come in a later issue.
 */
import { useState } from 'react';
import { Plus, RotateCw } from 'lucide-react';
import { PageHeader } from '@/components/PageHeader';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useAudits } from './api/get-audits';
import { AuditCards } from './components/AuditCards';
import { AuditsTable } from './components/AuditsTable';
import { NewAuditDialog } from './components/NewAuditDialog';
import { NoAudits } from './components/NoAudits';

export default function AuditsPage() {
  const audits = useAudits();
  const [newAuditOpen, setNewAuditOpen] = useState(false);
  const openNewAudit = () => setNewAuditOpen(true);

  return (
    <div className="flex min-w-0 flex-1 flex-col gap-6 p-4 md:p-6">
      <PageHeader
        title="Audits"
        description="Run cycle counts against your catalogue and review their discrepancy reports."
        actions={
          <Button onClick={openNewAudit}>
            <Plus aria-hidden="true" />
            New Audit
          </Button>
        }
      />
      {audits.isPending ? (
        <div role="status" aria-label="Loading audits" className="grid gap-2">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : audits.isError ? (
        <div role="alert" className="border-destructive/30 bg-destructive/5 flex flex-wrap items-center gap-3 rounded-lg border p-4 text-sm">
          <span className="min-w-0 flex-1">Failed to load audits: {errorMessage(audits.error)}</span>
          <Button variant="outline" size="sm" onClick={() => void audits.refetch()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : audits.data.length === 0 ? (
        <NoAudits onStart={openNewAudit} />
      ) : (
        <>
          <div className="hidden md:block">
            <AuditsTable audits={audits.data} />
          </div>
          <div className="md:hidden">
            <AuditCards audits={audits.data} />
          </div>
        </>
      )}
      <NewAuditDialog open={newAuditOpen} onOpenChange={setNewAuditOpen} />
    </div>
  );
}
