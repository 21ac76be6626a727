/**
 * The resume flow of a product audit that has no filter yet (a draft made by the Assign Task
 * path's stub call): 'Define Filters' first, saved to the audit with `PATCH /api/audits/{id}`,
 * then the usual files step. The audit query is updated with the answer, so the resume flow
 * re-renders with the stored filter.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import type { Audit } from '../../../../contracts/audits';
import { errorMessage } from '@/lib/api';
import { auditQueryOptions } from '../api/get-audit';
import { updateAudit } from '../api/update-audit';
import { newCondition, toFilterExpression, type DraftFilter } from '../lib/filter-conditions';
import { FilterStep } from './FilterStep';
import { useFilterPreview } from './use-filter-preview';

export function ResumeFilter({ audit }: { audit: Audit }) {
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<DraftFilter>(() => ({ logic: 'AND', conditions: [newCondition()] }));
  const [saving, setSaving] = useState(false);
  const expression = toFilterExpression(filter);
  const preview = useFilterPreview(expression);

  const save = async () => {
    if (!expression) return;
    setSaving(true);
    try {
      const updated = await updateAudit(audit.id, { filterExpression: expression });
      queryClient.setQueryData(auditQueryOptions(audit.id).queryKey, updated);
    } catch (error) {
      toast.error('Failed to save the filter', { description: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="grid gap-3">
      <p className="text-muted-foreground text-sm">This product audit has no filter yet: choose which products it counts.</p>
      <FilterStep filter={filter} preview={preview} onChange={setFilter} onNext={() => void save()} busy={saving} />
    </div>
  );
}
