/**
 * A local stand-in for the card-payment provider's HTTP API (DESIGN.md section 10), so that the
 * official `stripe` SDK runs for real in tests and e2e, pointed here by STRIPE_API_BASE.
 *
 * It serves the few calls the app makes, in the provider's JSON shapes, reading the form-encoded
 * bodies the SDK sends (`metadata[key]=v`, `line_items[0][price]=p`):
 * - POST /v1/customers, GET /v1/customers/:id
 * - POST /v1/checkout/sessions (mode=subscription): `url` of a hosted checkout page here
 * - POST /v1/subscriptions (payment_behavior=default_incomplete): an incomplete subscription with
 *   `latest_invoice.confirmation_secret.client_secret` (the in-page payment form)
 * - GET /v1/subscriptions/:id, GET /v1/subscriptions?customer=…&status=all
 * - POST /v1/billing_portal/sessions: `url` of a portal page here
 * and two pages a browser uses: GET /checkout/:id with a 'Pay' button that makes the subscription
 * active, sends its webhook events and redirects to the session's success_url; GET /portal/:id
 * with 'Cancel subscription', which cancels, sends `customer.subscription.deleted` and returns to
 * return_url.
 *
 * Webhook events are signed as the provider signs them (`Stripe-Signature: t=…,v1=HMAC-SHA256`),
 * with the SDK's own `webhooks.generateTestHeaderString`, and POSTed to `webhookUrl`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface StandInOptions {
  /** Where events are delivered (the app's POST /api/billing/webhook); unset = not delivered. */
  webhookUrl?: string;
  /** The signing secret (the app's STRIPE_WEBHOOK_SECRET). */
  webhookSecret?: string;
  /** Listen port; 0 (default) = ephemeral. */
  port?: number;
  host?: string;
}

type Json = Record<string, unknown>;

export interface StandInSubscription extends Json {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'active' | 'incomplete' | 'canceled';
  metadata: Record<string, string>;
  items: { object: 'list'; data: Array<{ id: string; object: 'subscription_item'; price: { id: string; object: 'price' } }> };
}

/** A signed event ready to POST: its JSON body and Stripe-Signature header. */
export interface SignedEvent {
  id: string;
  payload: string;
  signature: string;
}

const signer = new Stripe('sk_test_stand_in');

/** Parses a form-encoded body with the provider's bracket notation into nested objects/arrays. */
export function parseProviderForm(body: string): Json {
  const out: Json = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Json = out;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      if (last) {
        if (rawKey.endsWith('[]')) ((node[part] as unknown[]) ??= []).push(value);
        else node[part] = value;
        return;
      }
      node[part] ??= {};
      node = node[part] as Json;
    });
  }
  return out;
}

export class StripeStandIn {
  readonly customers = new Map<string, Json>();
  readonly subscriptions = new Map<string, StandInSubscription>();
  readonly checkoutSessions = new Map<string, Json>();
  readonly portalSessions = new Map<string, Json>();
  /** Every API request received (method and path), for tests. */
  readonly requests: Array<{ method: string; path: string; body: Json }> = [];
  private server: Server | undefined;
  private baseUrl = '';

  constructor(private readonly opts: StandInOptions = {}) {}

