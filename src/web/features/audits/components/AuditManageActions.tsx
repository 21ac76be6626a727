/**
 * Managing one audit from its page: Rename (name and section, `PATCH /api/audits/{id}`) and, for
 * a finished audit, Recount (a new draft of the same type, section and scope, `POST
 * /api/audits/{id}/recount`, then its resume flow) and Recount Lines (DESIGN.md section 13: every
 * Below and Zero Sheet line whose |difference| is at least N, or the lines chosen in its list, as
 * a recount scoped to those products whose figures replace this audit's, optionally assigned as a
 * task). Not offered to viewers (read-only role).
 */
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { toast } from '@/lib/toast';
import { ListRestart, Loader2, Pencil, Repeat } from 'lucide-react';
import type { Audit } from '../../../../contracts/audits';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api';
import { useCurrentUser } from '../../auth/api/current-user';
import { auditQueryOptions } from '../api/get-audit';
import { auditsQueryKey } from '../api/get-audits';
import { recountAudit, updateAudit } from '../api/update-audit';
import { RecountLinePicker } from './RecountLinePicker';
import { useTeamMembers } from '../../tasks/api/get-team-members';
import { assignableMembers } from '../../tasks/lib/assignees';
import { ASSIGN_MYSELF, ASSIGN_NOBODY, AssigneeSelect } from '../../tasks/components/AssigneeSelect';

export function AuditManageActions({ audit }: { audit: Audit }) {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [renaming, setRenaming] = useState(false);
  const [recounting, setRecounting] = useState(false);
  const [recountingLines, setRecountingLines] = useState(false);
  if (!user || user.role === 'viewer') return null;

  const recount = async () => {
    setRecounting(true);
    try {
      const created = await recountAudit(audit.id);
      void queryClient.invalidateQueries({ queryKey: auditsQueryKey });
      toast.success('Recount created', { description: `"${created.name}" is ready for its scan files.` });
      navigate(`/audits/${created.id}`);
    } catch (error) {
      toast.error('Failed to create the recount', { description: errorMessage(error) });
    } finally {
      setRecounting(false);
    }
  };

  return (
    <>
      <Button variant="outline" onClick={() => setRenaming(true)}>
        <Pencil aria-hidden="true" />
        Rename
      </Button>
      {audit.status === 'complete' ? (
        <Button variant="outline" onClick={() => void recount()} disabled={recounting}>
          {recounting ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Repeat aria-hidden="true" />}
          Recount
        </Button>
      ) : null}
      {audit.status === 'complete' ? (
        <Button variant="outline" onClick={() => setRecountingLines(true)}>
          <ListRestart aria-hidden="true" />
          Recount Lines
        </Button>
      ) : null}
      {recountingLines ? (
        <RecountLinesDialog
          audit={audit}
          onClose={() => setRecountingLines(false)}
          onCreated={(created) => {
            void queryClient.invalidateQueries({ queryKey: auditsQueryKey });
            toast.success('Recount created', { description: `"${created.name}" counts ${created.scopeProductCount ?? 0} products: add its scan files.` });
            navigate(`/audits/${created.id}`);
          }}
        />
      ) : null}
      <RenameAuditDialog
        audit={audit}
        open={renaming}
        onOpenChange={setRenaming}
        onSaved={(updated) => {
          queryClient.setQueryData(auditQueryOptions(audit.id).queryKey, updated);
          void queryClient.invalidateQueries({ queryKey: auditsQueryKey });
        }}
      />
    </>
  );
}

function RenameAuditDialog({
  audit,
  open,
  onOpenChange,
  onSaved,
}: {
  audit: Audit;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (audit: Audit) => void;
}) {
  const [name, setName] = useState(audit.name);
  const [section, setSection] = useState(audit.section ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('Audit name is required');
      return;
    }
    setSaving(true);
    try {
      onSaved(await updateAudit(audit.id, { name, section }));
      toast.success('Audit renamed');
      onOpenChange(false);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setName(audit.name);
          setSection(audit.section ?? '');
          setError(null);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent className="sm:max-w-md">
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" aria-label="Rename audit">
          <DialogHeader>
            <DialogTitle>Rename Audit</DialogTitle>
            <DialogDescription>The audit&apos;s results stay as they are.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="rename-audit-name">Audit name</Label>
            <Input
              id="rename-audit-name"
              value={name}
              maxLength={200}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'rename-audit-error' : undefined}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="rename-audit-section">Section</Label>
            <Input id="rename-audit-section" value={section} maxLength={200} onChange={(e) => setSection(e.target.value)} />
          </div>
          {error ? (
            <p id="rename-audit-error" role="alert" className="text-destructive text-sm">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RecountLinesDialog({ audit, onClose, onCreated }: { audit: Audit; onClose: () => void; onCreated: (audit: Audit) => void }) {
  const { user } = useCurrentUser();
  const team = useTeamMembers(true);
  const members = assignableMembers(team.data ?? [], user?.id);
  const [assignee, setAssignee] = useState(ASSIGN_NOBODY);
  const [choice, setChoice] = useState<'difference' | 'chosen'>('difference');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [minDifference, setMinDifference] = useState('1');
  const [name, setName] = useState(`${audit.name} (recount)`.slice(0, 200));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const n = Number(minDifference);
    if (choice === 'difference' && (minDifference.trim() === '' || !Number.isFinite(n) || n < 0)) {
      setError('Enter a difference of 0 or more.');
      return;
    }
    if (choice === 'chosen' && chosen.size === 0) {
      setError('Choose at least one line.');
      return;
    }
    if (saving) return;
    setSaving(true);
    try {
      const assignedTo = assignee === ASSIGN_NOBODY ? undefined : assignee === ASSIGN_MYSELF ? user?.id : assignee;
      const lines = choice === 'difference' ? { minDifference: n } : { productIds: [...chosen] };
      onCreated(await recountAudit(audit.id, { ...lines, name: name.trim() || undefined, assignedTo }));
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" aria-label="Recount lines">
          <DialogHeader>
            <DialogTitle>Recount Lines</DialogTitle>
            <DialogDescription>
              Counts again every Below and Zero Sheet line whose difference is at least the amount below, or the lines you choose. When the
              recount is complete, its figures replace this audit&apos;s, marked as recounted.
            </DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Lines to recount</legend>
            {(
              [
                ['difference', 'Every Below and Zero Sheet line off by at least an amount'],
                ['chosen', 'Lines I choose'],
              ] as const
            ).map(([value, text]) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input type="radio" name="recount-choice" value={value} checked={choice === value} onChange={() => setChoice(value)} className="accent-primary size-4" />
                {text}
              </label>
            ))}
          </fieldset>
          {choice === 'chosen' ? <RecountLinePicker auditId={audit.id} chosen={chosen} onChange={setChosen} /> : null}
          <div className={choice === 'difference' ? 'grid gap-2' : 'hidden'}>
            <Label htmlFor="recount-min-difference">Smallest difference (units, either way)</Label>
            <Input
              id="recount-min-difference"
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              value={minDifference}
              onChange={(e) => setMinDifference(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'recount-lines-error' : undefined}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="recount-name">Recount name</Label>
            <Input id="recount-name" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="recount-assignee">Assign To</Label>
            <AssigneeSelect id="recount-assignee" value={assignee} onChange={setAssignee} members={members} noTaskLabel="Nobody (no task)" />
          </div>
          {error ? (
            <p id="recount-lines-error" role="alert" className="text-destructive text-sm">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              Create Recount
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
