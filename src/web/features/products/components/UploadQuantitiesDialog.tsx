/**
 * Upload Quantity Updates dialog (spec part 2 sections 4, 5, 7, 8): upload (choosing a file
 * previews it at once) -> mapping (SKU and quantity columns, auto-mapped; the decisions of the
 * file's reading, each of which the user may change as in the Import Products dialog: the header
 * row, the location, rows of one product) -> complete. Back returns to upload. The file goes up
 * once, with the first preview; later previews and the upload name the token of the file the
 * server kept (docs/decisions/0161). Loaded on demand: the page imports it lazily.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Loader2 } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import type { FilePreview } from '../../../../contracts/products';
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
import { FileStepsDialog, isAbort, useFileSteps, usePreviewChoices, type StepDescriptions } from './FileStepsDialog';
import { ImportUploadStep } from './ImportUploadStep';
import { QuantityCompleteStep } from './QuantityCompleteStep';
import { QuantityMappingStep, type QuantityUploadFailure } from './QuantityMappingStep';

const DESCRIPTIONS: StepDescriptions = {
  upload: 'Set the current stock of many products at once from a file of SKUs and quantities.',
  previewing: 'Reading your file...',
  mapping: 'Check how your file will be read, and choose the SKU column and the quantity column.',
  sending: 'Updating quantities...',
  complete: 'The new quantities are in the catalogue.',
};

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
  const proposed = (preview: FilePreview) => suggestedQuantityColumns(preview.headers, preview.suggestedMapping ?? {});
  const steps = useFileSteps<
    QuantityColumns,
    QuantityUploadFailure,
    QuantityUploadResult
  >({
    onOpenChange,
    accepts: isQuantityFile,
    invalidType: 'Please select a CSV, XLSX or XLS file.',
    preview: previewQuantityFile,
    initialMapping: proposed,
  });
  const { state, setState, signal, reset, close, chooseFile, setMapping, onSendProgress } = steps;
  const { choices, refreshing, refresh, forget } = usePreviewChoices(
    steps,
    (file, next, columns, uploadToken) => previewQuantityFile(file, {}, next, columns && toQuantityMapping(columns), uploadToken),
    proposed,
  );
  const columnsNow = state.step === 'mapping' ? state.mapping : undefined;

  // applyValidRows: after a refusal, 'Update the matching rows, list the rest'.
  const upload = async (applyValidRows = false) => {
    if (state.step !== 'mapping' || !isQuantityMappingComplete(state.mapping)) return;
    const { file, preview, mapping } = state;
    const aborted = signal();
    setState({ step: 'sending', file, preview, mapping, percent: 0 });
    try {
      const location = choices.location ?? preview.locationChoice?.chosen ?? undefined;
      const result = await uploadQuantityFile(
        file,
        toQuantityMapping(mapping),
        { signal: aborted, onProgress: onSendProgress, applyValidRows },
        { ...choices, location },
        preview.uploadToken,
      );
      toast.success(`${result.updated} product quantities updated successfully.`);
      setState({ step: 'complete', result, fileName: file.name });
    } catch (error) {
      if (isAbort(error)) return;
      const message = errorMessage(error);
      toast.error('Upload Failed', { description: message });
      setState({ step: 'mapping', file, preview, mapping, failure: { message, ...quantityUploadProblems(error) } });
    } finally {
      await invalidateCatalogue(queryClient);
    }
  };

  return (
    <FileStepsDialog
      open={open}
      onOpenChange={onOpenChange}
      steps={steps}
      title="Upload Quantity Updates"
      descriptions={DESCRIPTIONS}
      sendingLabel={(rows) => `Updating ${rows} rows...`}
    >
      {state.step === 'upload' ? (
        <ImportUploadStep
          onFile={(file) => {
            forget();
            return chooseFile(file);
          }}
          inputLabel="Quantity file"
          dropLabel="Choose a CSV, XLSX or XLS file, or drop it here."
          hint="CSV, XLSX or XLS, with a SKU column and a quantity column."
          accept={QUANTITY_FILE_ACCEPT}
        >
          <TemplateDownload />
        </ImportUploadStep>
      ) : null}
      {state.step === 'mapping' ? (
        <QuantityMappingStep
          file={state.file}
          preview={state.preview}
          columns={state.mapping}
          failure={state.failure}
          onColumnsChange={(columns) => {
            setMapping(columns);
            void refresh(choices, columns, false);
          }}
          refreshing={refreshing}
          onHeaderLineChange={(headerLine) => void refresh({ headerLine, ...(choices.repeatedRows ? { repeatedRows: choices.repeatedRows } : {}) }, undefined, true)}
          onLocationChange={(location) => void refresh({ ...choices, location }, columnsNow, true)}
          onRepeatedRowsChange={(repeatedRows) => void refresh({ ...choices, repeatedRows }, columnsNow, false)}
          onBack={() => {
            forget();
            reset();
          }}
          onUpload={() => void upload()}
          onUploadValid={() => void upload(true)}
        />
      ) : null}
      {state.step === 'complete' ? <QuantityCompleteStep result={state.result} fileName={state.fileName} onDone={close} /> : null}
    </FileStepsDialog>
  );
}
