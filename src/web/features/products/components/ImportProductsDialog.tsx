/**
 * Import Products dialog (spec part 2 sections 4, 5, 7, 8): upload -> mapping -> importing ->
 * complete. The server previews the file (headers, first rows, row count, suggested mapping, the
 * decisions of its reading) and imports it all-or-nothing; a refused import lists its bad rows
 * here. Each change the user makes to a decision (header row, columns, location, rows of one
 * item) asks the server for a fresh preview, whose words the dialog shows as they come.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import type { ColumnMapping, FilePreview, ImportResponse } from '../../../../contracts/products';
import { errorMessage } from '@/lib/api';
import { downloadRejectedRows, importProductFile, importRowErrors, previewProductFile, type ImportChoices } from '../api/import-products';
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
  /** The user's answers to the preview's decisions (none: the proposal's). */
  const [choices, setChoices] = useState<ImportChoices>({});
  const [refreshing, setRefreshing] = useState(false);
  /** The latest fresh preview asked for: an older answer arriving late is dropped. */
  const asked = useRef(0);

  /**
   * Asks the server for the preview under `next` and `mapping`; `adopt` takes its proposed
   * mapping (a new header row or location), else the user's mapping stays as it is.
   */
  const refresh = async (next: ImportChoices, mapping: ColumnMapping | undefined, adopt: boolean) => {
    if (state.step !== 'mapping') return;
    const { file } = state;
    const id = ++asked.current;
    setChoices(next);
    setRefreshing(true);
    try {
      const fresh = await previewProductFile(file, {}, next, mapping);
      if (id !== asked.current) return;
      setState((s) =>
        s.step === 'mapping' && s.file === file ? { ...s, preview: fresh, mapping: adopt ? proposedMapping(fresh) : s.mapping, failure: undefined } : s,
      );
    } catch (error) {
      if (id === asked.current) toast.error('Preview Failed', { description: errorMessage(error) });
    } finally {
      if (id === asked.current) setRefreshing(false);
    }
  };
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
      const result = await importProductFile(file, mapping, { signal: aborted, onProgress: onSendProgress }, onProblems, { ...choices, location });
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
            asked.current += 1;
            setChoices({});
            setRefreshing(false);
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
            asked.current += 1;
            setChoices({});
            setRefreshing(false);
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
