import { Check } from 'lucide-react';
import { formatLimit, PLANS, type Plan } from '../../../../domain/plans';
import { cn } from '@/lib/cn';
import { SignInLink } from './SignInLink';

/** The plans of DESIGN.md section 4 (limits) with the feature lists of spec part 1 section 9. */
const ORDER = [PLANS.free, PLANS.starter, PLANS.pro];
const MOST_POPULAR = PLANS.starter.tier;

const TAGLINES: Record<Plan['tier'], string> = {
  free: 'Try StockTally on a small catalogue.',
  starter: 'For a single store that counts often.',
  pro: 'For growing teams and several locations.',
  enterprise: 'For large catalogues and teams, on request.',
};

function limits(plan: Plan): string[] {
  return [
    plan.users === null ? 'Unlimited users' : plan.users === 1 ? '1 user' : `Up to ${plan.users} users`,
    plan.auditsPerMonth === null ? 'Unlimited audits' : `${plan.auditsPerMonth} audits per month`,
    `${formatLimit(plan.products)} products`,
  ];
}

export function PricingSection() {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-16 border-b">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-24">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="pricing-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Simple, transparent pricing
          </h2>
          <p className="text-muted-foreground mt-4 text-lg text-pretty">Start free. Upgrade when your catalogue grows.</p>
        </div>
        <ul className="mt-12 grid items-stretch gap-6 lg:grid-cols-3">
          {ORDER.map((plan) => {
            const popular = plan.tier === MOST_POPULAR;
            return (
              <li
                key={plan.tier}
                aria-labelledby={`plan-${plan.tier}`}
                className={cn(
                  'bg-card relative flex flex-col rounded-2xl border p-6 shadow-sm sm:p-8',
                  popular && 'border-primary ring-primary shadow-lg ring-1',
                )}
              >
                {popular ? (
                  <span className="bg-primary text-primary-foreground absolute -top-3 left-1/2 -translate-x-1/2 rounded-full px-3 py-1 text-xs font-semibold">
                    Most Popular
                  </span>
                ) : null}
                <h3 id={`plan-${plan.tier}`} className="text-lg font-semibold">
                  {plan.name}
                </h3>
                <p className="text-muted-foreground mt-1 text-sm">{TAGLINES[plan.tier]}</p>
                <p className="mt-6 flex items-baseline gap-1">
                  <span className="text-4xl font-bold tracking-tight">${plan.priceMonthly}</span>
                  <span className="text-muted-foreground text-sm">/month</span>
                </p>
                <ul className="mt-6 mb-8 grid flex-1 content-start gap-3 text-sm">
                  {[...limits(plan), ...plan.features].map((item) => (
                    <li key={item} className="flex gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
                      {item}
                    </li>
                  ))}
                </ul>
                <SignInLink className="w-full" variant={popular ? 'default' : 'outline'}>
                  {plan.priceMonthly === 0 ? 'Start Free Trial' : 'Get Started'}
                </SignInLink>
              </li>
            );
          })}
        </ul>
        {/* The spec does not show where this goes: plain text, not a dead link. */}
        <p className="text-muted-foreground mt-10 text-center text-sm">
          Need more than {formatLimit(PLANS.pro.products)} products?{' '}
          <span className="text-foreground font-medium">Contact us for enterprise pricing.</span>
        </p>
      </div>
    </section>
  );
}
