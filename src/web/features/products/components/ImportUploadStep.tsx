import type { ReactNode } from 'react';
import { useDropzone } from 'react-dropzone';
import { FileSpreadsheet, Upload } from 'lucide-react';
import { cn } from '@/lib/cn';

/**
 * Drop or pick one file. Type checking is done by the dialog (e.g. CSV or XLSX by MIME type or
 * extension) so that a wrong file gets the spec's 'Invalid File Type' message.
 */
export function ImportUploadStep({
  onFile,
  inputLabel = 'Product file',
  dropLabel = 'Choose a CSV or XLSX file, or drop it here.',
  hint = 'CSV or XLSX. The first row should hold the column names.',
  accept,
  children,
}: {
  onFile: (file: File) => void;
  /** Accessible name of the file input. */
  inputLabel?: string;
  /** The drop zone's visible first line, which is also its accessible name. */
  dropLabel?: string;
  hint?: ReactNode;
  /** File picker filter, e.g. '.csv,.xlsx,.xls' (a dropped file is still checked by the dialog). */
  accept?: string;
  /** Shown under the drop zone (e.g. a template download). */
  children?: ReactNode;
}) {
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    multiple: false,
    onDrop: (accepted, rejected) => {
      const file = accepted[0] ?? rejected[0]?.file;
      if (file) onFile(file);
    },
  });

  return (
    // The file input sits beside the button, not inside it, and the button is named by its visible
    // text (no aria-label that says something else than the screen shows).
    <div className="grid gap-4 p-6">
      <input {...getInputProps({ 'aria-label': inputLabel, accept })} />
      <div
        {...getRootProps({
          role: 'button',
          className: cn(
            'border-muted-foreground/25 hover:border-muted-foreground/50 hover:bg-muted/40 focus-visible:border-ring focus-visible:ring-ring/50 flex cursor-pointer flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed px-6 py-12 text-center transition-colors outline-none focus-visible:ring-[3px]',
            isDragActive && 'border-primary bg-muted/60',
          ),
        })}
      >
        <div className="bg-muted flex size-12 items-center justify-center rounded-full">
          {isDragActive ? (
            <FileSpreadsheet className="size-6" aria-hidden="true" />
          ) : (
            <Upload className="size-6" aria-hidden="true" />
          )}
        </div>
        <div>
          <p className="font-medium">{isDragActive ? 'Drop the file here' : dropLabel}</p>
          <p className="text-muted-foreground mt-1 text-sm">{hint}</p>
        </div>
      </div>
      {children}
    </div>
  );
}
