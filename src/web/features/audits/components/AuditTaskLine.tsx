/**
 * A draft's task under its name in the audit list ('Task: Count aisle 4 · Sam Lee'), so two
 * drafts of the same name can be told apart; 'No task' on a bare draft.
 */
import type { Audit } from '../../../../contracts/audits';

export function AuditTaskLine({ audit }: { audit: Audit }) {
  if (audit.status !== 'draft') return null;
  if (!audit.task) return <div className="text-muted-foreground text-xs">No task</div>;
  const who = audit.task.assignedToName ? ` · ${audit.task.assignedToName}` : ' · unassigned';
  return (
    <div className="text-muted-foreground truncate text-xs" title={`Task: ${audit.task.title}${who}`}>
      Task: {audit.task.title}
      {who}
    </div>
  );
}
