/**
 * Upload Quantity Updates dialog (spec part 2 sections 4, 5, 7, 8): upload (choosing a file
 * previews it at once) -> mapping (SKU and quantity columns, auto-mapped) -> complete. Back
 * returns to upload. Loaded on demand: the page imports it lazily.
 */
import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import type { FilePreview } from '../../../../contracts/products';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api';
import { invalidateCatalogue } from '../api/change-products';
import {
  downloadQuantityTemplate,
  previewQuantityFile,
  quantityUploadProblems,
  uploadQuantityFile,
  type QuantityUploadResult,
} from '../api/upload-quantities';
import {
  isQuantityFile,
  isQuantityMappingComplete,
  QUANTITY_FILE_ACCEPT,
  suggestedQuantityColumns,
  toQuantityMapping,
  type QuantityColumns,
} from '../quantity-columns';
import { ImportProgressStep } from './ImportProgressStep';
import { ImportUploadStep } from './ImportUploadStep';
import { QuantityCompleteStep } from './QuantityCompleteStep';
import { QuantityMappingStep, type QuantityUploadFailure } from './QuantityMappingStep';

type State =
  | { step: 'upload' }
  | { step: 'previewing'; file: File; percent: number }
  | { step: 'mapping'; file: File; preview: FilePreview; columns: QuantityColumns; failure?: QuantityUploadFailure }
  | { step: 'uploading'; file: File; preview: FilePreview; columns: QuantityColumns; percent: number }
  | { step: 'complete'; result: QuantityUploadResult };

const DESCRIPTIONS: Record<State['step'], string> = {
  upload: 'Set the current stock of many products at once from a file of SKUs and quantities.',
  previewing: 'Reading your file...',
  mapping: 'Choose the SKU column and the quantity column.',
  uploading: 'Updating quantities...',
  complete: 'The new quantities are in the catalogue.',
};

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function TemplateDownload() {
  const [busy, setBusy] = useState(false);
  return (
    <div className="bg-muted/40 flex flex-col gap-3 rounded-lg border p-4 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p className="text-muted-foreground">Not sure of the layout? Start from the template: a SKU and a quantity per row.</p>
      <Button
        variant="outline"
        size="sm"
        className="shrink-0"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await downloadQuantityTemplate();
            toast.success('Template Downloaded');
          } catch {
            toast.error('Failed to download template.');
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
        Download Quantity Template
      </Button>
    </div>
  );
}

export default function UploadQuantitiesDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ step: 'upload' });
  const abortRef = useRef<AbortController | null>(null);

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
    if (!isQuantityFile(file)) {
      toast.error('Invalid File Type', { description: 'Please select a CSV, XLSX or XLS file.' });
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    setState({ step: 'previewing', file, percent: 0 });
    try {
      const preview = await previewQuantityFile(file, {
        signal: controller.signal,
        onProgress: ({ percent }) =>
          setState((s) => (s.step === 'previewing' && s.file === file ? { ...s, percent } : s)),
      });
      const columns = suggestedQuantityColumns(preview.headers, preview.suggestedMapping ?? {});
      setState({ step: 'mapping', file, preview, columns });
    } catch (error) {
      if (isAbort(error)) return;
      toast.error('Preview Failed', { description: errorMessage(error) });
      setState({ step: 'upload' });
    }
  };

  const upload = async () => {
    if (state.step !== 'mapping' || !isQuantityMappingComplete(state.columns)) return;
    const { file, preview, columns } = state;
    const controller = new AbortController();
    abortRef.current = controller;
    setState({ step: 'uploading', file, preview, columns, percent: 0 });
    try {
      const result = await uploadQuantityFile(file, toQuantityMapping(columns), {
        signal: controller.signal,
        onProgress: ({ percent }) => setState((s) => (s.step === 'uploading' ? { ...s, percent } : s)),
      });
      toast.success(`${result.updated} product quantities updated successfully.`);
      setState({ step: 'complete', result });
    } catch (error) {
      if (isAbort(error)) return;
      const message = errorMessage(error);
      toast.error('Upload Failed', { description: message });
      setState({ step: 'mapping', file, preview, columns, failure: { message, ...quantityUploadProblems(error) } });
    } finally {
      await invalidateCatalogue(queryClient);
    }
  };

  const busy = state.step === 'uploading';

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
          <DialogTitle>Upload Quantity Updates</DialogTitle>
          <DialogDescription>{DESCRIPTIONS[state.step]}</DialogDescription>
        </DialogHeader>
        <div className="min-h-0 flex-1 overflow-y-auto">
          {state.step === 'upload' ? (
            <ImportUploadStep
              onFile={chooseFile}
              inputLabel="Quantity file"
              dropLabel="Choose a CSV, XLSX or XLS file, or drop it here."
              hint="CSV, XLSX or XLS, with a SKU column and a quantity column."
              accept={QUANTITY_FILE_ACCEPT}
            >
              <TemplateDownload />
            </ImportUploadStep>
          ) : null}
          {state.step === 'previewing' ? (
            <ImportProgressStep
              label={`Uploading ${state.file.name}`}
              doneLabel="Reading the file..."
              percent={state.percent}
              onCancel={reset}
            />
          ) : null}
          {state.step === 'mapping' ? (
            <QuantityMappingStep
              file={state.file}
              preview={state.preview}
              columns={state.columns}
              failure={state.failure}
              onColumnsChange={(columns) =>
                setState((s) => (s.step === 'mapping' ? { ...s, columns, failure: undefined } : s))
              }
              onBack={reset}
              onUpload={upload}
            />
          ) : null}
          {state.step === 'uploading' ? (
            <ImportProgressStep
              label={`Uploading ${state.file.name}`}
              doneLabel={`Updating ${state.preview.totalRows.toLocaleString()} rows...`}
              percent={state.percent}
            />
          ) : null}
          {state.step === 'complete' ? <QuantityCompleteStep result={state.result} onDone={close} /> : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
