/**
 * Drag-and-drop or pick scan files (spec part 1 section 5 "Scan files": multiple, no size limit).
 * Any file is taken whatever its extension: handheld scanners write SCANNED.TXT, BARCODES.DAT or
 * names without one, and the server reads the content (CSV/text, XLSX or XLS) and says when it is
 * none of them (docs/decisions/0119).
 */
import { useDropzone } from 'react-dropzone';
import { Upload } from 'lucide-react';
import { cn } from '@/lib/cn';

export function ScanFileDropzone({ onFiles, compact = false }: { onFiles: (files: File[]) => void; compact?: boolean }) {
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    multiple: true,
    onDrop: (accepted) => {
      if (accepted.length > 0) onFiles(accepted);
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
        <p className="text-muted-foreground text-xs">
          CSV, TXT, XLSX or XLS, as your scanner wrote it — several files at once, one per counting team
        </p>
      </div>
    </div>
  );
}
