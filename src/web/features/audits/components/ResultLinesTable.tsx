/**
 * One page of a result category as a table (spec part 1 "Audit detail", "Tables"):
 * Correct/Above/Below: SKU/Scan Value, Product Name (fallback Unknown), Expected, Scanned,
 * Difference (signed, percent in brackets, coloured), Scan Files. Not Found: Scan Value, Quantity,
 * Context (before/after). Not Expected: Actual Category, Quantity. Zero Sheet: Expected, Location.
 */
import type { ReactNode } from 'react';
import type { ResultCategory, ResultItem } from '../../../../contracts/results';
import { PhoneCard, PhoneCardList } from '@/components/PhoneCards';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { differenceClass, formatDifference } from '../lib/display-format';

interface Column {
  header: string;
  numeric?: boolean;
  cell: (item: ResultItem) => ReactNode;
}

function Muted({ children }: { children: ReactNode }) {
  return <span className="text-muted-foreground">{children}</span>;
}

function Count({ value }: { value: number | null }) {
  return value === null ? <Muted>—</Muted> : <>{value.toLocaleString()}</>;
}

/** Lot, expiry and serial of the line's first GS1 read (DESIGN.md section 5 rule 1), when it had any. */
function Gs1Details({ item }: { item: ResultItem }) {
  const parts = [
    item.lot !== null ? `Lot ${item.lot}` : null,
    item.expiry !== null ? `Expiry ${item.expiry}` : null,
    item.serial !== null ? `Serial ${item.serial}` : null,
  ].filter((part) => part !== null);
  if (parts.length === 0) return null;
  return <span className="text-muted-foreground text-xs break-all">{parts.join(' · ')}</span>;
}

function ProductCode({ item }: { item: ResultItem }) {
  const scannedAs = item.scanValue && item.scanValue.toLowerCase() !== item.sku.toLowerCase() ? item.scanValue : null;
  return (
    <div className="grid max-w-72 gap-0.5 whitespace-normal">
      <span className="font-mono text-xs font-medium">{item.sku}</span>
      {scannedAs ? <span className="text-muted-foreground font-mono text-xs break-all">scanned as {scannedAs}</span> : null}
      <Gs1Details item={item} />
      {/* A recounted line says so, with its first count (DESIGN.md section 13). */}
      {item.reason ? <span className="text-xs whitespace-normal text-amber-700">{item.reason}</span> : null}
    </div>
  );
}

function ScanValue({ item }: { item: ResultItem }) {
  const notes: string[] = [];
  if (item.reason && item.reason !== 'unknown') notes.push(item.reason);
  if (item.badCheckDigit) notes.push('check digit is wrong');
  return (
    <div className="grid max-w-72 min-w-48 gap-0.5 whitespace-normal">
      <span className="font-mono text-xs font-medium break-all">{item.scanValue ?? item.sku}</span>
      <Gs1Details item={item} />
      {notes.map((note) => (
        <span key={note} className="text-xs text-amber-700">
          {note}
        </span>
      ))}
    </div>
  );
}

function Neighbour({ label, value, name }: { label: string; value: string | null; name: string | null }) {
  if (!value) return null;
  return (
    <div className="text-xs">
      <span className="text-muted-foreground">{label}: </span>
      <span className="font-mono">{value}</span>
      {name ? <span className="text-muted-foreground"> ({name})</span> : null}
    </div>
  );
}

function Context({ item }: { item: ResultItem }) {
  if (!item.scannedBefore && !item.scannedAfter) return <Muted>—</Muted>;
  return (
    <div className="grid min-w-48 gap-0.5">
      <Neighbour label="Before" value={item.scannedBefore} name={item.scannedBeforeName} />
      <Neighbour label="After" value={item.scannedAfter} name={item.scannedAfterName} />
    </div>
  );
}

function ScanFiles({ files }: { files: string[] }) {
  if (files.length === 0) return <Muted>—</Muted>;
  return (
    <ul className="flex max-w-64 min-w-32 flex-wrap gap-x-2 gap-y-0.5 text-xs">
      {files.map((file, i) => (
        <li key={file} className="whitespace-nowrap">
          {file}
          {i < files.length - 1 ? ',' : ''}
        </li>
      ))}
    </ul>
  );
}

