/**
 * Deleting audits (spec part 1 sections 7, 8): one DELETE per audit, also for a bulk delete;
 * toasts 'Audit deleted successfully' / 'Failed to delete audit' for one, 'Audits deleted
 * successfully' / 'Failed to delete audits' for several. Lists, stats and plan usage refresh after.
 */
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { errorMessage } from '@/lib/api';
import { deleteAudit } from '../api/delete-audit';
import { auditsQueryKey } from '../api/get-audits';
import { subscriptionStatusKey } from '../api/get-subscription-status';

/** Resolves with the ids actually deleted. */
export function useDeleteAudits() {
  const queryClient = useQueryClient();
  return useCallback(
    async (ids: string[], { bulk }: { bulk: boolean }): Promise<string[]> => {
      const results = await Promise.allSettled(ids.map((id) => deleteAudit(id).then(() => id)));
      const deleted = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failure) {
        const description = errorMessage(failure.reason, '');
        toast.error(bulk ? 'Failed to delete audits' : 'Failed to delete audit', {
          description: bulk && deleted.length > 0 ? `${deleted.length} of ${ids.length} deleted. ${description}` : description || undefined,
        });
      } else {
        toast.success(bulk ? 'Audits deleted successfully' : 'Audit deleted successfully');
      }
      void queryClient.invalidateQueries({ queryKey: auditsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['/api/user/stats'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/results-summaries'] });
      void queryClient.invalidateQueries({ queryKey: subscriptionStatusKey });
      return deleted;
    },
    [queryClient],
  );
}
