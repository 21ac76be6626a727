import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** A short message in place of the results (audit in progress, not started, not found). */
export function AuditNotice({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center">
      <div className="bg-muted flex size-12 items-center justify-center rounded-full">
        <Icon className="text-muted-foreground size-6" aria-hidden="true" />
      </div>
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="text-muted-foreground grid max-w-md gap-3 text-sm">{children}</div>
    </div>
  );
}
