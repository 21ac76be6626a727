import { Columns3 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { OPTIONAL_COLUMNS, type ProductColumn } from '../columns';

/** The "Columns" menu above the products table: one checkbox per column that may be hidden. */
export function ColumnsMenu({
  shown,
  onColumnChange,
  onReset,
}: {
  shown: ReadonlySet<ProductColumn>;
  onColumnChange: (column: ProductColumn, visible: boolean) => void;
  onReset: () => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button size="sm" variant="outline">
          <Columns3 aria-hidden="true" />
          Columns
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-52">
        <DropdownMenuLabel>Show columns</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {OPTIONAL_COLUMNS.map((column) => (
          <DropdownMenuCheckboxItem
            key={column}
            checked={shown.has(column)}
            onCheckedChange={(checked) => onColumnChange(column, checked === true)}
            // The menu stays open so that several columns can be chosen in a row.
            onSelect={(event) => event.preventDefault()}
          >
            {column}
          </DropdownMenuCheckboxItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onReset}>Reset to defaults</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
