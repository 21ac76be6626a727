/**
 * Runs the payment provider's stand-in (src/server/test-support/stripe-stand-in.ts) as a process
 * for the billing e2e project of playwright.config.ts: STAND_IN_PORT, WEBHOOK_URL, WEBHOOK_SECRET.
 */
import { startStripeStandIn } from '../../src/server/test-support/stripe-stand-in';

const standIn = await startStripeStandIn({
  port: Number(process.env.STAND_IN_PORT),
  webhookUrl: process.env.WEBHOOK_URL,
  webhookSecret: process.env.WEBHOOK_SECRET,
});
console.log(`payment provider stand-in on ${standIn.url}`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
