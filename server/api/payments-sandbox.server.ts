import type { Services } from "../services.server.ts";
import { readJson } from "./orders.server.ts";
import { createRouter } from "./router.server.ts";

/**
 * The offline sandbox's payment step (when no Stripe key is configured): checks the card, decides it
 * as Stripe's test cards and posts the signed event to the webhook code path. The card number is read
 * here and never stored or logged.
 */
export function sandboxPaymentRoutes(services: Services) {
  return createRouter().post("/payments/sandbox/confirm", async (c) => {
    const result = await services.checkout.confirmSandbox(await readJson(c));
    c.header("Cache-Control", "no-store");
    return c.json({ data: result }, 200);
  });
}
