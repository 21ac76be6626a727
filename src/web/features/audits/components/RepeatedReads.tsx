/**
 * The 'Repeated Reads' part of the results (DESIGN.md section 5 rule 1): serialised items (a GS1
 * GTIN with a serial number) read again after their first read. They are not counted; each row
 * says where the repeat was (file, line) and where the item was first read. A table from 768 px
 * on, cards on a phone.
 */
import type { RepeatedRead } from '../../../../contracts/results';
import { PhoneCard, PhoneCardList, WideTable } from '@/components/PhoneCards';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

const where = (file: string, line: number) => `${file}, line ${line.toLocaleString()}`;

function Item({ read }: { read: RepeatedRead }) {
  return (
    <div className="grid min-w-40 gap-0.5">
      <span className="font-mono text-xs font-medium">{read.sku ?? read.gtin}</span>
      <span className="text-muted-foreground line-clamp-2 text-xs">{read.productName ?? 'Unknown product'}</span>
    </div>
  );
}

export function RepeatedReads({ reads, total }: { reads: RepeatedRead[]; total: number }) {
  const caption = 'Repeated reads';
  return (
    <div className="grid min-w-0 gap-3">
      <p className="text-muted-foreground text-sm">
        Serialised items read again after their first read. One serial number is one unit, so these reads are not counted.
        {total > reads.length ? ` Showing the first ${reads.length.toLocaleString()} of ${total.toLocaleString()}; the exports list them all.` : null}
      </p>
      <PhoneCardList label={caption}>
        {reads.map((read, i) => (
          <PhoneCard
            key={`${read.fileName}-${read.line}-${i}`}
            title={<Item read={read} />}
            texts={[
              { label: 'Serial', value: <span className="font-mono text-xs">{read.serial}</span> },
              { label: 'Read again', value: where(read.fileName, read.line) },
              { label: 'First read', value: where(read.firstFileName, read.firstLine) },
              { label: 'Scan Value', value: <span className="font-mono text-xs break-all">{read.scanValue}</span> },
            ]}
          />
        ))}
      </PhoneCardList>
      <WideTable caption={caption}>
        <TableHeader>
          <TableRow>
            <TableHead>Product</TableHead>
            <TableHead>Serial</TableHead>
            <TableHead>Read again</TableHead>
            <TableHead>First read</TableHead>
            <TableHead>Scan Value</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {reads.map((read, i) => (
            <TableRow key={`${read.fileName}-${read.line}-${i}`}>
              <TableCell className="align-top">
                <Item read={read} />
              </TableCell>
              <TableCell className="align-top font-mono text-xs">{read.serial}</TableCell>
              <TableCell className="align-top text-xs whitespace-nowrap">{where(read.fileName, read.line)}</TableCell>
              <TableCell className="align-top text-xs whitespace-nowrap">{where(read.firstFileName, read.firstLine)}</TableCell>
              <TableCell className="max-w-72 align-top font-mono text-xs break-all whitespace-normal">{read.scanValue}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </WideTable>
    </div>
  );
}
