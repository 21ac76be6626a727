/**
 * The audit list's status tabs with their counts (spec part 1 "Audit list"). Wrap on phones.
 * `children` (the list the chosen tab shows) is the tab panel, so each tab controls a real panel.
 */
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { STATUS_TABS, type StatusTab } from '../lib/audit-list-filter';

export function AuditStatusTabs({
  value,
  counts,
  onChange,
  children,
}: {
  value: StatusTab;
  counts: Record<StatusTab, number>;
  onChange: (tab: StatusTab) => void;
  children: ReactNode;
}) {
  return (
    <Tabs value={value} onValueChange={(v) => onChange(v as StatusTab)} className="min-w-0 gap-4">
      <TabsList aria-label="Audit status" className="h-auto w-full flex-wrap justify-start gap-y-1 sm:w-fit">
        {STATUS_TABS.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value} className="h-8 flex-none gap-1.5">
            {tab.label}
            <Badge variant="secondary" className="min-w-5 px-1.5 tabular-nums">
              {counts[tab.value]}
            </Badge>
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value={value} className="min-w-0">
        {children}
      </TabsContent>
    </Tabs>
  );
}
