import { Package } from 'lucide-react';
import { Link } from 'wouter';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/cn';
import { productLimitReached, UNLIMITED, useProductAllowance } from '../api/plan-usage';

/** Id of the sentence that says the limit is reached (the disabled buttons point at it). */
export const PRODUCT_LIMIT_NOTE_ID = 'product-limit-reached';

/** From this share of the limit on, the banner warns. */
const NEAR_LIMIT = 0.9;

/**
 * 'You're using N of M products.' (spec part 2 "Products screen"): the plan's product allowance,
 * with a bar, a warning near the limit and the way to more room at it (/billing, which offers the
 * plans or says who sets them).
 */
export function ProductLimitBanner() {
  const allowance = useProductAllowance();
  if (!allowance) return <div className="bg-muted/40 h-[3.75rem] animate-pulse rounded-lg border" aria-hidden="true" />;

  const { used, limit } = allowance;
  const unlimited = limit === UNLIMITED;
  const share = unlimited || limit <= 0 ? 0 : used / limit;
  const reached = productLimitReached(allowance);
  const near = !reached && share >= NEAR_LIMIT;

  return (
    <div
      role="status"
      className={cn(
        'flex flex-col gap-3 rounded-lg border px-4 py-3 sm:flex-row sm:items-center sm:gap-4',
        reached && 'border-destructive/40 bg-destructive/5',
        near && 'border-amber-500/40 bg-amber-500/5',
      )}
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <Package className="text-muted-foreground size-4 shrink-0" aria-hidden="true" />
        <p className="text-sm">
          You&apos;re using {used.toLocaleString()} of {unlimited ? 'unlimited' : limit.toLocaleString()} products.
          {reached ? (
            <span id={PRODUCT_LIMIT_NOTE_ID} className="text-destructive">
              {' '}
              Your plan&apos;s limit is reached: upgrade your plan to add or import more products.
            </span>
          ) : near ? (
            <span className="text-amber-700 dark:text-amber-400"> You are close to your plan&apos;s limit.</span>
          ) : null}
        </p>
      </div>
      {unlimited ? null : (
        <div className="flex items-center gap-3 sm:w-72">
          <Progress
            value={Math.min(100, share * 100)}
            aria-label="Products used of the plan's limit"
            className={cn('flex-1', reached && '[&>*]:bg-destructive', near && '[&>*]:bg-amber-500')}
          />
          {reached || near ? (
            <Link href="/billing" className="text-primary shrink-0 text-sm font-medium underline-offset-4 hover:underline">
              Upgrade
            </Link>
          ) : null}
        </div>
      )}
    </div>
  );
}