  /** Starts listening; answers the base URL (the app's STRIPE_API_BASE). */
  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => send(res, 500, { error: { message: String(err) } }));
    });
    await new Promise<void>((resolve) => this.server!.listen(this.opts.port ?? 0, this.opts.host ?? '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.baseUrl = `http://${this.opts.host ?? '127.0.0.1'}:${port}`;
    return this.baseUrl;
  }

  get url(): string {
    return this.baseUrl;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Creates a subscription directly (as if paid elsewhere); answers it. */
  subscribe(customer: string, price: string, status: StandInSubscription['status'] = 'active'): StandInSubscription {
    const subscription: StandInSubscription = {
      id: newId('sub'),
      object: 'subscription',
      customer,
      status,
      metadata: {},
      created: nowSeconds(),
      items: { object: 'list', data: [{ id: newId('si'), object: 'subscription_item', price: { id: price, object: 'price' } }] },
    };
    this.subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  /** Cancels a subscription (as the portal does). */
  cancel(subscriptionId: string): StandInSubscription {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
    subscription.status = 'canceled';
    subscription.canceled_at = nowSeconds();
    return subscription;
  }

  /** An event of `type` about `object`, signed with the webhook secret (not sent). */
  signEvent(type: string, object: Json, secret = this.opts.webhookSecret ?? ''): SignedEvent {
    const id = newId('evt');
    const payload = JSON.stringify({
      id,
      object: 'event',
      type,
      api_version: '2025-01-01',
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    });
    return { id, payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
  }

  /** Any body signed with the webhook secret, well-formed or not (not sent). */
  signPayload(payload: string, secret = this.opts.webhookSecret ?? ''): SignedEvent {
    return { id: '', payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
  }

  /** POSTs a signed event to the webhook URL; answers the HTTP status. */
  async deliver(event: SignedEvent): Promise<number> {
    if (!this.opts.webhookUrl) return 0;
    const res = await fetch(this.opts.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      body: event.payload,
    });
    return res.status;
  }

  /** Signs and sends an event; answers the HTTP status of the delivery. */
  async send(type: string, object: Json): Promise<number> {
    return this.deliver(this.signEvent(type, object));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.baseUrl);
    const raw = await readBody(req);
    const body = parseProviderForm(raw);
    const path = url.pathname;
    const method = req.method ?? 'GET';
    let m: RegExpMatchArray | null;

    if (path.startsWith('/v1/')) {
      this.requests.push({ method, path, body });
      if (!/^Bearer sk_/.test(req.headers.authorization ?? '')) return send(res, 401, apiError('Invalid API Key provided'));
    }

    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: newId('cus'), object: 'customer', email: body.email ?? null, name: body.name ?? null, metadata: body.metadata ?? {}, created: nowSeconds() };
      this.customers.set(customer.id, customer);
      return send(res, 200, customer);
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const customer = this.customers.get(m[1]!);
      return customer ? send(res, 200, customer) : send(res, 404, apiError(`No such customer: '${m[1]}'`));
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const items = Object.values((body.line_items ?? {}) as Record<string, Json>);
      const price = items[0]?.price as string | undefined;
      if (!price) return send(res, 400, apiError('Missing required param: line_items[0][price].'));
      const customer = body.customer as string | undefined;
      if (!customer || !this.customers.has(customer)) return send(res, 400, apiError(`No such customer: '${customer}'`));
      const id = newId('cs');
      const session = {
        id,
        object: 'checkout.session',
        mode: body.mode ?? 'subscription',
        customer,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        success_url: body.success_url,
        cancel_url: body.cancel_url ?? null,
        status: 'open',
        payment_status: 'unpaid',
        subscription: null as string | null,
        url: `${this.baseUrl}/checkout/${id}`,
        price,
        subscription_metadata: ((body.subscription_data as Json | undefined)?.metadata ?? {}) as Record<string, string>,
      };
      this.checkoutSessions.set(id, session);
      return send(res, 200, session);
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const customer = body.customer as string;
      if (!this.customers.has(customer)) return send(res, 400, apiError(`No such customer: '${customer}'`));
      const price = (Object.values((body.items ?? {}) as Record<string, Json>)[0]?.price ?? '') as string;
      const subscription = this.subscribe(customer, price, 'incomplete');
      subscription.metadata = (body.metadata ?? {}) as Record<string, string>;
      const secret = `pi_${randomBytes(8).toString('hex')}_secret_${randomBytes(8).toString('hex')}`;
      return send(res, 200, { ...subscription, latest_invoice: { id: newId('in'), object: 'invoice', confirmation_secret: { client_secret: secret, type: 'payment_intent' } } });
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const subscription = this.subscriptions.get(m[1]!);
      return subscription ? send(res, 200, subscription) : send(res, 404, apiError(`No such subscription: '${m[1]}'`));
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      const customer = url.searchParams.get('customer');
      const status = url.searchParams.get('status');
      const data = [...this.subscriptions.values()]
        .filter((s) => !customer || s.customer === customer)
        .filter((s) => status === 'all' || (status ? s.status === status : s.status !== 'canceled'))
        .reverse();
      return send(res, 200, { object: 'list', url: '/v1/subscriptions', has_more: false, data });
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = body.customer as string;
      if (!this.customers.has(customer)) return send(res, 400, apiError(`No such customer: '${customer}'`));
      const id = newId('bps');
      const session = { id, object: 'billing_portal.session', customer, return_url: body.return_url ?? null, url: `${this.baseUrl}/portal/${id}`, created: nowSeconds() };
      this.portalSessions.set(id, session);
      return send(res, 200, session);
    }

    if (method === 'GET' && (m = path.match(/^\/checkout\/([^/]+)$/))) {
      const session = this.checkoutSessions.get(m[1]!);
      if (!session) return page(res, 404, 'Checkout', '<p>This checkout session does not exist.</p>');
      return page(
        res,
        200,
        'Checkout',
        `<h1>Checkout</h1><p>Subscribe to <code>${escapeHtml(String(session.price))}</code>.</p>
         <form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay</button></form>
         ${session.cancel_url ? `<p><a href="${escapeHtml(String(session.cancel_url))}">Back</a></p>` : ''}`,
      );
    }
    if (method === 'POST' && (m = path.match(/^\/checkout\/([^/]+)\/pay$/))) {
      const session = this.checkoutSessions.get(m[1]!);
      if (!session) return page(res, 404, 'Checkout', '<p>This checkout session does not exist.</p>');
      const subscription = this.subscribe(session.customer as string, session.price as string);
      subscription.metadata = session.subscription_metadata as Record<string, string>;
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
      await this.send('checkout.session.completed', session);
      await this.send('customer.subscription.created', subscription);
      res.writeHead(303, { location: String(session.success_url) }).end();
      return;
    }
    if (method === 'GET' && (m = path.match(/^\/portal\/([^/]+)$/))) {
      const session = this.portalSessions.get(m[1]!);
      if (!session) return page(res, 404, 'Billing portal', '<p>This portal session does not exist.</p>');
      const active = [...this.subscriptions.values()].filter((s) => s.customer === session.customer && s.status !== 'canceled');
      const list = active
        .map(
          (s) => `<li>${escapeHtml(s.items.data[0]?.price.id ?? '')} (${s.status})
            <form method="post" action="/portal/${session.id}/cancel/${s.id}"><button type="submit">Cancel subscription</button></form></li>`,
        )
        .join('');
      return page(
        res,
        200,
        'Billing portal',
        `<h1>Billing portal</h1><ul>${list || '<li>No active subscription</li>'}</ul>
         <p><a href="${escapeHtml(String(session.return_url))}">Return</a></p>`,
      );
    }
    if (method === 'POST' && (m = path.match(/^\/portal\/([^/]+)\/cancel\/([^/]+)$/))) {
      const session = this.portalSessions.get(m[1]!);
      const subscription = this.subscriptions.get(m[2]!);
      if (!session || !subscription || subscription.customer !== session.customer) return page(res, 404, 'Billing portal', '<p>Not found.</p>');
      this.cancel(subscription.id);
      await this.send('customer.subscription.deleted', subscription);
      res.writeHead(303, { location: String(session.return_url) }).end();
      return;
    }
    send(res, 404, apiError(`Unrecognized request URL (${method}: ${path}).`));
  }
}

/** Starts a stand-in on 127.0.0.1 (ephemeral port unless `opts.port`). */
export async function startStripeStandIn(opts: StandInOptions = {}): Promise<StripeStandIn> {
  const standIn = new StripeStandIn(opts);
  await standIn.start();
  return standIn;
}

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function apiError(message: string): Json {
  return { error: { type: 'invalid_request_error', message } };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') }).end(JSON.stringify(body));
}

function page(res: ServerResponse, status: number, title: string, html: string): void {
  res
    .writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
    .end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${html}</body></html>`);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
