import type { Services } from "../services.server.ts";
import { createRouter } from "./router.server.ts";

/**
 * Stripe's webhook (and the sandbox's, which signs the same format): the raw body is verified
 * against the Stripe-Signature header before anything is read from it; 400 on a bad signature or one
 * dated more than five minutes ahead. 409 when the event needs the provider's word (a refund of a
 * payment whose success we have not seen) and the provider cannot be reached: Stripe sends it again.
 */
export function webhookRoutes(services: Services) {
  return createRouter().post("/webhooks/stripe", async (c) => {
    const rawBody = await c.req.text();
    const { duplicate } = await services.payments.handleWebhook(rawBody, c.req.header("stripe-signature"));
    return c.json({ received: true, duplicate }, 200);
  });
}
