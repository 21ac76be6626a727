/**
 * /audits (spec part 1 "Audit list"): the organisation's audits with search, status dropdown and
 * tabs (combined), selection and bulk delete, the monthly limit banner and the New Audit button
 * (disabled once the month's audits reach the plan's limit). The list is paged on the server,
 * 50 a page with Previous / Next as the products screen (issue 13 point 7).
 */
import { useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { Plus, RotateCw, SearchX } from 'lucide-react';
import type { Audit } from '../../../contracts/audits';
import { PageHeader } from '@/components/PageHeader';
import { Button } from '@/components/ui/button';
import { usePermissions } from '@/lib/permissions';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { AUDITS_PAGE_SIZE } from '../../../contracts/audits';
import { ListPagination } from '@/components/ListPagination';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useAuditPage } from './api/get-audit-page';
import { useSubscriptionStatus } from './api/get-subscription-status';
import { AuditCards } from './components/AuditCards';
import { AuditLimitBanner } from './components/AuditLimitBanner';
import { AuditListToolbar } from './components/AuditListToolbar';
import { AuditStatusTabs } from './components/AuditStatusTabs';
import { AuditsTable } from './components/AuditsTable';
import { ConfirmAuditDelete, type DeleteRequest } from './components/ConfirmAuditDelete';
import { useDeleteAudits } from './components/use-delete-audits';
import { isAuditLimitReached } from './lib/audit-limit';
import type { StatusChoice, StatusTab } from './lib/audit-list-filter';
import { NewAuditDialog } from './components/NewAuditDialog';
import type { AssignTaskDialogComponent } from './components/assign-task-slot';
import { NoAudits } from './components/NoAudits';

/** `assignTaskDialog`: the tasks feature's Assign Audit Task dialog, composed in by the app's routes. */
/** How long the search waits for typing to stop before it asks the server. */
const SEARCH_DEBOUNCE_MS = 300;
const NO_COUNTS: Record<StatusTab, number> = { all: 0, draft: 0, pending: 0, processing: 0, complete: 0, error: 0 };

export default function AuditsPage({ assignTaskDialog }: { assignTaskDialog?: AssignTaskDialogComponent } = {}) {
  const { can } = usePermissions();
  const canRun = can('runAudits');
  const canDelete = can('deleteAudits');
  const [newAuditOpen, setNewAuditOpen] = useState(false);
  const openNewAudit = () => setNewAuditOpen(true);
  const limitReached = isAuditLimitReached(useSubscriptionStatus().data);
  const [search, setSearch] = useState('');
  const appliedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<StatusChoice>('all');
  const [tab, setTab] = useState<StatusTab>('all');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [deleteRequest, setDeleteRequest] = useState<DeleteRequest | null>(null);
  const deleteAudits = useDeleteAudits();
  const listRef = useRef<HTMLDivElement>(null);

  // A new search, status or tab starts at page 1 (state adjusted during render, not in an effect).
  const queryIdentity = JSON.stringify([appliedSearch, status, tab]);
  const [shownQuery, setShownQuery] = useState(queryIdentity);
  if (shownQuery !== queryIdentity) {
    setShownQuery(queryIdentity);
    setPage(1);
  }

  const audits = useAuditPage({ page, search: appliedSearch, status, tab });
  const shown = audits.data?.audits ?? [];
  const counts = audits.data?.counts ?? NO_COUNTS;
  const total = audits.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / AUDITS_PAGE_SIZE));
  // After a delete the last page may be gone.
  if (audits.data && !audits.isPlaceholderData && page > totalPages) setPage(totalPages);
  // The organisation has no audit at all (not merely none matching the search).
  const noAuditsAtAll = audits.data !== undefined && counts.all === 0 && appliedSearch === '' && status === 'all';
  // Only what is on screen counts as selected: a filter or page change never deletes hidden audits.
  const selectedShown = shown.filter((a) => selected.has(a.id));

  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const selectAll = (on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const a of shown) {
        if (on) next.add(a.id);
        else next.delete(a.id);
      }
      return next;
    });
  const deleteSelected = () => {
    if (selectedShown.length === 0) {
      toast.error('No Selection', { description: 'Please select audits to delete' });
      return;
    }
    setDeleteRequest({ ids: selectedShown.map((a) => a.id) });
  };
  const deleteOne = (audit: Audit) => setDeleteRequest({ ids: [audit.id], name: audit.name });
  const confirmDelete = async (ids: string[]) => {
    const deleted = await deleteAudits(ids, { bulk: deleteRequest?.name === undefined });
    setSelected((prev) => new Set([...prev].filter((id) => !deleted.includes(id))));
  };
  const selection = { selected, onToggle: toggle, onDelete: canDelete ? deleteOne : undefined };

  return (
    <div className="flex min-w-0 flex-1 flex-col gap-6 p-4 md:p-6">
      <PageHeader
        title="Audits"
        description="Run cycle counts and product audits against your catalogue and review their discrepancy reports."
        actions={
          canRun ? (
            <Button onClick={openNewAudit} disabled={limitReached} title={limitReached ? "This month's audit limit is reached" : undefined}>
              <Plus aria-hidden="true" />
              New Audit
            </Button>
          ) : null
        }
      />
      <AuditLimitBanner />
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
      ) : noAuditsAtAll ? (
        <NoAudits onStart={canRun ? openNewAudit : undefined} />
      ) : (
        <div ref={listRef} className="grid min-w-0 scroll-mt-4 gap-4">
          <AuditListToolbar
            search={search}
            onSearch={setSearch}
            status={status}
            onStatus={setStatus}
            allSelected={shown.length > 0 && selectedShown.length === shown.length}
            someSelected={selectedShown.length > 0}
            onSelectAll={selectAll}
            selectedCount={selectedShown.length}
            onDeleteSelected={canDelete ? deleteSelected : undefined}
            refreshing={audits.isFetching}
            onRefresh={() => void audits.refetch()}
          />
          <AuditStatusTabs value={tab} counts={counts} onChange={setTab}>
            {shown.length === 0 ? (
              <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-6 py-10 text-center">
                <SearchX className="text-muted-foreground size-6" aria-hidden="true" />
                <h2 className="text-lg font-semibold">No audits found</h2>
                <p className="text-muted-foreground text-sm">No audit matches this search and status.</p>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => {
                    setSearch('');
                    setStatus('all');
                    setTab('all');
                  }}
                >
                  Clear filters
                </Button>
              </div>
            ) : (
              <>
                <div className="hidden md:block">
                  <AuditsTable audits={shown} {...selection} />
                </div>
                <div className="md:hidden">
                  <AuditCards audits={shown} {...selection} />
                </div>
                {totalPages > 1 ? (
                  <ListPagination
                    noun="audits"
                    page={page}
                    pageSize={AUDITS_PAGE_SIZE}
                    total={total}
                    totalPages={totalPages}
                    onPageChange={(next) => {
                      setPage(next);
                      listRef.current?.scrollIntoView({ block: 'start' });
                    }}
                    disabled={audits.isFetching}
                  />
                ) : null}
              </>
            )}
          </AuditStatusTabs>
        </div>
      )}
      <ConfirmAuditDelete request={deleteRequest} onClose={() => setDeleteRequest(null)} onConfirm={confirmDelete} />
      <NewAuditDialog open={newAuditOpen} onOpenChange={setNewAuditOpen} assignTaskDialog={assignTaskDialog} />
    </div>
  );
}
