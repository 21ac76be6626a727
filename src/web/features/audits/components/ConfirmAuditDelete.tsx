/**
 * Delete confirmation for one audit or the selected ones (spec part 1 section 5): stays open and
 * busy until the deletes answer; `onConfirm` shows its own toasts.
 */
import { useState } from 'react';
import { Loader2, Trash2 } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { buttonVariants } from '@/components/ui/button';

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
  const [busy, setBusy] = useState(false);
  const single = request?.name !== undefined;
  const n = request?.ids.length ?? 0;
  return (
    <AlertDialog open={request !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{single ? 'Delete audit' : `Delete ${n} ${n === 1 ? 'audit' : 'audits'}`}</AlertDialogTitle>
          <AlertDialogDescription>
            {single
              ? `Are you sure you want to delete this audit? "${request?.name}" and its results will be removed.`
              : `Are you sure you want to delete the ${n} selected ${n === 1 ? 'audit' : 'audits'}? This action cannot be undone.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy} autoFocus>
            Cancel
          </AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            disabled={busy}
            onClick={async (e) => {
              e.preventDefault();
              if (!request) return;
              setBusy(true);
              try {
                await onConfirm(request.ids);
              } finally {
                setBusy(false);
                onClose();
              }
            }}
          >
            {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
