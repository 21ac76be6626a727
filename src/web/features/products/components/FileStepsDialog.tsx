/**
 * The shell the Import Products and Upload Quantity Updates dialogs share (spec part 2 sections
 * 4, 5, 7, 8): a file is chosen (upload), read by the server (previewing, cancellable), its
 * columns matched (mapping), sent (busy: the dialog cannot be closed), and the outcome shown
 * (complete). The dialogs differ in their mapping, their request and their texts.
 */
import { useRef, useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import type { FilePreview } from '../../../../contracts/products';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api';
import type { FileChoices } from '../api/staged-file';
import { ImportProgressStep } from './ImportProgressStep';

/** Where a file dialog is; `M` is its column mapping, `F` a refused send's details, `R` the outcome. */
export type FileStepsState<M, F, R> =
  | { step: 'upload' }
  | { step: 'previewing'; file: File; percent: number }
  | { step: 'mapping'; file: File; preview: FilePreview; mapping: M; failure?: F }
  | { step: 'sending'; file: File; preview: FilePreview; mapping: M; percent: number }
  | { step: 'complete'; result: R; fileName: string };

/** The dialog's description under its title, one a step. */
export type StepDescriptions = Record<FileStepsState<unknown, unknown, unknown>['step'], string>;

/** True when a request was cancelled (the dialog was reset or closed): no toast then. */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The steps' state with what both dialogs do the same way: choosing a file (its type checked by
 * `accepts`, else the toast `invalidType`) previews it on the server with upload progress and
 * goes to mapping with `initialMapping(preview)`; a failed preview toasts 'Preview Failed' and
 * goes back to upload. `reset` cancels a running request and goes back to upload, `close` also
 * closes the dialog; `signal()` starts a new cancellable request.
 */
export function useFileSteps<M, F, R>({
  onOpenChange,
  accepts,
  invalidType,
  preview,
  initialMapping,
}: {
  /** The dialog's: `close()` resets the steps and calls it with false. */
  onOpenChange: (open: boolean) => void;
  accepts: (file: File) => boolean;
  invalidType: string;
  preview: (file: File, options: { signal: AbortSignal; onProgress: (p: { percent: number }) => void }) => Promise<FilePreview>;
  initialMapping: (preview: FilePreview) => M;
}) {
  const [state, setState] = useState<FileStepsState<M, F, R>>({ step: 'upload' });
  const abortRef = useRef<AbortController | null>(null);

  const signal = () => {
    const controller = new AbortController();
    abortRef.current = controller;
    return controller.signal;
  };

  const reset = () => {
    abortRef.current?.abort();
    abortRef.current = null;
    setState({ step: 'upload' });
  };

  const close = () => {
    reset();
    onOpenChange(false);
  };

  const chooseFile = async (file: File) => {
    if (!accepts(file)) {
      toast.error('Invalid File Type', { description: invalidType });
      return;
    }
    const aborted = signal();
    setState({ step: 'previewing', file, percent: 0 });
    try {
      const read = await preview(file, {
        signal: aborted,
        onProgress: ({ percent }) => setState((s) => (s.step === 'previewing' && s.file === file ? { ...s, percent } : s)),
      });
      setState({ step: 'mapping', file, preview: read, mapping: initialMapping(read) });
    } catch (error) {
      if (isAbort(error)) return;
      toast.error('Preview Failed', { description: errorMessage(error) });
      setState({ step: 'upload' });
    }
  };

  /** Upload progress of the send, kept while the dialog is still sending. */
  const onSendProgress = ({ percent }: { percent: number }) =>
    setState((s) => (s.step === 'sending' ? { ...s, percent } : s));

  /** A new mapping clears the last refusal. */
  const setMapping = (mapping: M) =>
    setState((s) => (s.step === 'mapping' ? { ...s, mapping, failure: undefined } : s));

  return { state, setState, signal, reset, close, chooseFile, setMapping, onSendProgress };
}

