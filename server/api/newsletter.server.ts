import { createRoute, z } from "@hono/zod-openapi";
import type { Config } from "../../config/env.ts";
import { DomainError } from "../../core/errors.ts";
import {
  CONFIRMATION_STATUSES,
  newsletterConfirmSchema,
  newsletterSubscribeSchema,
} from "../../core/newsletter/schema.ts";
import { translator } from "../i18n.server.ts";
import type { Services } from "../services.server.ts";
import { clientAddress } from "./auth.server.ts";
import { createRouter } from "./router.server.ts";
import { json, jsonBody, refusal } from "./openapi-responses.server.ts";

const subscribe = createRoute({
  method: "post",
  path: "/newsletter/subscribe",
  tags: ["newsletter"],
  summary: "Ask for a subscription: a confirmation link is e-mailed (double opt-in)",
  description: "The answer is the same whether or not the address is known or already confirmed.",
  request: { body: jsonBody(newsletterSubscribeSchema) },
  responses: {
    202: json(z.object({ message: z.string() }).openapi("NewsletterAccepted"), "Accepted; check the inbox"),
    400: refusal("Not a valid e-mail address"),
    429: refusal("Too many requests from this address; Retry-After says when to try again"),
  },
});

const confirm = createRoute({
  method: "post",
  path: "/newsletter/confirm",
  tags: ["newsletter"],
  summary: "Confirm a subscription with the token of the e-mailed link",
  request: { body: jsonBody(newsletterConfirmSchema) },
  responses: {
    200: json(
      z.object({ status: z.enum(CONFIRMATION_STATUSES), message: z.string() }).openapi("NewsletterConfirmation"),
      "Confirmed now, or already",
    ),
    400: refusal("Unknown or garbled token"),
  },
});

/** The newsletter's double opt-in. */
export function newsletterRoutes(services: Services, config: Pick<Config, "TRUST_PROXY">) {
  const newsletter = services.newsletter;
  return createRouter()
    .openapi(subscribe, async (c) => {
      const language = c.get("language");
      try {
        await newsletter.subscribe(c.req.valid("json"), { language, address: clientAddress(c, config) });
      } catch (error) {
        if (error instanceof DomainError && error.code === "rate_limited")
          c.header("Retry-After", String(Number(error.details.params?.minutes ?? 1) * 60));
        throw error;
      }
      return c.json({ message: translator(language)("newsletter:subscribe.accepted") as string }, 202);
    })
    .openapi(confirm, async (c) => {
      const { status } = await newsletter.confirm(c.req.valid("json").token);
      const key = status === "confirmed" ? "newsletter:confirm.confirmed" : "newsletter:confirm.alreadyConfirmed";
      return c.json({ status, message: translator(c.get("language"))(key) as string }, 200);
    });
}
