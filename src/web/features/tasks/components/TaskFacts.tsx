/** A labelled list of task facts, shared by the detail and Start Audit Task dialogs. */
import type { ReactNode } from 'react';

export function TaskFacts({ facts }: { facts: ReadonlyArray<[label: string, value: ReactNode]> }) {
  return (
    <dl className="grid grid-cols-[6.5rem_1fr] gap-x-4 gap-y-2.5 text-sm sm:grid-cols-[8rem_1fr]">
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground font-medium">{label}</dt>
          <dd className="min-w-0 break-words whitespace-pre-wrap">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