const productName: Column = {
  header: 'Product Name',
  cell: (item) => <span className="line-clamp-2 min-w-40">{item.productName || 'Unknown'}</span>,
};
const expected: Column = { header: 'Expected', numeric: true, cell: (item) => <Count value={item.expectedQuantity} /> };
const scanned: Column = { header: 'Scanned', numeric: true, cell: (item) => <Count value={item.scannedQuantity} /> };
const quantity: Column = { header: 'Quantity', numeric: true, cell: (item) => <Count value={item.scannedQuantity} /> };
const difference: Column = {
  header: 'Difference',
  numeric: true,
  cell: (item) => (
    <span className={cn('font-medium whitespace-nowrap', differenceClass(item.difference))}>
      {formatDifference(item.difference, item.percentageDifference)}
    </span>
  ),
};
const scanFiles: Column = { header: 'Scan Files', cell: (item) => <ScanFiles files={item.scanFiles} /> };
const code: Column = { header: 'SKU/Scan Value', cell: (item) => <ProductCode item={item} /> };

const QUANTITY_COLUMNS = [code, productName, expected, scanned, difference, scanFiles];

const COLUMNS: Record<ResultCategory, Column[]> = {
  quantityCorrect: QUANTITY_COLUMNS,
  quantityAbove: QUANTITY_COLUMNS,
  quantityBelow: QUANTITY_COLUMNS,
  crossFileDiscrepancies: [
    code,
    productName,
    expected,
    {
      header: 'File Counts',
      cell: (item) => (
        <ul className="grid gap-0.5 text-xs">
          {item.fileCounts.map((fc) => (
            <li key={fc.fileName} className="whitespace-nowrap">
              {fc.teamName ?? fc.fileName}: <span className="font-medium">{fc.quantity.toLocaleString()}</span>
            </li>
          ))}
        </ul>
      ),
    },
    scanFiles,
  ],
  notFound: [
    { header: 'Scan Value', cell: (item) => <ScanValue item={item} /> },
    quantity,
    { header: 'Context', cell: (item) => <Context item={item} /> },
    scanFiles,
  ],
  scannedNotExpected: [
    code,
    productName,
    { header: 'Actual Category', cell: (item) => item.actualCategory || <Muted>—</Muted> },
    quantity,
  ],
  zeroSheetItems: [
    { header: 'SKU', cell: (item) => <span className="font-mono text-xs font-medium">{item.sku}</span> },
    productName,
    expected,
    { header: 'Location', cell: (item) => item.location || <Muted>—</Muted> },
  ],
};

/**
 * Phone width (< 768 px): each line is a card: the first column as its title, every other column
 * as a labelled value, numbers in a row of their own, so nothing needs a sideways scroll.
 */
function ResultLineCards({ columns, items, caption }: { columns: Column[]; items: ResultItem[]; caption: string }) {
  const [title, ...rest] = columns;
  const fields = (list: Column[], item: ResultItem) => list.map((c) => ({ label: c.header, value: c.cell(item) }));
  return (
    <PhoneCardList label={caption}>
      {items.map((item, i) => (
        <PhoneCard
          key={`${item.sku}-${i}`}
          title={title!.cell(item)}
          numbers={fields(rest.filter((c) => c.numeric), item)}
          texts={fields(rest.filter((c) => !c.numeric), item)}
        />
      ))}
    </PhoneCardList>
  );
}

/** One page of lines: cards on a phone, a table from 768 px on. */
export function ResultLinesTable({ category, items, caption }: { category: ResultCategory; items: ResultItem[]; caption: string }) {
  const columns = COLUMNS[category];
  return (
    <>
      <ResultLineCards columns={columns} items={items} caption={caption} />
      <ResultLinesGrid columns={columns} items={items} caption={caption} />
    </>
  );
}

function ResultLinesGrid({ columns, items, caption }: { columns: Column[]; items: ResultItem[]; caption: string }) {
  return (
    <div className="hidden min-w-0 rounded-lg border md:block">
      <Table>
        <caption className="sr-only">{caption}</caption>
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHead key={column.header} className={column.numeric ? 'text-right' : undefined}>
                {column.header}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((item, i) => (
            <TableRow key={`${item.sku}-${i}`}>
              {columns.map((column) => (
                <TableCell key={column.header} className={cn('align-top', column.numeric && 'text-right tabular-nums')}>
                  {column.cell(item)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
