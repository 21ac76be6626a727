/**
 * Above the audit list (spec part 1 "Audit list"): search on the name, status dropdown, refresh,
 * select-all and Delete Selected.
 */
import { RotateCw, Search, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { STATUS_CHOICES, type StatusChoice } from '../lib/audit-list-filter';

export function AuditListToolbar({
  search,
  onSearch,
  status,
  onStatus,
  allSelected,
  someSelected,
  onSelectAll,
  selectedCount,
  onDeleteSelected,
  refreshing,
  onRefresh,
}: {
  search: string;
  onSearch: (search: string) => void;
  status: StatusChoice;
  onStatus: (status: StatusChoice) => void;
  allSelected: boolean;
  someSelected: boolean;
  onSelectAll: (selected: boolean) => void;
  selectedCount: number;
  /** Absent for roles that may not delete audits: no Select all, no Delete Selected. */
  onDeleteSelected?: () => void;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-center">
      <div className="relative min-w-0 md:w-72">
        <Search className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2" aria-hidden="true" />
        <Input
          type="search"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          placeholder="Search audits..."
          aria-label="Search audits"
          className="pl-9"
        />
      </div>
      <div className="flex flex-wrap items-center gap-2 md:flex-1">
        <Select value={status} onValueChange={(v) => onStatus(v as StatusChoice)}>
          <SelectTrigger className="w-40" aria-label="Filter by status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {STATUS_CHOICES.map((c) => (
              <SelectItem key={c.value} value={c.value}>
                {c.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Button type="button" variant="outline" size="icon" onClick={onRefresh} disabled={refreshing} aria-label="Refresh audits">
          <RotateCw aria-hidden="true" className={refreshing ? 'animate-spin' : undefined} />
        </Button>
        {onDeleteSelected ? (
          <>
            <label className="flex h-9 items-center gap-2 rounded-md border px-3 text-sm md:ml-auto">
              <Checkbox
                checked={allSelected ? true : someSelected ? 'indeterminate' : false}
                onCheckedChange={(v) => onSelectAll(v === true)}
                aria-label="Select all audits"
              />
              <span aria-hidden="true">Select all</span>
            </label>
            <Button type="button" variant="outline" onClick={onDeleteSelected} className="text-destructive hover:text-destructive">
              <Trash2 aria-hidden="true" />
              Delete Selected{selectedCount > 0 ? ` (${selectedCount})` : ''}
            </Button>
          </>
        ) : null}
      </div>
    </div>
  );
}
