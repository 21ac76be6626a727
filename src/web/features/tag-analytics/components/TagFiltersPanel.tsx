/**
 * The list screen's filter panel 'Filter & Sort Options' (spec part 2 section 2): search (applied
 * after 300 ms, by the page), start and end dates, minimum discrepancy slider (0-100, step 1),
 * recent activity switch, sort field and order, and Clear All Filters.
 */
import { FilterX } from 'lucide-react';
import type { SortOrder, TagSortField } from '../../../../contracts/tag-analytics';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Slider } from '@/components/ui/slider';
import { Switch } from '@/components/ui/switch';
import type { TagAnalyticsFilters } from '../api/tag-analytics';

const SORT_FIELDS: ReadonlyArray<[TagSortField, string]> = [
  ['tag_name', 'Tag Name'],
  ['total_products', 'Total Products'],
  ['last_audit_date', 'Last Audit'],
  ['accuracy_percentage', 'Accuracy'],
];

export function TagFiltersPanel({
  filters,
  onChange,
  onClear,
}: {
  filters: TagAnalyticsFilters;
  onChange: (changes: Partial<TagAnalyticsFilters>) => void;
  onClear: () => void;
}) {
  return (
    <Card className="gap-4 py-4" role="region" aria-labelledby="tag-filters-title">
      <CardHeader className="px-4">
        <CardTitle id="tag-filters-title" className="text-base">
          Filter &amp; Sort Options
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 px-4">
        <div className="grid gap-1.5">
          <Label htmlFor="tag-search">Search Tags</Label>
          <Input
            id="tag-search"
            type="search"
            placeholder="Search tags..."
            value={filters.searchQuery}
            onChange={(e) => onChange({ searchQuery: e.target.value })}
          />
        </div>
        <div className="grid grid-cols-2 gap-2 lg:grid-cols-1 2xl:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor="tag-start">Start Date</Label>
            <Input
              id="tag-start"
              type="date"
              value={filters.dateRangeStart}
              max={filters.dateRangeEnd || undefined}
              onChange={(e) => onChange({ dateRangeStart: e.target.value })}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="tag-end">End Date</Label>
            <Input
              id="tag-end"
              type="date"
              value={filters.dateRangeEnd}
              min={filters.dateRangeStart || undefined}
              onChange={(e) => onChange({ dateRangeEnd: e.target.value })}
            />
          </div>
        </div>
        <div className="grid gap-2">
          <Label id="tag-threshold-label">Minimum Discrepancy Threshold</Label>
          <Slider
            aria-label="Minimum Discrepancy Threshold"
            min={0}
            max={100}
            step={1}
            value={[filters.minDiscrepancyThreshold]}
            onValueChange={([value]) => onChange({ minDiscrepancyThreshold: value ?? 0 })}
          />
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {filters.minDiscrepancyThreshold}% minimum variance
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Switch
            id="tag-recent"
            checked={filters.onlyRecentActivity}
            onCheckedChange={(checked) => onChange({ onlyRecentActivity: checked })}
          />
          <Label htmlFor="tag-recent" className="leading-snug font-normal">
            Show recent activity only (last 30 days)
          </Label>
        </div>
        <div className="grid grid-cols-2 gap-2 lg:grid-cols-1 2xl:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor="tag-sort-by">Sort By</Label>
            <Select value={filters.sortBy} onValueChange={(value) => onChange({ sortBy: value as TagSortField })}>
              <SelectTrigger id="tag-sort-by" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {SORT_FIELDS.map(([value, label]) => (
                  <SelectItem key={value} value={value}>
                    {label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="tag-sort-order">Sort Order</Label>
            <Select value={filters.sortOrder} onValueChange={(value) => onChange({ sortOrder: value as SortOrder })}>
              <SelectTrigger id="tag-sort-order" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="asc">Ascending</SelectItem>
                <SelectItem value="desc">Descending</SelectItem>
              </SelectContent>
            </Select>
          </div>
        </div>
        <Button variant="outline" onClick={onClear}>
          <FilterX aria-hidden="true" />
          Clear All Filters
        </Button>
      </CardContent>
    </Card>
  );
}
