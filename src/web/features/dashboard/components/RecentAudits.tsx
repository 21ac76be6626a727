import { ClipboardList } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { usePermissions } from '@/lib/permissions';
import { RECENT_AUDITS, useRecentAudits } from '../api/get-recent-audits';
import { RecentAuditRow } from './RecentAuditRow';

/** The 'Recent Audits' card (spec part 1 section 2 "Dashboard"): the first 5 audits, View All. */
export function RecentAudits() {
  const { data: audits, isPending, isError, error, refetch, isFetching } = useRecentAudits();
  const canRun = usePermissions().can('runAudits');

  return (
    <Card role="region" aria-labelledby="recent-audits-title">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle id="recent-audits-title" className="text-lg">
          Recent Audits
        </CardTitle>
        <CardDescription>Your organisation's latest {RECENT_AUDITS} audits.</CardDescription>
        <CardAction>
          <Button variant="ghost" size="sm" asChild>
            <Link href="/audits">View All</Link>
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        {isPending ? (
          <ul aria-label="Loading recent audits" className="grid gap-5">
            {[0, 1, 2].map((i) => (
              <li key={i} className="flex items-center gap-3">
                <Skeleton className="size-9 rounded-lg" />
                <div className="grid flex-1 gap-2">
                  <Skeleton className="h-4 w-48 max-w-full" />
                  <Skeleton className="h-3 w-32" />
                </div>
                <Skeleton className="h-8 w-24" />
              </li>
            ))}
          </ul>
        ) : isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 text-sm">
            <p className="text-destructive">Could not load your audits: {errorMessage(error)}</p>
            <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
              Try again
            </Button>
          </div>
        ) : audits.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-10 text-center">
            <span className="bg-muted flex size-12 items-center justify-center rounded-full">
              <ClipboardList className="text-muted-foreground size-6" aria-hidden="true" />
            </span>
            <div>
              <p className="font-medium">No audits yet</p>
              <p className="text-muted-foreground mt-1 text-sm">
                {canRun ? 'Import your products, then start an audit with your scan files.' : 'Audits your team runs appear here.'}
              </p>
            </div>
            {canRun ? (
              <Button asChild size="sm">
                <Link href="/audits">Start New Audit</Link>
              </Button>
            ) : null}
          </div>
        ) : (
          <ul className="divide-y">
            {audits.map((audit) => (
              <RecentAuditRow key={audit.id} audit={audit} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
