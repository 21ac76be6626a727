/**
 * Bulk delete confirmation (spec part 2 "Tasks screen"): 'Are you sure you want to delete N
 * selected task(s)?'. Stays open and busy until the delete answers. Audits are not deleted.
 */
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';

export function ConfirmDeleteTasks({ count, open, onClose, onConfirm }: { count: number; open: boolean; onClose: () => void; onConfirm: () => Promise<void> }) {
  return (
    <ConfirmDeleteDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Delete Tasks"
      description={`Are you sure you want to delete ${count} selected task(s)? Their audits are kept.`}
      confirmLabel="Delete"
      onConfirm={async () => {
        await onConfirm();
        return true;
      }}
    />
  );
}
