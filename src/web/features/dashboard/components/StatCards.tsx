import { Activity, CheckCircle2, ClipboardList, Target, type LucideIcon } from 'lucide-react';
import type { UserStats } from '../../../../contracts/dashboard';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { formatPercent } from '../lib/audit-figures';
import { useUserStats } from '../api/get-user-stats';

interface Stat {
  title: string;
  icon: LucideIcon;
  tone: string;
  value: (stats: UserStats) => string;
  caption: (stats: UserStats) => string;
}

/** The four cards of spec part 1 section 2 "Dashboard", from `GET /api/user/stats`. */
const STATS: Stat[] = [
  {
    title: 'Total Audits',
    icon: ClipboardList,
    tone: 'bg-slate-100 text-slate-700',
    value: (s) => s.totalAudits.toLocaleString(),
    caption: () => 'All audits of your organisation',
  },
  {
    title: 'Active Audits',
    icon: Activity,
    tone: 'bg-blue-50 text-blue-700',
    value: (s) => s.activeAudits.toLocaleString(),
    caption: () => 'Not complete yet',
  },
  {
    title: 'Completed Audits',
    icon: CheckCircle2,
    tone: 'bg-emerald-50 text-emerald-700',
    value: (s) => s.completedAudits.toLocaleString(),
    caption: () => 'With results to read',
  },
  {
    title: 'Avg. Accuracy %',
    icon: Target,
    tone: 'bg-amber-50 text-amber-700',
    // avgAccuracy is 0 when nothing is complete: a dash says "no figure" better than 0.0%.
    value: (s) => (s.completedAudits > 0 ? formatPercent(s.avgAccuracy) : '—'),
    caption: (s) => (s.completedAudits > 0 ? 'Products counted correctly, mean of completed audits' : 'No completed audits yet'),
  },
];

export function StatCards() {
  const { data: stats, isPending, isError, error, refetch, isFetching } = useUserStats();

  return (
    <section aria-label="Audit statistics" className="grid gap-4">
      {isError ? (
        <div role="alert" className="text-destructive flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          Could not load your statistics: {errorMessage(error)}
          <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
            Try again
          </Button>
        </div>
      ) : null}
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {STATS.map((stat) => (
          <li key={stat.title}>
            <Card className="h-full gap-2 py-4 sm:gap-3 sm:py-5" aria-label={stat.title} role="group">
              <CardHeader className="flex flex-row items-start justify-between gap-2 px-4 sm:px-5">
                <CardTitle className="text-muted-foreground text-sm leading-snug font-medium">{stat.title}</CardTitle>
                <span className={`hidden size-8 shrink-0 items-center justify-center rounded-lg sm:flex ${stat.tone}`}>
                  <stat.icon className="size-4" aria-hidden="true" />
                </span>
              </CardHeader>
              <CardContent className="px-4 sm:px-5">
                {isPending ? (
                  <>
                    <Skeleton className="h-8 w-16" />
                    <Skeleton className="mt-2 h-3 w-32" />
                  </>
                ) : (
                  <>
                    <p className="text-2xl font-semibold tracking-tight tabular-nums sm:text-3xl" data-testid="stat-value">
                      {stats ? stat.value(stats) : '—'}
                    </p>
                    <p className="text-muted-foreground mt-1 text-xs">{stats ? stat.caption(stats) : 'Not available'}</p>
                  </>
                )}
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
