import { createRoute, z } from "@hono/zod-openapi";
import type { Config } from "../../config/env.ts";
import { assistantRequestSchema } from "../../core/assistant/schema.ts";
import { requireStaff } from "../middleware/auth-guard.server.ts";
import type { Services } from "../services.server.ts";
import { clientAddress } from "./auth.server.ts";
import { createRouter } from "./router.server.ts";
import { invalid, json, jsonBody, refusal, staffErrors } from "./openapi-responses.server.ts";

const assistantReplySchema = z
  .object({
    success: z.literal(true),
    response: z.string().openapi({ description: "The assistant's reply, in the conversation's language" }),
    message: z.string().openapi({ description: "The same reply (the field the earlier client read)" }),
    conversationId: z.string().openapi({ description: "Send it with the next message to continue this conversation" }),
    kind: z.enum(["flow", "keyword", "model"]).openapi({ description: "keyword replies are shown after 500 ms" }),
    flow: z.object({ kind: z.enum(["booking", "contact"]), step: z.string() }).nullable(),
  })
  .openapi("AssistantReply");

const conversationSchema = z
  .object({
    id: z.string(),
    channel: z.string().openapi({ example: "chat" }),
    language: z.string(),
    transcript: z.array(z.object({ role: z.enum(["user", "assistant"]), content: z.string(), at: z.string() })),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Conversation");

const chatbot = createRoute({
  method: "post",
  path: "/chatbot",
  tags: ["assistant"],
  summary: "One message to the assistant: guided booking and contact flows, keyword replies, prices from the catalogue",
  request: { body: jsonBody(assistantRequestSchema) },
  responses: {
    200: json(assistantReplySchema, "The reply"),
    400: refusal("Empty or too long message, invalid history"),
    429: refusal("Too many messages from this address; Retry-After says when to try again"),
  },
});

const conversation = createRoute({
  method: "get",
  path: "/conversations/{id}",
  tags: ["assistant", "staff"],
  summary: "A stored conversation with its whole transcript (staff; a lead's timeline links to it)",
  middleware: [requireStaff] as const,
  request: { params: z.object({ id: z.string().min(1).max(200) }) },
  responses: {
    200: json(conversationSchema, "The conversation"),
    ...staffErrors,
    ...invalid,
    404: refusal("No such conversation"),
  },
});

/** The assistant (spec document 001, sections 4, 5 and 7). */
export function assistantRoutes(services: Services, config: Pick<Config, "TRUST_PROXY">) {
  return createRouter()
    .openapi(chatbot, async (c) => {
      const reply = await services.assistant.reply(c.req.valid("json"), {
        address: clientAddress(c, config),
        language: c.get("language"),
      });
      return c.json(
        {
          success: true as const,
          response: reply.response,
          message: reply.response,
          conversationId: reply.conversationId,
          kind: reply.kind,
          flow: reply.flow,
        },
        200,
      );
    })
    .openapi(conversation, async (c) => c.json(await services.assistant.find(c.req.valid("param").id), 200));
}
