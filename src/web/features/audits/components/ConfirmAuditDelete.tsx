/**
 * Delete confirmation for one audit or the selected ones (spec part 1 section 5): stays open and
 * busy until the deletes answer; `onConfirm` shows its own toasts.
 */
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';

export interface DeleteRequest {
  ids: string[];
  /** The audit's name when one audit is deleted from its row. */
  name?: string;
}

export function ConfirmAuditDelete({
  request,
  onClose,
  onConfirm,
}: {
  request: DeleteRequest | null;
  onClose: () => void;
  onConfirm: (ids: string[]) => Promise<void>;
}) {
  const single = request?.name !== undefined;
  const n = request?.ids.length ?? 0;
  const audits = n === 1 ? 'audit' : 'audits';
  return (
    <ConfirmDeleteDialog
      open={request !== null}
      onOpenChange={(open) => !open && onClose()}
      title={single ? 'Delete audit' : `Delete ${n} ${audits}`}
      description={
        single
          ? `Are you sure you want to delete this audit? "${request?.name}" and its results will be removed.`
          : `Are you sure you want to delete the ${n} selected ${audits}? This action cannot be undone.`
      }
      confirmLabel="Delete"
      onConfirm={async () => {
        if (request) await onConfirm(request.ids);
        return true;
      }}
    />
  );
}
