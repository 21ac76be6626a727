/**
 * What /billing and /subscribe say where no payment provider is configured (docs/decisions/0120):
 * plans cannot be bought here; the operator of this installation sets them with the command line.
 */
import { Info } from 'lucide-react';

export function OperatorSetsPlan() {
  return (
    <section
      aria-labelledby="operator-sets-plan-title"
      className="grid max-w-5xl gap-2 rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-blue-950"
    >
      <h2 id="operator-sets-plan-title" className="flex items-center gap-2 text-base font-semibold">
        <Info className="size-4 shrink-0" aria-hidden="true" />
        Plans are set by the operator of this installation
      </h2>
      <p>
        No payment provider is configured on this StockTally server, so plans cannot be bought here. Ask the person who runs it
        to change your organisation&apos;s plan. They run, on the server:
      </p>
      <pre className="rounded-md bg-white px-3 py-2 font-mono text-xs break-all whitespace-pre-wrap text-slate-900">
        <code>npm run set-tier -- your-email@example.com starter</code>
      </pre>
      <p>with the e-mail address of your account and the plan: free, starter, pro or enterprise.</p>
    </section>
  );
}
