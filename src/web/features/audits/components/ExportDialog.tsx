/**
 * Export dialog (spec part 1 "Audit detail", section 8): Professional XLSX (Recommended) or
 * Simple CSV (Legacy). Toasts 'Export Started' / 'CSV Export Started'; closes after 1000 / 500 ms.
 * Then 'Back to the books' (DESIGN.md section 13): the final counts as the import file of the
 * system the catalogue came from (preselected from the layout recognised at import), any of
 * Shopify, WooCommerce, Square, Odoo or a plain CSV, with the zero-sheet choice.
 */
import { useId, useState } from 'react';
import { BookUp, FileSpreadsheet, FileText } from 'lucide-react';
import type { BooksFormat } from '../../../../contracts/stock';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { booksExportUrl, downloadExport, downloadUrl, useBooksOptions, type ExportFormat } from '../api/export-audit';

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
        <BooksExport auditId={auditId} />
      </DialogContent>
    </Dialog>
  );
}

/** The systems the counts go back to, as the menu names them. */
const BOOKS_FORMATS: ReadonlyArray<[BooksFormat, string]> = [
  ['shopify', 'Shopify'],
  ['woocommerce', 'WooCommerce'],
  ['square', 'Square'],
  ['odoo', 'Odoo'],
  ['csv', 'CSV'],
];

/** Mounted with the dialog's content, so each opening starts from the preselected format. */
function BooksExport({ auditId }: { auditId: string }) {
  const options = useBooksOptions(auditId);
  const [format, setFormat] = useState<BooksFormat | null>(null);
  const [zeroSheet, setZeroSheet] = useState<boolean | null>(null);
  const selectId = useId();
  const chosen = format ?? options.data?.format ?? 'csv';
  const withZeroSheet = zeroSheet ?? options.data?.zeroSheetDefault ?? false;
  const label = BOOKS_FORMATS.find(([f]) => f === chosen)![1];
  return (
    <section aria-labelledby={`${selectId}-title`} className="grid gap-3 border-t pt-4">
      <div className="grid gap-1">
        <h3 id={`${selectId}-title`} className="font-medium">
          Back to the books
        </h3>
        <p className="text-muted-foreground text-sm">
          The final counts as a file your shop or ERP system imports
          {options.data?.layout ? ` (your catalogue came as a ${options.data.layout})` : ''}.
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Label htmlFor={selectId} className="shrink-0">
          Import format
        </Label>
        <Select value={chosen} onValueChange={(v) => setFormat(v as BooksFormat)}>
          <SelectTrigger id={selectId} className="w-full sm:w-48">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {BOOKS_FORMATS.map(([value, name]) => (
              <SelectItem key={value} value={value}>
                {name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex items-start gap-2">
        <Checkbox id={`${selectId}-zero`} checked={withZeroSheet} onCheckedChange={(v) => setZeroSheet(v === true)} />
        <Label htmlFor={`${selectId}-zero`} className="leading-snug font-normal">
          Include never-counted products as 0 (zero sheet)
        </Label>
      </div>
      <Button type="button" variant="outline" className="w-full sm:w-fit" onClick={() => downloadUrl(booksExportUrl(auditId, chosen, withZeroSheet))}>
        <BookUp aria-hidden="true" />
        Export counts for {label}
      </Button>
    </section>
  );
}
