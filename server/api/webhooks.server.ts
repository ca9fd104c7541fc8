import { createRoute, z } from "@hono/zod-openapi";
import type { Services } from "../services.server.ts";
import { json, refusal } from "./openapi-responses.server.ts";
import { createRouter } from "./router.server.ts";

/**
 * The event is said in the description rather than declared as a body: a declared body is parsed and
 * validated before the handler runs, and the signature is verified over the raw bytes as sent.
 */
const stripeWebhook = createRoute({
  method: "post",
  path: "/webhooks/stripe",
  tags: ["payments", "webhooks"],
  summary: "Stripe's (and the sandbox's) signed events, verified over the raw body, applied once by event id",
  description: "Body: a Stripe event as JSON, signed with Stripe-Signature over its raw bytes.",
  request: { headers: z.object({ "stripe-signature": z.string().optional() }) },
  responses: {
    200: json(z.object({ received: z.literal(true), duplicate: z.boolean() }), "Applied, or already applied"),
    400: refusal("Bad or missing signature, or one dated more than five minutes ahead"),
    409: refusal("The event needs the provider's word and the provider cannot be reached: Stripe sends it again"),
  },
});

/**
 * Stripe's webhook (and the sandbox's, which signs the same format): the raw body is verified
 * against the Stripe-Signature header before anything is read from it; 400 on a bad signature or one
 * dated more than five minutes ahead. 409 when the event needs the provider's word (a refund of a
 * payment whose success we have not seen) and the provider cannot be reached: Stripe sends it again.
 */
export function webhookRoutes(services: Services) {
  return createRouter().openapi(stripeWebhook, async (c) => {
    const rawBody = await c.req.text();
    const { duplicate } = await services.payments.handleWebhook(rawBody, c.req.valid("header")["stripe-signature"]);
    return c.json({ received: true as const, duplicate }, 200);
  });
}
