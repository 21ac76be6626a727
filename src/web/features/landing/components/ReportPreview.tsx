/**
 * A picture of an audit report, drawn in HTML (no image to download): what a visitor gets at the
 * end of an audit. The figures are an example and add up (4,745 correct of 4,812 lines = 98.6%).
 */
const CATEGORIES = [
  { label: 'Correct', count: 4745, tone: 'bg-emerald-500' },
  { label: 'Above expected', count: 21, tone: 'bg-red-500' },
  { label: 'Below expected', count: 18, tone: 'bg-amber-500' },
  { label: 'Not found', count: 12, tone: 'bg-slate-500' },
  { label: 'Not expected', count: 9, tone: 'bg-violet-500' },
  { label: 'Zero sheet', count: 7, tone: 'bg-sky-500' },
];

export function ReportPreview() {
  return (
    <figure className="bg-card relative mx-auto w-full max-w-md rounded-2xl border p-5 shadow-xl shadow-slate-900/5 sm:p-6">
      <figcaption className="sr-only">Example audit report: 98.6% match rate, 67 discrepancies in 4,812 lines.</figcaption>
      <div aria-hidden="true">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <p className="truncate font-semibold">Year-end count</p>
            <p className="text-muted-foreground text-xs">Cycle Count · Main store · 4 scan files</p>
          </div>
          <span className="shrink-0 rounded-md bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">Complete</span>
        </div>
        <dl className="mt-5 grid grid-cols-3 gap-3 text-center">
          <div className="bg-muted/60 rounded-lg p-3">
            <dt className="text-muted-foreground text-[11px]">Scanned</dt>
            <dd className="text-lg font-semibold tabular-nums">4,812</dd>
          </div>
          <div className="rounded-lg bg-emerald-50 p-3">
            <dt className="text-[11px] text-emerald-800">Match rate</dt>
            <dd className="text-lg font-semibold text-emerald-700 tabular-nums">98.6%</dd>
          </div>
          <div className="rounded-lg bg-amber-50 p-3">
            <dt className="text-[11px] text-amber-800">Discrepancies</dt>
            <dd className="text-lg font-semibold text-amber-700 tabular-nums">67</dd>
          </div>
        </dl>
        <ul className="mt-5 grid gap-2.5">
          {CATEGORIES.map((c) => (
            <li key={c.label} className="grid grid-cols-[7.5rem_1fr_3rem] items-center gap-3 text-xs">
              <span className="text-muted-foreground">{c.label}</span>
              <span className="bg-muted h-1.5 overflow-hidden rounded-full">
                <span
                  className={`block h-full rounded-full ${c.tone}`}
                  style={{ width: `${Math.max(3, Math.round((c.count / 4745) * 100))}%` }}
                />
              </span>
              <span className="text-right font-medium tabular-nums">{c.count.toLocaleString('en-US')}</span>
            </li>
          ))}
        </ul>
        <div className="mt-5 flex gap-2 border-t pt-4">
          <span className="rounded-md border px-2.5 py-1 text-xs font-medium">Export Excel</span>
          <span className="rounded-md border px-2.5 py-1 text-xs font-medium">Export CSV</span>
        </div>
      </div>
    </figure>
  );
}
