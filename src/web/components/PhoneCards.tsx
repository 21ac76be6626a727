import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Table } from '@/components/ui/table';

/** A labelled value on a phone card: `label` is the table's column header. */
export interface PhoneCardField {
  label: string;
  value: ReactNode;
}

/**
 * Phone width (< 768 px; hidden from `md` on, where the table shows instead): a list of cards,
 * one a table row, so nothing needs a sideways scroll. `label` names the list for screen readers.
 */
export function PhoneCardList({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className={cn('grid gap-2 md:hidden', className)}>
      {children}
    </ul>
  );
}

/**
 * One row as a card: `title` (what names the row) with an optional `lead` before it (a selection
 * box) and `aside` after it (a row menu); `numbers` in a row of three, right under the title;
 * `texts` as label and value lines. Empty groups are left out.
 */
export function PhoneCard({
  title,
  lead,
  aside,
  numbers = [],
  texts = [],
  selected = false,
}: {
  title: ReactNode;
  lead?: ReactNode;
  aside?: ReactNode;
  numbers?: PhoneCardField[];
  texts?: PhoneCardField[];
  /** Shaded like a selected table row. */
  selected?: boolean;
}) {
  return (
    <li className={cn('grid min-w-0 gap-2 rounded-lg border p-3 text-sm', selected && 'bg-muted')}>
      <div className="flex min-w-0 items-start gap-2">
        {lead}
        <div className="min-w-0 flex-1 break-words">{title}</div>
        {aside}
      </div>
      <FieldList fields={numbers} className="grid grid-cols-3 gap-2" row="grid min-w-0 gap-0.5" value="tabular-nums" />
      <FieldList
        fields={texts}
        className="grid gap-1"
        row="grid min-w-0 grid-cols-[7rem_1fr] gap-2"
        value="min-w-0 break-words [&_*]:min-w-0"
      />
    </li>
  );
}

/** Label and value pairs as a description list; nothing when there are none. */
function FieldList({ fields, className, row, value }: { fields: PhoneCardField[]; className: string; row: string; value: string }) {
  if (fields.length === 0) return null;
  return (
    <dl className={className}>
      {fields.map((field) => (
        <div key={field.label} className={row}>
          <dt className="text-muted-foreground text-xs">{field.label}</dt>
          <dd className={value}>{field.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The table that stands beside a `PhoneCardList` from 768 px on (hidden below it), in a bordered
 * box, named for screen readers by `caption`. `children` are its header and body.
 */
export function WideTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="hidden min-w-0 rounded-lg border md:block">
      <Table>
        <caption className="sr-only">{caption}</caption>
        {children}
      </Table>
    </div>
  );
}
