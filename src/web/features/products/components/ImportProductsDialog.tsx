/**
 * Import Products dialog (spec part 2 sections 4, 5, 7, 8): upload -> mapping -> importing ->
 * complete. The server previews the file (headers, first rows, row count, suggested mapping, the
 * decisions of its reading) and imports it all-or-nothing; a refused import lists its bad rows
 * here. Each change the user makes to a decision (header row, columns, location, rows of one
 * item) asks the server for a fresh preview, whose words the dialog shows as they come. The file
 * goes up once, with the first preview: later previews and the import name the token of the file
 * the server kept (docs/decisions/0161).
 */
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import type { ColumnMapping, FilePreview, ImportResponse } from '../../../../contracts/products';
import { errorMessage } from '@/lib/api';
import { downloadRejectedRows, importProductFile, importRowErrors, previewProductFile } from '../api/import-products';
import type { ImportOnProblems } from '../../../../contracts/products';
import { invalidateCatalogue } from '../api/change-products';
import { IMPORT_FIELD_LABELS, isCsvOrXlsx, REQUIRED_IMPORT_FIELDS } from '../import-fields';
import { FileStepsDialog, isAbort, useFileSteps, usePreviewChoices, type StepDescriptions } from './FileStepsDialog';
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

/** The preview's proposal as the dialog's mapping: header -> field, for the headers it maps. */
function proposedMapping(preview: FilePreview): ColumnMapping {
  const mapping: ColumnMapping = {};
  for (const header of preview.headers) {
    const field = preview.suggestedMapping[header];
    if (field) mapping[header] = field;
  }
  return mapping;
}

export function ImportProductsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  const steps = useFileSteps<ColumnMapping, ImportFailure, ImportResponse>({
    onOpenChange,
    accepts: isCsvOrXlsx,
    invalidType: 'Please select a CSV or XLSX file.',
    preview: previewProductFile,
    initialMapping: proposedMapping,
  });
  const { state, setState, signal, reset, close, chooseFile, setMapping, onSendProgress } = steps;
  const { choices, refreshing, refresh, forget } = usePreviewChoices(
    steps,
    (file, next, mapping, uploadToken) => previewProductFile(file, {}, next, mapping, uploadToken),
    proposedMapping,
  );
  const mappingNow = state.step === 'mapping' ? state.mapping : undefined;

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
      const location = choices.location ?? preview.locationChoice?.chosen ?? undefined;
      const result = await importProductFile(file, mapping, { signal: aborted, onProgress: onSendProgress }, onProblems, { ...choices, location }, preview.uploadToken);
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
      {state.step === 'upload' ? (
        <ImportUploadStep
          onFile={(file) => {
            forget();
            return chooseFile(file);
          }}
        />
      ) : null}
      {state.step === 'mapping' ? (
        <ImportMappingStep
          file={state.file}
          preview={state.preview}
          mapping={state.mapping}
          failure={state.failure}
          onMappingChange={(mapping) => {
            setMapping(mapping);
            void refresh(choices, mapping, false);
          }}
          refreshing={refreshing}
          onLocationChange={(location) => void refresh({ ...choices, location }, mappingNow, true)}
          onHeaderLineChange={(headerLine) => void refresh({ headerLine, ...(choices.repeatedRows ? { repeatedRows: choices.repeatedRows } : {}) }, undefined, true)}
          onRepeatedRowsChange={(repeatedRows) => void refresh({ ...choices, repeatedRows }, mappingNow, false)}
          onBack={() => {
            forget();
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
