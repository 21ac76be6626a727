/**
 * /subscribe (spec part 2 "Choose Your Plan screen", section 8; DESIGN.md section 10): ?tier=
 * preselects the plan (starter by default); 'Continue with {plan}' creates the subscription and
 * either goes to the provider's hosted checkout or, when the in-page form is configured, shows
 * 'Complete Your Subscription' with 'Back to Plan Selection'. 'Back to Billing' goes to /billing.
 * Without a payment provider it shows the plans and says the operator sets them, with no
 * 'Continue' (docs/decisions/0120).
 */
import { lazy, Suspense, useState } from 'react';
import { ArrowLeft } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Link, useSearch } from 'wouter';
import type { BillingPlan } from '../../../contracts/billing';
import { PageHeader } from '@/components/PageHeader';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/api';
import { createSubscription, useBillingPlans, useSubscriptionStatus } from './api/billing';
import { PlanLimits } from './BillingPage';
import { OperatorSetsPlan } from './components/OperatorSetsPlan';

// The provider's browser library loads only with the in-page form, on this screen.
const PaymentForm = lazy(() => import('./components/PaymentForm'));

export default function SubscribePage({ isOwner }: { isOwner: boolean }) {
  const plansQuery = useBillingPlans();
  const status = useSubscriptionStatus().data;
  const requested = new URLSearchParams(useSearch()).get('tier');
  const [chosen, setChosen] = useState<string>(requested === 'pro' ? 'pro' : 'starter');
  const [creating, setCreating] = useState(false);
  const [clientSecret, setClientSecret] = useState<string | null>(null);

  const offered = plansQuery.data?.plans.filter((p) => p.tier !== 'free') ?? [];
  const plan = offered.find((p) => p.tier === chosen);
  const publishableKey = plansQuery.data?.publishableKey ?? null;
  const alreadyPaid = status !== undefined && status.tier !== 'free';

  const start = async (target: BillingPlan) => {
    if (!target.priceId) {
      toast.error('Configuration Error', { description: `Price ID not configured for ${target.name}` });
      return;
    }
    setCreating(true);
    try {
      const answer = await createSubscription(target.priceId);
      if (answer?.url) {
        window.location.assign(answer.url);
        return;
      }
      if (answer?.clientSecret) {
        setClientSecret(answer.clientSecret);
        return;
      }
      toast.error('Invalid response from server');
    } catch (error) {
      toast.error(publishableKey ? 'Failed to create subscription' : 'Failed to create checkout session', { description: errorMessage(error) });
    } finally {
      setCreating(false);
    }
  };

  return (
    <div className="flex flex-1 flex-col gap-6 p-4 md:p-6">
      <PageHeader
        title="Choose Your Plan"
        description={
          plansQuery.data?.paymentsAvailable === false
            ? 'The plans of this installation and what each includes.'
            : 'Pick the plan that fits your catalogue. You can change or cancel it any time in Manage Billing.'
        }
        actions={
          <Button variant="outline" size="sm" asChild>
            <Link href="/billing">
              <ArrowLeft aria-hidden="true" />
              Back to Billing
            </Link>
          </Button>
        }
      />
      {!plansQuery.data ? (
        <Skeleton className="h-72 w-full max-w-4xl" />
      ) : !plansQuery.data.paymentsAvailable ? (
        <div className="grid max-w-4xl gap-6">
          <OperatorSetsPlan />
          <div className="grid gap-4 md:grid-cols-2">
            {offered.map((p) => (
              <Card key={p.tier}>
                <CardHeader>
                  <CardTitle role="heading" aria-level={2}>
                    {p.name}
                  </CardTitle>
                  <CardDescription>
                    <span className="text-foreground text-2xl font-semibold">${p.priceMonthly}</span> / month
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  <PlanLimits plan={p} />
                </CardContent>
              </Card>
            ))}
          </div>
        </div>
      ) : !isOwner ? (
        <p className="text-muted-foreground text-sm">Only the account owner can change the plan.</p>
      ) : alreadyPaid ? (
        <p className="text-sm">
          Your organisation is on a paid plan. Change or cancel it with{' '}
          <Link href="/billing" className="text-primary font-medium underline-offset-4 hover:underline">
            Manage Billing
          </Link>
          .
        </p>
      ) : clientSecret && plan && publishableKey ? (
        <Card className="max-w-xl">
          <CardHeader>
            <CardTitle role="heading" aria-level={2}>
              Complete Your Subscription
            </CardTitle>
            <CardDescription>
              {plan.name}: ${plan.priceMonthly} / month
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Suspense fallback={<Skeleton className="h-40 w-full" />}>
              <PaymentForm publishableKey={publishableKey} clientSecret={clientSecret} />
            </Suspense>
          </CardContent>
          <CardFooter>
            <Button variant="ghost" onClick={() => setClientSecret(null)}>
              Back to Plan Selection
            </Button>
          </CardFooter>
        </Card>
      ) : (
        <div className="grid max-w-4xl gap-6">
          <div role="radiogroup" aria-label="Plans" className="grid gap-4 md:grid-cols-2">
            {offered.map((p) => {
              const selected = p.tier === chosen;
              return (
                <Card
                  key={p.tier}
                  role="radio"
                  aria-checked={selected}
                  aria-label={`${p.name}, $${p.priceMonthly} a month`}
                  tabIndex={selected ? 0 : -1}
                  onClick={() => setChosen(p.tier)}
                  onKeyDown={(e) => {
                    if (e.key === ' ' || e.key === 'Enter') {
                      e.preventDefault();
                      setChosen(p.tier);
                    }
                    if (e.key === 'ArrowRight' || e.key === 'ArrowDown' || e.key === 'ArrowLeft' || e.key === 'ArrowUp') {
                      e.preventDefault();
                      const next = offered[(offered.indexOf(p) + 1) % offered.length]!;
                      setChosen(next.tier);
                      (e.currentTarget.parentElement?.querySelector(`[data-tier="${next.tier}"]`) as HTMLElement | null)?.focus();
                    }
                  }}
                  data-tier={p.tier}
                  className={cn(
                    'focus-visible:ring-ring cursor-pointer transition-colors outline-none focus-visible:ring-2',
                    selected ? 'border-primary ring-primary ring-1' : 'hover:border-primary/50',
                  )}
                >
                  <CardHeader>
                    <CardTitle>{p.name}</CardTitle>
                    <CardDescription>
                      <span className="text-foreground text-2xl font-semibold">${p.priceMonthly}</span> / month
                    </CardDescription>
                  </CardHeader>
                  <CardContent>
                    <PlanLimits plan={p} />
                  </CardContent>
                </Card>
              );
            })}
          </div>
          {plan ? (
            <Button size="lg" className="w-full sm:w-fit" onClick={() => void start(plan)} disabled={creating}>
              Continue with {plan.name}
            </Button>
          ) : null}
        </div>
      )}
    </div>
  );
}
