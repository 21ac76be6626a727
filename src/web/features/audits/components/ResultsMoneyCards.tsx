/**
 * What the count found, in units and money (contracts/results.ts `moneySummarySchema`): short,
 * over and net shrinkage, each with one sentence saying what it measures. Values are the
 * difference x cost price of the products in the audit's scope.
 */
import type { MoneySummary } from '../../../../contracts/results';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatMoney } from '../lib/display-format';

function MoneyCard({ label, value, units, note, tone }: { label: string; value: string; units?: string; note: string; tone?: string }) {
  return (
    <Card className="gap-1 py-4">
      <CardContent className="grid gap-1 px-4">
        <p className="text-muted-foreground text-sm">{label}</p>
        <p className={cn('text-2xl font-semibold tabular-nums', tone)}>{value}</p>
        {units ? <p className="text-sm tabular-nums">{units}</p> : null}
        <p className="text-muted-foreground text-xs">{note}</p>
      </CardContent>
    </Card>
  );
}

export function ResultsMoneyCards({ money }: { money: MoneySummary }) {
  const net = Number(money.netShrinkageValue);
  return (
    <section aria-label="Value of the differences" className="grid gap-3 sm:grid-cols-3">
      <MoneyCard
        label="Short"
        value={formatMoney(money.valueShort)}
        units={`${money.unitsShort.toLocaleString()} units`}
        tone={money.unitsShort > 0 ? 'text-amber-700' : undefined}
        note="Units counted below the books, at cost price."
      />
      <MoneyCard
        label="Over"
        value={formatMoney(money.valueOver)}
        units={`${money.unitsOver.toLocaleString()} units`}
        tone={money.unitsOver > 0 ? 'text-red-700' : undefined}
        note="Units counted above the books, at cost price."
      />
      <MoneyCard
        label="Net Shrinkage"
        value={formatMoney(money.netShrinkageValue)}
        tone={net > 0 ? 'text-amber-700' : net < 0 ? 'text-red-700' : 'text-green-700'}
        note={
          (net >= 0 ? 'Value short minus value over: stock missing against the books.' : 'Negative: more stock was found than the books hold.') +
          (money.linesWithoutCost === 1
            ? ' 1 line has no cost price and is not valued.'
            : money.linesWithoutCost > 1
              ? ` ${money.linesWithoutCost.toLocaleString()} lines have no cost price and are not valued.`
              : '')
        }
      />
    </section>
  );
}
