/**
 * Import Products dialog (spec part 2 sections 4, 5, 7, 8): upload -> mapping -> importing ->
 * complete. The server previews the file (headers, first rows, row count, suggested mapping)
 * and imports it all-or-nothing; a refused import lists its bad rows here.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import type { ColumnMapping, ImportResponse } from '../../../../contracts/products';
import { errorMessage } from '@/lib/api';
import { downloadRejectedRows, importProductFile, importRowErrors, previewProductFile } from '../api/import-products';
import type { ImportOnProblems } from '../../../../contracts/products';
import { invalidateCatalogue } from '../api/change-products';
import { IMPORT_FIELD_LABELS, isCsvOrXlsx, REQUIRED_IMPORT_FIELDS } from '../import-fields';
import { FileStepsDialog, isAbort, useFileSteps, type StepDescriptions } from './FileStepsDialog';
import { ImportCompleteStep } from './ImportCompleteStep';
import { ImportMappingStep, type ImportFailure } from './ImportMappingStep';
import { ImportUploadStep } from './ImportUploadStep';

const DESCRIPTIONS: StepDescriptions = {
  upload: 'Upload a CSV or XLSX file of your products.',
  previewing: 'Reading your file...',
  mapping: 'Match the columns of your file to product fields.',
  sending: 'Importing your products...',
  complete: 'Your products are in the catalogue.',
};

export function ImportProductsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  const steps = useFileSteps<ColumnMapping, ImportFailure, ImportResponse>({
    onOpenChange,
    accepts: isCsvOrXlsx,
    invalidType: 'Please select a CSV or XLSX file.',
    preview: previewProductFile,
    initialMapping: (preview) => {
      const mapping: ColumnMapping = {};
      for (const header of preview.headers) {
        const field = preview.suggestedMapping[header];
        if (field) mapping[header] = field;
      }
      return mapping;
    },
  });
  const { state, setState, signal, reset, close, chooseFile, setMapping, onSendProgress } = steps;
  /** The answer to 'which location is this count for, or all of them summed?' (null: the proposal's). */
  const [location, setLocation] = useState<string | null>(null);

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
    const aborted = signal();
    setState({ step: 'sending', file, preview, mapping, percent: 0 });
    try {
      const chosen = location ?? preview.locationChoice?.chosen ?? undefined;
      const result = await importProductFile(file, mapping, { signal: aborted, onProgress: onSendProgress }, onProblems, chosen ?? undefined);
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

  return (
    <FileStepsDialog
      open={open}
      onOpenChange={onOpenChange}
      steps={steps}
      title="Import Products"
      descriptions={DESCRIPTIONS}
      sendingLabel={(rows) => `Importing ${rows} rows...`}
    >
      {state.step === 'upload' ? <ImportUploadStep onFile={chooseFile} /> : null}
      {state.step === 'mapping' ? (
        <ImportMappingStep
          file={state.file}
          preview={state.preview}
          mapping={state.mapping}
          failure={state.failure}
          onMappingChange={setMapping}
          location={location ?? state.preview.locationChoice?.chosen ?? null}
          onLocationChange={setLocation}
          onBack={() => {
            setLocation(null);
            reset();
          }}
          onImport={() => void startImport()}
          onImportValid={() => void startImport('importValid')}
          onDownloadRejected={
            state.failure?.rejectedCsv ? () => downloadRejectedRows(state.failure!.rejectedCsv!, state.file.name) : undefined
          }
        />
      ) : null}
      {state.step === 'complete' ? <ImportCompleteStep result={state.result} fileName={state.fileName} onDone={close} /> : null}
    </FileStepsDialog>
  );
}
