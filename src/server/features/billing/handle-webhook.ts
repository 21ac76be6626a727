/**
 * `POST /api/billing/webhook` (DESIGN.md section 10): the provider tells that something changed.
 * The signature (Stripe-Signature over the raw body, STRIPE_WEBHOOK_SECRET) is the only
 * authentication. Each event id is applied once (stripe_events); the event's content is only a
 * hint of which customer changed: the customer's subscriptions are read back from the provider
 * and their current state applied, so events arriving late or out of order cannot leave a stale
 * tier.
 */
import type Stripe from 'stripe';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { providerEventSchema, type ProviderEvent } from '../../../contracts/billing.js';
import { applyProviderState, readProviderState } from './provider-state.js';
import { billingAccountOfCustomer, providerEventApplied, recordProviderEvent } from './repo.js';

export type WebhookOutcome = 'applied' | 'replayed' | 'ignored';

/**
 * @param rawBody the request body exactly as received (the signature covers these bytes).
 * @throws AppError 503 WEBHOOK_NOT_CONFIGURED without STRIPE_SECRET_KEY/STRIPE_WEBHOOK_SECRET;
 *   400 INVALID_SIGNATURE for a missing, bad or stale signature; 400 MALFORMED_EVENT for a
 *   signed body that is not an event of the provider's shape (`{}`, `data.object: null`).
 *   Nothing is changed by any of them.
 */
export async function handleWebhook(opts: {
  db: Db;
  config: Config;
  stripe: Stripe | undefined;
  rawBody: Buffer;
  signature: string | undefined;
}): Promise<WebhookOutcome> {
  const { stripe, config } = opts;
  const secret = config.stripe.webhookSecret;
  if (!stripe || !secret) throw new AppError('WEBHOOK_NOT_CONFIGURED', 'Payment webhooks are not configured on this server.', 503);
  if (!opts.signature) throw new AppError('INVALID_SIGNATURE', 'Missing Stripe-Signature header.', 400);
  let signed: Stripe.Event;
  try {
    signed = stripe.webhooks.constructEvent(opts.rawBody, opts.signature, secret);
  } catch {
    throw new AppError('INVALID_SIGNATURE', 'The Stripe-Signature header does not match the body.', 400);
  }
  // Signed is not well-formed: a body of another shape is refused before anything is read or stored.
  const parsed = providerEventSchema.safeParse(signed);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError('MALFORMED_EVENT', `The event is not one the provider sends (${issue.path.join('.') || 'event'}: ${issue.message}).`, 400);
  }
  const event = parsed.data;
  if (await providerEventApplied(opts.db, event.id)) return 'replayed';

  const customerId = customerOfEvent(event);
  const account = customerId ? await billingAccountOfCustomer(opts.db, customerId) : undefined;
  // Read before recording: a failed read answers 5xx and the provider retries the event.
  const state = account && customerId ? await readProviderState(stripe, config, customerId) : undefined;
  return opts.db.transaction(async (tx) => {
    if (!(await recordProviderEvent(tx, event.id, event.type))) return 'replayed';
    if (!account || !state) return 'ignored';
    await applyProviderState(tx, account, state);
    return 'applied';
  });
}

/** The customer an event is about: its object's `customer`, or the object itself for customer events. */
function customerOfEvent(event: ProviderEvent): string | undefined {
  const object = event.data.object;
  if (object.object === 'customer') return object.id;
  if (typeof object.customer === 'string') return object.customer;
  return object.customer?.id;
}
