/**
 * Import Products dialog (spec part 2 sections 4, 5, 7, 8): upload -> mapping -> importing ->
 * complete. The server previews the file (headers, first rows, row count, suggested mapping)
 * and imports it all-or-nothing; a refused import lists its bad rows here.
 */
import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { ColumnMapping, FilePreview, ImportResponse } from '../../../../contracts/products';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api';
import { downloadRejectedRows, importProductFile, importRowErrors, previewProductFile } from '../api/import-products';
import type { ImportOnProblems } from '../../../../contracts/products';
import { invalidateCatalogue } from '../api/change-products';
import { IMPORT_FIELD_LABELS, isCsvOrXlsx, REQUIRED_IMPORT_FIELDS } from '../import-fields';
import { ImportCompleteStep } from './ImportCompleteStep';
import { ImportMappingStep, type ImportFailure } from './ImportMappingStep';
import { ImportProgressStep } from './ImportProgressStep';
import { ImportUploadStep } from './ImportUploadStep';

type State =
  | { step: 'upload' }
  | { step: 'previewing'; file: File; percent: number }
  | { step: 'mapping'; file: File; preview: FilePreview; mapping: ColumnMapping; failure?: ImportFailure }
  | { step: 'importing'; file: File; preview: FilePreview; mapping: ColumnMapping; percent: number }
  | { step: 'complete'; result: ImportResponse; fileName: string };

const DESCRIPTIONS: Record<State['step'], string> = {
  upload: 'Upload a CSV or XLSX file of your products.',
  previewing: 'Reading your file...',
  mapping: 'Match the columns of your file to product fields.',
  importing: 'Importing your products...',
  complete: 'Your products are in the catalogue.',
};

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function ImportProductsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
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
    if (!isCsvOrXlsx(file)) {
      toast.error('Invalid File Type', { description: 'Please select a CSV or XLSX file.' });
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    setState({ step: 'previewing', file, percent: 0 });
    try {
      const preview = await previewProductFile(file, {
        signal: controller.signal,
        onProgress: ({ percent }) =>
          setState((s) => (s.step === 'previewing' && s.file === file ? { ...s, percent } : s)),
      });
      const mapping: ColumnMapping = {};
      for (const header of preview.headers) {
        const field = preview.suggestedMapping[header];
        if (field) mapping[header] = field;
      }
      setState({ step: 'mapping', file, preview, mapping });
    } catch (error) {
      if (isAbort(error)) return;
      toast.error('Preview Failed', { description: errorMessage(error) });
      setState({ step: 'upload' });
    }
  };

  const startImport = async (onProblems: ImportOnProblems = 'importNothing') => {
    if (state.step !== 'mapping') return;
    const mapped = new Set(Object.values(state.mapping));
    const missing = REQUIRED_IMPORT_FIELDS.filter((f) => !mapped.has(f));
    if (missing.length > 0) {
      toast.error('Missing Required Columns', {
        description: `Please map the following required columns: ${missing.map((f) => IMPORT_FIELD_LABELS[f]).join(', ')}.`,
      });
      return;
    }
    const { file, preview, mapping } = state;
    const controller = new AbortController();
    abortRef.current = controller;
    setState({ step: 'importing', file, preview, mapping, percent: 0 });
    try {
      const result = await importProductFile(
        file,
        mapping,
        {
          signal: controller.signal,
          onProgress: ({ percent }) => setState((s) => (s.step === 'importing' ? { ...s, percent } : s)),
        },
        onProblems,
      );
      const count = result.imported + result.updated;
      toast.success('Import Successful', { description: `Successfully imported ${count.toLocaleString()} products.` });
      setState({ step: 'complete', result, fileName: file.name });
      await invalidateCatalogue(queryClient);
    } catch (error) {
      if (isAbort(error)) return;
      const message = errorMessage(error);
      toast.error('Import Failed', { description: message });
      setState({ step: 'mapping', file, preview, mapping, failure: { message, ...importRowErrors(error) } });
    }
  };

  const busy = state.step === 'importing';

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
          <DialogTitle>Import Products</DialogTitle>
          <DialogDescription>{DESCRIPTIONS[state.step]}</DialogDescription>
        </DialogHeader>
        <div className="min-h-0 flex-1 overflow-y-auto">
          {state.step === 'upload' ? <ImportUploadStep onFile={chooseFile} /> : null}
          {state.step === 'previewing' ? (
            <ImportProgressStep
              label={`Uploading ${state.file.name}`}
              doneLabel="Reading the file..."
              percent={state.percent}
              onCancel={reset}
            />
          ) : null}
          {state.step === 'mapping' ? (
            <ImportMappingStep
              file={state.file}
              preview={state.preview}
              mapping={state.mapping}
              failure={state.failure}
              onMappingChange={(mapping) =>
                setState((s) => (s.step === 'mapping' ? { ...s, mapping, failure: undefined } : s))
              }
              onBack={reset}
              onImport={() => void startImport()}
              onImportValid={() => void startImport('importValid')}
              onDownloadRejected={
                state.failure?.rejectedCsv ? () => downloadRejectedRows(state.failure!.rejectedCsv!, state.file.name) : undefined
              }
            />
          ) : null}
          {state.step === 'importing' ? (
            <ImportProgressStep
              label={`Uploading ${state.file.name}`}
              doneLabel={`Importing ${state.preview.totalRows.toLocaleString()} rows...`}
              percent={state.percent}
            />
          ) : null}
          {state.step === 'complete' ? <ImportCompleteStep result={state.result} fileName={state.fileName} onDone={close} /> : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
