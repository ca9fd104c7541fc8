import { createRoute, z } from "@hono/zod-openapi";
import { DomainError } from "../../core/errors.ts";
import { checkCard, sandboxConfirmSchema } from "../../core/payments/card.ts";
import type { Services } from "../services.server.ts";
import { data, jsonBody, refusal } from "./openapi-responses.server.ts";
import { createRouter } from "./router.server.ts";

const confirmCard = createRoute({
  method: "post",
  path: "/payments/sandbox/confirm",
  tags: ["payments"],
  summary:
    "The sandbox's card step (no Stripe keys): Luhn, expiry, CVC; Stripe's test cards; the sandbox delivers the signed event to the webhook path",
  request: { body: jsonBody(sandboxConfirmSchema) },
  responses: {
    200: data(
      z.object({ status: z.enum(["succeeded", "failed"]), message: z.string().optional() }),
      "The provider's decision",
    ),
    400: refusal("Card fields: cardNumber, expiry, cvc"),
    404: refusal("No sandbox (Stripe keys are configured), or an unknown payment"),
    409: refusal("The payment was cancelled"),
  },
});

/**
 * The offline sandbox's card step (what Stripe.js does when no Stripe key is configured): checks the
 * card, and the sandbox decides it as Stripe's test cards and delivers the signed event to the webhook
 * code path. The card number is read here and never stored or logged.
 */
export function sandboxPaymentRoutes(services: Services) {
  return createRouter().openapi(confirmCard, async (c) => {
    const sandbox = services.sandbox;
    if (!sandbox) throw new DomainError("not_found", "orders:errors.sandboxOff");
    const request = c.req.valid("json");
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
            ? { status: "succeeded" as const }
            : { status: "failed" as const, message: decision.message ?? undefined },
      },
      200,
    );
  });
}
