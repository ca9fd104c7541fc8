import { DomainError, parseOrThrow } from "../../core/errors.ts";
import { checkCard, sandboxConfirmSchema } from "../../core/payments/card.ts";
import type { Services } from "../services.server.ts";
import { readJson } from "./orders.server.ts";
import { createRouter } from "./router.server.ts";

/**
 * The offline sandbox's card step (what Stripe.js does when no Stripe key is configured): checks the
 * card, and the sandbox decides it as Stripe's test cards and delivers the signed event to the webhook
 * code path. The card number is read here and never stored or logged.
 */
export function sandboxPaymentRoutes(services: Services) {
  return createRouter().post("/payments/sandbox/confirm", async (c) => {
    const sandbox = services.sandbox;
    if (!sandbox) throw new DomainError("not_found", "orders:errors.sandboxOff");
    const request = parseOrThrow(sandboxConfirmSchema, await readJson(c));
    const problems = checkCard(request, new Date());
    if (Object.keys(problems).length > 0)
      throw new DomainError("validation", Object.values(problems)[0], { fields: problems });
    const decision = await sandbox.confirmCard(request.clientSecret, request.cardNumber);
    if (decision.kind === "unknown") throw new DomainError("not_found", "orders:errors.paymentUnknown");
    if (decision.kind === "canceled") throw new DomainError("conflict", "orders:errors.cannotPay");
    c.header("Cache-Control", "no-store");
    return c.json(
      {
        data:
          decision.status === "succeeded"
            ? { status: "succeeded" }
            : { status: "failed", message: decision.message ?? undefined },
      },
      200,
    );
  });
}
