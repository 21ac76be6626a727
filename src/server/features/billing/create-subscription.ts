/**
 * `POST /api/billing/create-subscription {priceId}` (spec part 2 section 7 "Billing"; DESIGN.md
 * section 10): the owner starts paying for a plan. Answers `{url}` of the provider's hosted
 * checkout, or `{clientSecret}` of an incomplete subscription for the in-page payment form when
 * STRIPE_PUBLISHABLE_KEY is set. The tier does not change here: only the verified webhook (or a
 * re-read of the provider) changes it, once the payment went through.
 */
import type Stripe from 'stripe';
import type { CreateSubscriptionResponse } from '../../../contracts/billing.js';
import { PLANS } from '../../../domain/plans.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { tierOfPrice } from './provider.js';
import { readBillingAccount, saveCustomerId, type BillingAccount } from './repo.js';

export interface CreateSubscriptionOptions {
  db: Db;
  config: Config;
  stripe: Stripe | undefined;
  organizationId: string;
  /** The owner's e-mail, given to the provider's customer. */
  email: string;
  priceId: string;
  /** Origin of the app as the browser sees it, e.g. http://localhost:5000 (return addresses). */
  origin: string;
}

/**
 * @throws AppError 503 BILLING_NOT_CONFIGURED without STRIPE_SECRET_KEY; 400 PRICE_NOT_CONFIGURED
 *   for a priceId that is not one of the configured plan prices; 409 ALREADY_SUBSCRIBED when the
 *   organisation already has a paid plan (changes go through the billing portal).
 */
export async function createSubscription(opts: CreateSubscriptionOptions): Promise<CreateSubscriptionResponse> {
  const { stripe, config } = opts;
  if (!stripe) throw new AppError('BILLING_NOT_CONFIGURED', 'Payments are not configured on this server.', 503);
  const tier = tierOfPrice(config, opts.priceId);
  if (!tier) {
    throw new AppError('PRICE_NOT_CONFIGURED', `priceId: '${opts.priceId}' is not the price of any plan on this server.`, 400);
  }
  const account = (await readBillingAccount(opts.db, opts.organizationId))!;
  if (account.tier !== 'free') {
    throw new AppError(
      'ALREADY_SUBSCRIBED',
      `Your organisation is already on the ${PLANS[account.tier as keyof typeof PLANS]?.name ?? account.tier} plan: change or cancel it with Manage Billing.`,
      409,
    );
  }
  const customer = await customerOf(opts, stripe, account);
  const metadata = { organizationId: account.id, tier };

  if (config.stripe.publishableKey) {
    const subscription = await stripe.subscriptions.create({
      customer,
      items: [{ price: opts.priceId }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata,
      expand: ['latest_invoice.confirmation_secret'],
    });
    const invoice = subscription.latest_invoice as Stripe.Invoice | null;
    const clientSecret = invoice?.confirmation_secret?.client_secret;
    if (!clientSecret) throw new AppError('CHECKOUT_FAILED', 'The payment provider answered no payment form for this subscription.', 502);
    return { clientSecret };
  }

  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    client_reference_id: account.id,
    line_items: [{ price: opts.priceId, quantity: 1 }],
    metadata,
    subscription_data: { metadata },
    success_url: `${opts.origin}/billing?success=true`,
    cancel_url: `${opts.origin}/subscribe?tier=${tier}`,
  });
  if (!session.url) throw new AppError('CHECKOUT_FAILED', 'The payment provider answered no checkout address.', 502);
  return { url: session.url };
}

/** The organisation's provider customer, created (and remembered) at its first checkout. */
async function customerOf(opts: CreateSubscriptionOptions, stripe: Stripe, account: BillingAccount): Promise<string> {
  if (account.stripeCustomerId) return account.stripeCustomerId;
  const customer = await stripe.customers.create({ email: opts.email, name: account.name, metadata: { organizationId: account.id } });
  await saveCustomerId(opts.db, account.id, customer.id);
  return customer.id;
}
