import { createRoute, z } from "@hono/zod-openapi";
import type { Config } from "../../config/env.ts";
import { assistantContactSchema, contactInputSchema } from "../../core/contact/schema.ts";
import { translator } from "../i18n.server.ts";
import type { Services } from "../services.server.ts";
import { clientAddress } from "./auth.server.ts";
import { createRouter } from "./router.server.ts";
import { invalid, json, jsonBody, rateLimited } from "./openapi-responses.server.ts";

const refusals = { ...invalid, ...rateLimited("Too many messages from this address") };

const submitContact = createRoute({
  method: "post",
  path: "/contact",
  tags: ["contact"],
  summary: "Send the contact form: stored, confirmed to the visitor by e-mail, and announced to staff",
  request: { body: jsonBody(contactInputSchema) },
  responses: {
    201: json(
      z
        .object({
          message: z.string().openapi({ example: "Thank you for your message! We will get back to you soon." }),
        })
        .openapi("ContactSent"),
      "Stored; e-mails queued",
    ),
    ...refusals,
  },
});

const assistantContact = createRoute({
  method: "post",
  path: "/contact/send-email",
  tags: ["contact"],
  summary:
    "Contact details captured by the chatbot or the voice assistant: stored as a quote request, confirmed and announced",
  request: { body: jsonBody(assistantContactSchema) },
  responses: {
    200: json(
      z.object({ success: z.literal(true), message: z.string() }).openapi("AssistantContactSent"),
      "Stored; e-mails queued",
    ),
    ...refusals,
  },
});

/** The contact form (spec document 000) and the assistants' contact capture (document 001). */
export function contactRoutes(services: Services, config: Pick<Config, "TRUST_PROXY">) {
  const contact = services.contact;
  return createRouter()
    .openapi(submitContact, async (c) => {
      const language = c.get("language");
      await contact.submit(c.req.valid("json"), { address: clientAddress(c, config), language });
      return c.json({ message: translator(language)("contact:messages.sent") }, 201);
    })
    .openapi(assistantContact, async (c) => {
      const language = c.get("language");
      await contact.submitFromAssistant(c.req.valid("json"), { address: clientAddress(c, config), language });
      return c.json({ success: true as const, message: translator(language)("contact:messages.sent") }, 200);
    });
}
