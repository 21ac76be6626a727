/**
 * Drag-and-drop or pick scan files (spec part 1 section 5 "Scan files": .csv, .xlsx, .xls,
 * multiple, no size limit). Rejected files are named with the dropzone's reason.
 */
import { useDropzone, type FileRejection } from 'react-dropzone';
import { toast } from 'sonner';
import { Upload } from 'lucide-react';
import { cn } from '@/lib/cn';
import { SCAN_FILE_ACCEPT, SCAN_FILE_EXTENSIONS } from '../lib/scan-file-entry';

function rejectionMessage(rejection: FileRejection): string {
  const error = rejection.errors[0];
  if (!error) return 'File was not accepted';
  if (error.code === 'file-invalid-type') return `File type must be one of ${SCAN_FILE_EXTENSIONS}`;
  return error.message;
}

export function ScanFileDropzone({ onFiles, compact = false }: { onFiles: (files: File[]) => void; compact?: boolean }) {
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: { ...SCAN_FILE_ACCEPT },
    multiple: true,
    onDrop: (accepted, rejections) => {
      if (accepted.length > 0) onFiles(accepted);
      for (const rejection of rejections) {
        toast.error(`${rejection.file.name} was not added`, { description: rejectionMessage(rejection) });
      }
    },
  });

  // The file input sits beside the button, not inside it (a control inside a control is announced
  // twice), and the button is named by its visible text alone (what a voice-control user reads).
  return (
    <div>
      <input {...getInputProps({ 'aria-label': 'Scan files' })} />
      <div
        {...getRootProps({
          role: 'button',
          className: cn(
            'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed text-center transition-colors outline-none',
            'focus-visible:border-ring focus-visible:ring-ring/50 focus-visible:ring-[3px] hover:bg-muted/50',
            compact ? 'px-4 py-5' : 'px-6 py-10',
            isDragActive && 'border-primary bg-muted',
          ),
        })}
      >
        <Upload className="text-muted-foreground size-6" aria-hidden="true" />
        <p className="text-sm font-medium">
          {isDragActive ? 'Drop the files here' : compact ? 'Add more scan files' : 'Add scan files: drag and drop them here, or click to browse'}
        </p>
        <p className="text-muted-foreground text-xs">CSV, XLSX or XLS — several files at once, one per counting team</p>
      </div>
    </div>
  );
}
