/**
 * /billing (spec part 2 "Billing screen", sections 4, 8; DESIGN.md sections 4, 10): the current
 * plan (badge, monthly price, 'SKUs per Audit Limit', 'Audits This Month' with its bar), 'Manage
 * Billing' on paid plans, upgrade cards on free, 'Features Included in Your Plan'. Back from
 * checkout (?success=true) it asks the server to re-read the provider, says how that went, and
 * cleans the address to /billing. Buying and the portal are offered to the owner only, and only
 * where a payment provider is configured; without one the page says the operator sets plans.
 */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Check, CreditCard } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Link } from 'wouter';
import type { BillingPlan, SubscriptionStatus } from '../../../contracts/billing';
import { PageHeader } from '@/components/PageHeader';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { subscriptionStatusKey, updateSubscription, useBillingPlans, useSubscriptionStatus } from './api/billing';
import { OperatorSetsPlan } from './components/OperatorSetsPlan';
import { usePortal } from './components/usePortal';
import { formatLimit, FREE_STATUS, planOfStatus } from './lib/plan-display';

export default function BillingPage({ isOwner }: { isOwner: boolean }) {
  const statusQuery = useSubscriptionStatus();
  const plansQuery = useBillingPlans();
  useCheckoutReturn(isOwner, plansQuery.data?.paymentsAvailable);
  // The spec's fallback when the status call fails: the free tier.
  const status = statusQuery.data ?? (statusQuery.isError ? FREE_STATUS : undefined);
  const plans = plansQuery.data?.plans;
  const portal = usePortal(plansQuery.data?.portalAvailable ?? false);
  const paymentsAvailable = plansQuery.data?.paymentsAvailable ?? false;

  return (
    <div className="flex flex-1 flex-col gap-6 p-4 md:p-6">
      <PageHeader title="Billing & Subscription" description="Your plan, what it includes and what you use of it." />
      {!status || !plans ? (
        <Skeleton className="h-64 w-full max-w-3xl" />
      ) : (
        <BillingContent status={status} plans={plans} isOwner={isOwner} portal={portal} paymentsAvailable={paymentsAvailable} />
      )}
    </div>
  );
}

