/**
 * New Audit -> Assign Task (spec part 1 "New Audit dialog"): the audit's details (and, for a
 * product audit, its filter), then `POST /api/audits/stub` creates the draft the task points at.
 * Its scan files come later, in the audit's resume flow.
 */
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Loader2 } from 'lucide-react';
import type { Audit } from '../../../../contracts/audits';
import type { AuditType } from '../../../../contracts/results';
import { errorMessage } from '@/lib/api';
import { createAuditStub } from '../api/create-audit-stub';
import { newCondition, toFilterExpression, type DraftFilter } from '../lib/filter-conditions';
import { AuditDetailsStep, type AuditDetails } from './AuditDetailsStep';
import { FilterStep } from './FilterStep';
import { useFilterPreview } from './use-filter-preview';

export function AssignTaskStubStep({
  type,
  onCancel,
  onCreated,
}: {
  type: AuditType;
  onCancel: () => void;
  onCreated: (audit: Audit) => void;
}) {
  const [details, setDetails] = useState<AuditDetails | null>(null);
  const [filter, setFilter] = useState<DraftFilter>(() => ({ logic: 'AND', conditions: [newCondition()] }));
  const expression = toFilterExpression(filter);
  const preview = useFilterPreview(type === 'product-audit' && details ? expression : null);
  const [creating, setCreating] = useState(false);

  const create = async (values: AuditDetails) => {
    setCreating(true);
    try {
      const audit = await createAuditStub({
        name: values.name,
        type,
        section: values.section.trim() || null,
        ...(type === 'product-audit' ? { filterExpression: expression } : {}),
      });
      onCreated(audit);
    } catch (error) {
      // Spec part 1 section 8: a failed stub is logged; the server's reason (e.g. the plan limit) is shown too.
      console.error('Failed to create audit stub', error);
      toast.error('Failed to create audit', { description: errorMessage(error) });
      setCreating(false);
    }
  };

  if (creating) {
    return (
      <p role="status" className="text-muted-foreground flex items-center justify-center gap-2 py-10 text-sm">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        Creating the audit...
      </p>
    );
  }
  if (type === 'product-audit' && details) {
    return <FilterStep filter={filter} preview={preview} onChange={setFilter} onBack={() => setDetails(null)} onNext={() => void create(details)} />;
  }
  return (
    <AuditDetailsStep
      defaultValues={details ?? { name: '', section: '' }}
      onCancel={onCancel}
      onNext={(values) => (type === 'product-audit' ? setDetails(values) : void create(values))}
    />
  );
}
