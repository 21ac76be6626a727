/**
 * New Audit dialog (spec part 1 "New Audit dialog"): step 1 Run Now or Assign Task, step 2 Cycle
 * Count or Product Audit; Run Now opens the chosen wizard in the same dialog. Assign Task asks
 * for the audit's details (and a product audit's filter), creates the draft stub, then opens the
 * Assign Audit Task dialog (given by the app through `assignTaskDialog`); after the task is
 * created everything resets; when that dialog is cancelled the draft is discarded. Without that
 * dialog, Assign Task shows 'Coming soon'.
 */
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ClipboardCheck, Filter, Loader2, Play, UserPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import type { AuditType } from '../../../../contracts/results';
import type { AssignTaskDialogComponent } from './assign-task-slot';
import { discardDraft } from '../api/discard-draft';
import { auditsQueryKey } from '../api/get-audits';
import { AssignTaskStubStep } from './AssignTaskStubStep';
import { ChoiceButton } from './ChoiceButton';
import { useLeaveGuard } from './use-leave-guard';
import { WizardLoadBoundary } from './WizardLoadBoundary';

const CycleCountWizard = lazy(() => import('./CycleCountWizard'));
const ProductAuditWizard = lazy(() => import('./ProductAuditWizard'));

type View = 'mode' | 'type' | 'cycle-count' | 'product-audit' | 'assign-cycle-count' | 'assign-product-audit';

const HEADINGS: Record<View, { title: string; description: string }> = {
  mode: { title: 'New Audit', description: 'Step 1 of 2: how do you want to run this audit?' },
  type: { title: 'New Audit', description: 'Step 2 of 2: choose the type of audit.' },
  'cycle-count': { title: 'New Cycle Count', description: 'Compare your scan files with the whole product catalogue.' },
  'product-audit': { title: 'New Product Audit', description: 'Filter the products to audit, then compare your scan files with them.' },
  'assign-cycle-count': { title: 'New Cycle Count', description: 'Name the audit; its scan files are uploaded when the task is started.' },
  'assign-product-audit': { title: 'New Product Audit', description: 'Name the audit and filter its products; scan files come when the task is started.' },
};

function WizardFallback() {
  return (
    <div role="status" className="text-muted-foreground flex items-center justify-center gap-2 py-16 text-sm">
      <Loader2 className="size-4 animate-spin" aria-hidden="true" />
      Loading...
    </div>
  );
}

export function NewAuditDialog({
  open,
  onOpenChange,
  assignTaskDialog: AssignTaskDialog,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  assignTaskDialog?: AssignTaskDialogComponent;
}) {
  const [view, setView] = useState<View>('mode');
  const [assigning, setAssigning] = useState(false);
  const [stub, setStub] = useState<{ id: string; name: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();

  const [dirty, setDirty] = useState(false);
  const { guard, leaveDialog } = useLeaveGuard(dirty && !busy);

  const changeOpen = (next: boolean) => {
    if (!next && busy) return; // processing: the dialog stays until it finishes or fails
    if (!next) {
      setDirty(false);
      // A stub was created (assigned or not): the list shows the new draft.
      if (stub) void queryClient.invalidateQueries({ queryKey: auditsQueryKey });
      setView('mode');
      setAssigning(false);
      setStub(null);
      setBusy(false);
    }
    onOpenChange(next);
  };
  const chooseType = (type: AuditType) => setView(assigning ? `assign-${type}` : type);
  // A task dialog cancelled leaves no draft behind (decision 0118): the stub is taken back.
  const closeTaskDialog = (auditId: string, assigned: boolean) => {
    if (!assigned) {
      void discardDraft(auditId)
        .catch((error: unknown) => console.error('Failed to discard the audit draft', error))
        .finally(() => void queryClient.invalidateQueries({ queryKey: auditsQueryKey }));
    }
    changeOpen(false);
  };

  // Escape, the close button, Cancel and a click outside ask first when a wizard holds work.
  const requestClose = (next: boolean) => (next ? changeOpen(true) : guard(() => changeOpen(false)));

  const finished = (auditId: string) => {
    setBusy(false);
    changeOpen(false);
    navigate(`/audits/${auditId}`);
  };

  const heading = HEADINGS[view];
  return (
    <>
      {stub && AssignTaskDialog ? (
        <Suspense fallback={null}>
          <AssignTaskDialog audit={stub} onClose={(assigned) => closeTaskDialog(stub.id, assigned)} />
        </Suspense>
      ) : null}
      {leaveDialog}
      <Dialog open={open && !stub} onOpenChange={requestClose}>
        <DialogContent
          showCloseButton={!busy}
          onEscapeKeyDown={(e) => busy && e.preventDefault()}
          onInteractOutside={(e) => busy && e.preventDefault()}
          className={cn('max-h-[92svh] overflow-y-auto', view === 'cycle-count' || view === 'product-audit' || view === 'assign-product-audit' ? 'sm:max-w-4xl' : 'sm:max-w-lg')}
        >
          <DialogHeader>
            <DialogTitle>{heading.title}</DialogTitle>
            <DialogDescription>{heading.description}</DialogDescription>
          </DialogHeader>

          {view === 'mode' ? (
            <div className="grid gap-3">
              <ChoiceButton
                icon={Play}
                title="Run Now"
                description="Upload scan files and process the audit straight away."
                onSelect={() => {
                  setAssigning(false);
                  setView('type');
                }}
              />
              <ChoiceButton
                icon={UserPlus}
                title="Assign Task"
                description="Create the audit as a task for yourself or a team member to run later."
                comingSoon={!AssignTaskDialog}
                onSelect={() => {
                  setAssigning(true);
                  setView('type');
                }}
              />
            </div>
          ) : null}

          {view === 'type' ? (
            <div className="grid gap-3">
              <ChoiceButton
                icon={ClipboardCheck}
                title="Cycle Count"
                description="Full inventory audit: every scan is compared with the entire product catalogue."
                autoFocus
                onSelect={() => chooseType('cycle-count')}
              />
              <ChoiceButton
                icon={Filter}
                title="Product Audit"
                description="Targeted section audit: filter the products first, then compare the scans with that subset."
                onSelect={() => chooseType('product-audit')}
              />
              <div>
                <Button variant="ghost" onClick={() => setView('mode')}>
                  <ArrowLeft aria-hidden="true" />
                  Back
                </Button>
              </div>
            </div>
          ) : null}

          {view === 'cycle-count' ? (
            <WizardLoadBoundary>
              <Suspense fallback={<WizardFallback />}>
                <CycleCountWizard onCancel={() => requestClose(false)} onBusyChange={setBusy} onDirtyChange={setDirty} onFinished={finished} />
              </Suspense>
            </WizardLoadBoundary>
          ) : null}

          {view === 'product-audit' ? (
            <WizardLoadBoundary>
              <Suspense fallback={<WizardFallback />}>
                <ProductAuditWizard onCancel={() => requestClose(false)} onBusyChange={setBusy} onDirtyChange={setDirty} onFinished={finished} />
              </Suspense>
            </WizardLoadBoundary>
          ) : null}
          {view === 'assign-cycle-count' || view === 'assign-product-audit' ? (
            <AssignTaskStubStep
              type={view === 'assign-cycle-count' ? 'cycle-count' : 'product-audit'}
              onCancel={() => changeOpen(false)}
              onCreated={(audit) => setStub({ id: audit.id, name: audit.name })}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