function BillingContent({
  status,
  plans,
  isOwner,
  portal,
  paymentsAvailable,
}: {
  status: SubscriptionStatus;
  plans: BillingPlan[];
  isOwner: boolean;
  portal: ReturnType<typeof usePortal>;
  /** False: no provider; the operator sets plans, nothing is for sale (decision 0120). */
  paymentsAvailable: boolean;
}) {
  const plan = planOfStatus(status, plans);
  const free = status.tier === 'free';
  const auditLimit = status.limits.audits;
  const auditShare = auditLimit > 0 ? Math.min(100, (status.usage.audits / auditLimit) * 100) : 0;

  return (
    <div className="grid max-w-5xl gap-6">
      {paymentsAvailable ? null : <OperatorSetsPlan />}
      <Card>
        <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1.5">
            <CardTitle role="heading" aria-level={2} className="flex items-center gap-2">
              <span>Current Plan</span>
              <Badge variant={free ? 'secondary' : 'default'} aria-label={`Current plan: ${plan.name}`}>
                {plan.name}
              </Badge>
            </CardTitle>
            <CardDescription>
              <span className="text-foreground text-2xl font-semibold">{status.tier === 'enterprise' ? 'Custom' : `$${plan.priceMonthly}`}</span>
              {status.tier === 'enterprise' ? null : <span> / month</span>}
            </CardDescription>
          </div>
          {!free && isOwner && paymentsAvailable ? (
            <Button onClick={portal.open} disabled={portal.opening} className="w-fit">
              <CreditCard aria-hidden="true" />
              Manage Billing
            </Button>
          ) : null}
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <div className="grid gap-1">
            <p className="text-muted-foreground text-sm">SKUs per Audit Limit</p>
            <p className="text-xl font-semibold">{formatLimit(status.limits.products)}</p>
            <p className="text-muted-foreground text-xs">
              {status.usage.products.toLocaleString('en-US')} products in your catalogue
            </p>
          </div>
          <div className="grid gap-2">
            <div className="flex items-baseline justify-between gap-2">
              <p className="text-muted-foreground text-sm" id="audits-this-month">
                Audits This Month
              </p>
              <p className="text-sm font-medium">
                {status.usage.audits.toLocaleString('en-US')} / {formatLimit(auditLimit)}
              </p>
            </div>
            <Progress value={auditLimit === -1 ? 0 : auditShare} aria-labelledby="audits-this-month" />
            {auditLimit === -1 ? <p className="text-muted-foreground text-xs">Unlimited audits on your plan.</p> : null}
          </div>
        </CardContent>
        {!isOwner && paymentsAvailable ? (
          <CardFooter>
            <p className="text-muted-foreground text-sm">Only the account owner can change the plan or manage billing.</p>
          </CardFooter>
        ) : null}
      </Card>

      {free && (isOwner || !paymentsAvailable) ? (
        <section aria-labelledby="upgrade-title" className="grid gap-3">
          <h2 id="upgrade-title" className="text-lg font-semibold">
            {paymentsAvailable ? 'Upgrade your plan' : 'Other plans'}
          </h2>
          <div className="grid gap-4 md:grid-cols-2">
            {plans
              .filter((p) => p.tier !== 'free')
              .map((p) => (
                <Card key={p.tier}>
                  <CardHeader>
                    <CardTitle role="heading" aria-level={3}>
                      {p.name}
                    </CardTitle>
                    <CardDescription>
                      <span className="text-foreground text-xl font-semibold">${p.priceMonthly}</span> / month
                    </CardDescription>
                  </CardHeader>
                  <CardContent>
                    <PlanLimits plan={p} />
                  </CardContent>
                  {paymentsAvailable ? (
                    <CardFooter className="mt-auto">
                      <Button asChild className="w-full">
                        <Link href={`/subscribe?tier=${p.tier}`}>Upgrade to {p.name}</Link>
                      </Button>
                    </CardFooter>
                  ) : null}
                </Card>
              ))}
          </div>
        </section>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle role="heading" aria-level={2}>
            Features Included in Your Plan
          </CardTitle>
        </CardHeader>
        <CardContent>
          <PlanLimits plan={plan} />
        </CardContent>
      </Card>
    </div>
  );
}

/** The plan's limits and features as a check list. */
export function PlanLimits({ plan }: { plan: BillingPlan }) {
  const items = [
    `${formatLimit(plan.limits.products)} products (SKUs)`,
    plan.limits.audits === -1 ? 'Unlimited audits' : `${plan.limits.audits} audits per month`,
    plan.limits.users === -1 ? 'Unlimited users' : plan.limits.users === 1 ? '1 user' : `Up to ${plan.limits.users} users`,
    ...plan.features,
  ];
  return (
    <ul className="grid gap-2 text-sm">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <Check className="text-primary mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Back from checkout (?success=true): the address becomes /billing and the server re-reads the
 * provider (the tier named here is ignored by it). Success is said only when that re-read shows a
 * paid plan, the provider's confirmation; otherwise the toast says it is not confirmed yet
 * (decision 0120). Without a provider nothing was paid and nothing is said.
 */
function useCheckoutReturn(isOwner: boolean, paymentsAvailable: boolean | undefined) {
  const queryClient = useQueryClient();
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current || paymentsAvailable === undefined) return;
    if (new URLSearchParams(window.location.search).get('success') !== 'true') return;
    handled.current = true;
    window.history.replaceState(window.history.state, '', '/billing');
    if (!isOwner || !paymentsAvailable) return;
    const unconfirmed = () =>
      toast('Payment Processing', {
        description: 'The payment provider has not confirmed a payment yet. Your plan changes as soon as it does.',
      });
    updateSubscription('starter')
      .then((status) => {
        queryClient.setQueryData(subscriptionStatusKey, status);
        if (status.tier === 'free') unconfirmed();
        else {
          const name = status.tier.charAt(0).toUpperCase() + status.tier.slice(1);
          toast.success('Payment Successful', { description: `Your subscription has been upgraded to ${name} plan!` });
        }
      })
      .catch(unconfirmed)
      .finally(() => void queryClient.invalidateQueries({ queryKey: subscriptionStatusKey }));
  }, [isOwner, paymentsAvailable, queryClient]);
}