/**
 * The user's answers to the preview's decisions (header row, location, rows of one item) and the
 * fresh preview each answer asks for, as both dialogs do it (decision 0136): `refresh(next,
 * mapping, adopt)` keeps `next` as the choices and asks `fetchPreview` for the file under them
 * and the user's `mapping`, naming the token of the file the first preview kept (decision 0161:
 * the file is not sent again); `adopt` takes the fresh preview's proposed mapping (a new header
 * row or location), else the user's stays. An older answer arriving late is dropped; a failed
 * one toasts 'Preview Failed'. `forget()` clears the choices (a new file, or Back).
 */
export function usePreviewChoices<M, F, R>(
  steps: {
    state: FileStepsState<M, F, R>;
    setState: (update: (s: FileStepsState<M, F, R>) => FileStepsState<M, F, R>) => void;
  },
  fetchPreview: (file: File, choices: FileChoices, mapping: M | undefined, uploadToken: string | undefined) => Promise<FilePreview>,
  proposed: (preview: FilePreview) => M,
) {
  const { state, setState } = steps;
  const [choices, setChoices] = useState<FileChoices>({});
  const [refreshing, setRefreshing] = useState(false);
  /** The latest fresh preview asked for. */
  const asked = useRef(0);

  const refresh = async (next: FileChoices, mapping: M | undefined, adopt: boolean) => {
    if (state.step !== 'mapping') return;
    const { file, preview } = state;
    const id = ++asked.current;
    setChoices(next);
    setRefreshing(true);
    try {
      const fresh = await fetchPreview(file, next, mapping, preview.uploadToken);
      if (id !== asked.current) return;
      setState((s) =>
        s.step === 'mapping' && s.file === file ? { ...s, preview: fresh, mapping: adopt ? proposed(fresh) : s.mapping, failure: undefined } : s,
      );
    } catch (error) {
      if (id === asked.current) toast.error('Preview Failed', { description: errorMessage(error) });
    } finally {
      if (id === asked.current) setRefreshing(false);
    }
  };

  const forget = () => {
    asked.current += 1;
    setChoices({});
    setRefreshing(false);
  };

  return { choices, refreshing, refresh, forget };
}

/**
 * The dialog around the steps: `title`, the description of the step `state` is at, and the step
 * in a body that scrolls: the previewing (Cancel resets) and sending progress drawn here, the
 * others given as `children`. While sending it has no close button and ignores Escape and clicks
 * outside; otherwise closing resets the steps.
 */
export function FileStepsDialog({
  open,
  onOpenChange,
  steps: { state, reset, close },
  title,
  descriptions,
  sendingLabel,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What useFileSteps returned. */
  steps: { state: FileStepsState<unknown, unknown, unknown>; reset: () => void; close: () => void };
  title: string;
  descriptions: StepDescriptions;
  /** Under the progress bar once the file is sent, e.g. `Importing ${rows} rows...`. */
  sendingLabel: (rows: string) => string;
  children: ReactNode;
}) {
  const busy = state.step === 'sending';
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) onOpenChange(true);
        else if (!busy) close();
      }}
    >
      <DialogContent
        className="flex max-h-[calc(100svh-2rem)] flex-col gap-0 p-0 sm:max-w-3xl"
        showCloseButton={!busy}
        onInteractOutside={(e) => {
          if (busy) e.preventDefault();
        }}
        onEscapeKeyDown={(e) => {
          if (busy) e.preventDefault();
        }}
      >
        <DialogHeader className="border-b p-6 pb-4">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{descriptions[state.step]}</DialogDescription>
        </DialogHeader>
        <div className="min-h-0 flex-1 overflow-y-auto">
          {state.step === 'previewing' ? (
            <ImportProgressStep
              label={`Uploading ${state.file.name}`}
              doneLabel="Reading the file..."
              percent={state.percent}
              onCancel={reset}
            />
          ) : null}
          {state.step === 'sending' ? (
            <ImportProgressStep
              label={`Uploading ${state.file.name}`}
              doneLabel={sendingLabel(state.preview.totalRows.toLocaleString())}
              percent={state.percent}
            />
          ) : null}
          {children}
        </div>
      </DialogContent>
    </Dialog>
  );
}
