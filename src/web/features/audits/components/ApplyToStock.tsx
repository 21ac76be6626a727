/**
 * A finished audit and the books (DESIGN.md section 13): whether its counts were applied to
 * current stock, by whom and when, and for an owner or admin the one action that applies them
 * ('Apply to Stock') or reverses the standing application ('Reverse Application'). The dialog
 * states what will change, offers the zero-sheet choice (apply only) and lists the conflicts
 * (stock changed since the count, or since the application) to confirm or skip one by one; the
 * action stays disabled until each is decided, and while it runs (a double click sends once).
 */
import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { BookCheck, Loader2, Undo2 } from 'lucide-react';
import type { ApplicationState, StockConflict } from '../../../../contracts/stock';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { ApiError, errorMessage } from '@/lib/api';
import { usePermissions } from '@/lib/permissions';
import { applicationQueryOptions, applyAudit, reverseApplication, useApplication } from '../api/apply-to-stock';
import { formatCount } from '../lib/display-format';

type Decision = 'confirm' | 'skip';

function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

export function ApplyToStock({ auditId }: { auditId: string }) {
  const state = useApplication(auditId);
  const canApply = usePermissions().can('applyCounts');
  const [open, setOpen] = useState(false);
  if (!state.data) return null;
  const { applied, history, next, applicable } = state.data;
  const lastReversed = history.find((a) => a.reversedAt !== null);
  return (
    <section aria-labelledby="apply-to-stock-title" className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid min-w-0 gap-1 text-sm">
        <h2 id="apply-to-stock-title" className="flex flex-wrap items-center gap-2 text-base font-semibold">
          Stock
          {applied ? <Badge>Applied</Badge> : <Badge variant="outline">Not applied</Badge>}
        </h2>
        {applied ? (
          <p>
            Applied to stock by {applied.appliedByName} on {formatWhen(applied.appliedAt)}: {formatCount(applied.changedProducts)} products changed,{' '}
            {formatCount(applied.unchangedProducts)} counted unchanged{applied.zeroSheet ? ', zero sheet set to 0' : ''}.
          </p>
        ) : (
          <p>
            {formatCount(next.countedProducts)} counted products; applying would change the stock of {formatCount(next.changes)}
            {next.zeroSheetProducts ? ` (and ${formatCount(next.zeroSheetProducts)} never counted, with the zero sheet)` : ''}.
          </p>
        )}
        {!applied && lastReversed ? (
          <p className="text-muted-foreground">
            The last application was reversed by {lastReversed.reversedByName} on {formatWhen(lastReversed.reversedAt!)}.
          </p>
        ) : null}
      </div>
      {canApply && applicable ? (
        <Button variant={applied ? 'outline' : 'default'} onClick={() => setOpen(true)} className="shrink-0">
          {applied ? <Undo2 aria-hidden="true" /> : <BookCheck aria-hidden="true" />}
          {applied ? 'Reverse Application' : 'Apply to Stock'}
        </Button>
      ) : null}
      {open ? <ApplyDialog auditId={auditId} state={state.data} onClose={() => setOpen(false)} /> : null}
    </section>
  );
}

