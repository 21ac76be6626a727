/**
 * Export dialog (spec part 1 "Audit detail", section 8): Professional XLSX (Recommended) or
 * Simple CSV (Legacy). Toasts 'Export Started' / 'CSV Export Started'; closes after 1000 / 500 ms.
 */
import { FileSpreadsheet, FileText } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { downloadExport, type ExportFormat } from '../api/export-audit';

const OPTIONS = [
  {
    format: 'xlsx',
    icon: FileSpreadsheet,
    title: 'Professional XLSX',
    badge: 'Recommended',
    description: 'Multi-tab workbook with instructions, an executive summary and colour-coded categories.',
    timing: 'About 2-5 seconds',
    toast: { title: 'Export Started', description: 'Your XLSX report is being generated and will download shortly.' },
    closeAfterMs: 1000,
  },
  {
    format: 'csv',
    icon: FileText,
    title: 'Simple CSV',
    badge: 'Legacy',
    description: 'Raw discrepancy data in one file, for other tools.',
    timing: 'Instant',
    toast: { title: 'CSV Export Started', description: 'Your CSV file is downloading.' },
    closeAfterMs: 500,
  },
] as const;

export function ExportDialog({
  auditId,
  open,
  onOpenChange,
}: {
  auditId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const start = (option: (typeof OPTIONS)[number]) => {
    try {
      downloadExport(auditId, option.format as ExportFormat);
      toast.success(option.toast.title, { description: option.toast.description });
      setTimeout(() => onOpenChange(false), option.closeAfterMs);
    } catch {
      toast.error('Export Failed', { description: 'There was an error generating your report. Please try again.' });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Export Results</DialogTitle>
          <DialogDescription>Both formats contain the complete data; exports are generated in real time.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3">
          {OPTIONS.map((option) => (
            <button
              key={option.format}
              type="button"
              onClick={() => start(option)}
              className="hover:bg-accent focus-visible:border-ring focus-visible:ring-ring/50 flex items-start gap-3 rounded-lg border p-4 text-left transition-colors outline-none focus-visible:ring-[3px]"
            >
              <option.icon className="text-muted-foreground mt-0.5 size-6 shrink-0" aria-hidden="true" />
              <span className="grid min-w-0 gap-1">
                <span className="flex flex-wrap items-center gap-2 font-medium">
                  {option.title}
                  <Badge variant={option.badge === 'Recommended' ? 'default' : 'secondary'}>{option.badge}</Badge>
                </span>
                <span className="text-muted-foreground text-sm">{option.description}</span>
                <span className="text-muted-foreground text-xs">{option.timing}</span>
              </span>
            </button>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