function ApplyDialog({ auditId, state, onClose }: { auditId: string; state: ApplicationState; onClose: () => void }) {
  const queryClient = useQueryClient();
  const reversing = state.next.action === 'reverse';
  const [zeroSheet, setZeroSheet] = useState(state.next.zeroSheetDefault);
  const [decisions, setDecisions] = useState<Record<string, Decision>>({});
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const conflicts = useMemo(() => state.next.conflicts.filter((c) => reversing || zeroSheet || !c.zeroSheet), [state, reversing, zeroSheet]);
  const undecided = conflicts.filter((c) => !decisions[c.productId]).length;
  const decideAll = (decision: Decision) => setDecisions(Object.fromEntries(conflicts.map((c) => [c.productId, decision])));

  const run = async () => {
    if (running) return;
    setRunning(true);
    setError(null);
    const confirmed = conflicts.filter((c) => decisions[c.productId] === 'confirm').map((c) => c.productId);
    const skipped = conflicts.filter((c) => decisions[c.productId] === 'skip').map((c) => c.productId);
    try {
      const result = reversing
        ? await reverseApplication(auditId, { applicationId: state.applied!.id, confirmed, skipped })
        : await applyAudit(auditId, { zeroSheet, confirmed, skipped });
      const what = reversing ? 'Application reversed' : 'Counts applied to stock';
      toast.success(result.alreadyDone ? `${what} already` : what, {
        description: `${formatCount(result.adjusted)} products' stock changed${result.skipped ? `, ${formatCount(result.skipped)} skipped` : ''}.`,
      });
      await queryClient.invalidateQueries({ queryKey: applicationQueryOptions(auditId).queryKey });
      void queryClient.invalidateQueries({ queryKey: ['/api/products'] });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'STOCK_CHANGED') {
        // Stock moved while the dialog was open: show the conflicts as they are now.
        await queryClient.invalidateQueries({ queryKey: applicationQueryOptions(auditId).queryKey });
      }
      setError(errorMessage(err));
    } finally {
      setRunning(false);
    }
  };

  return (
    <Dialog open onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{reversing ? 'Reverse Application' : 'Apply Counts to Stock'}</DialogTitle>
          <DialogDescription>
            {reversing
              ? `Puts back the stock this audit's application changed (${formatCount(state.next.countedProducts)} products). Each change is recorded in the products' history.`
              : `Sets each counted product's current stock to its count (${formatCount(state.next.countedProducts)} products, ${formatCount(state.next.changes)} of them change). Each product's history records the change, who made it and this audit.`}
          </DialogDescription>
        </DialogHeader>
        {!reversing && state.next.zeroSheetProducts > 0 ? (
          <div className="flex items-start gap-2">
            <Checkbox id="apply-zero-sheet" checked={zeroSheet} onCheckedChange={(v) => setZeroSheet(v === true)} />
            <Label htmlFor="apply-zero-sheet" className="leading-snug font-normal">
              Set the {formatCount(state.next.zeroSheetProducts)} never-counted products (zero sheet) to 0
            </Label>
          </div>
        ) : null}
        {!reversing && state.next.unsettledProducts > 0 ? (
          <p className="text-muted-foreground text-sm">
            {formatCount(state.next.unsettledProducts)} products whose scan files disagree are left as they are: recount them first.
          </p>
        ) : null}
        {conflicts.length > 0 ? (
          <ConflictList conflicts={conflicts} reversing={reversing} decisions={decisions} onDecide={(id, d) => setDecisions((prev) => ({ ...prev, [id]: d }))} onDecideAll={decideAll} />
        ) : null}
        {error ? (
          <p role="alert" className="text-destructive text-sm">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="button" onClick={() => void run()} disabled={running || undecided > 0} variant={reversing ? 'destructive' : 'default'}>
            {running ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {reversing ? 'Reverse Application' : 'Apply to Stock'}
          </Button>
        </DialogFooter>
        {undecided > 0 ? (
          <p className="text-muted-foreground text-right text-xs" aria-live="polite">
            Confirm or skip {undecided} more {undecided === 1 ? 'product' : 'products'}.
          </p>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ConflictList({
  conflicts,
  reversing,
  decisions,
  onDecide,
  onDecideAll,
}: {
  conflicts: StockConflict[];
  reversing: boolean;
  decisions: Record<string, Decision>;
  onDecide: (productId: string, decision: Decision) => void;
  onDecideAll: (decision: Decision) => void;
}) {
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">
          {conflicts.length === 1 ? '1 product' : `${formatCount(conflicts.length)} products`} changed since the {reversing ? 'application' : 'count'}
        </h3>
        <div className="flex gap-2">
          <Button type="button" size="sm" variant="outline" onClick={() => onDecideAll('confirm')}>
            Set all
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => onDecideAll('skip')}>
            Skip all
          </Button>
        </div>
      </div>
      <ul className="divide-y rounded-md border">
        {conflicts.map((c) => (
          <li key={c.productId} className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="font-medium break-words">
                {c.sku}
                {c.productName ? <span className="text-muted-foreground font-normal"> · {c.productName}</span> : null}
              </p>
              <p className="text-muted-foreground">
                {reversing ? 'Applied' : 'Counted against'} {c.expectedQuantity.toLocaleString()}, now {c.currentQuantity.toLocaleString()}; would set{' '}
                {c.targetQuantity.toLocaleString()}
              </p>
            </div>
            <fieldset className="flex shrink-0 gap-3">
              <legend className="sr-only">Decision for {c.sku}</legend>
              {(['confirm', 'skip'] as const).map((d) => (
                <label key={d} className="flex items-center gap-1.5">
                  <input
                    type="radio"
                    name={`conflict-${c.productId}`}
                    value={d}
                    checked={decisions[c.productId] === d}
                    onChange={() => onDecide(c.productId, d)}
                    className="accent-primary size-4"
                  />
                  {d === 'confirm' ? `Set ${c.targetQuantity.toLocaleString()}` : 'Skip'}
                </label>
              ))}
            </fieldset>
          </li>
        ))}
      </ul>
    </div>
  );
}
