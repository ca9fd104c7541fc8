import { createRoute, z } from "@hono/zod-openapi";
import { MAIL_STATUSES, outboxQuerySchema } from "../../core/mail/schema.ts";
import { requireStaff } from "../middleware/auth-guard.server.ts";
import type { Services } from "../services.server.ts";
import { createRouter } from "./router.server.ts";
import {
  cappedPage,
  idParams,
  json,
  paged,
  refusal,
  setPagedAnswerHeaders,
  staffErrors,
} from "./openapi-responses.server.ts";

const outboxSummarySchema = z
  .object({
    id: z.number().int(),
    to: z.string(),
    subject: z.string(),
    kind: z.string().openapi({ example: "contact.confirmation" }),
    status: z.enum(MAIL_STATUSES),
    attempts: z.number().int(),
    nextAttemptAt: z.string().openapi({ format: "date-time" }),
    lastError: z.string().nullable(),
    createdAt: z.string().openapi({ format: "date-time" }),
    sentAt: z.string().nullable().openapi({ format: "date-time" }),
  })
  .openapi("OutboxSummary");

const outboxMessageSchema = outboxSummarySchema
  .extend({ text: z.string(), html: z.string().nullable() })
  .openapi("OutboxMessage");

const outboxPageSchema = paged(outboxSummarySchema, "OutboxPage");

const listOutbox = createRoute({
  method: "get",
  path: "/admin/outbox",
  tags: ["mail", "staff"],
  summary: "The e-mail outbox, newest first, paginated, optionally filtered by status (staff)",
  description:
    "Every e-mail the site sends is queued here first. Without MAIL_URL nothing is sent and this is where staff read them.",
  middleware: [requireStaff] as const,
  request: { query: outboxQuerySchema },
  responses: {
    200: cappedPage(json(outboxPageSchema, "One page of messages")),
    400: refusal("Invalid query"),
    ...staffErrors,
  },
});

const getOutboxMessage = createRoute({
  method: "get",
  path: "/admin/outbox/{id}",
  tags: ["mail", "staff"],
  summary: "One outbox message with its plain-text and HTML bodies (staff)",
  middleware: [requireStaff] as const,
  request: { params: idParams },
  responses: {
    200: json(outboxMessageSchema, "The message"),
    404: refusal("Message not found"),
    ...staffErrors,
  },
});

/** Staff access to the e-mail outbox. */
export function mailRoutes(services: Services) {
  const mail = services.mail;
  return createRouter()
    .openapi(listOutbox, async (c) => {
      const page = await mail.listOutbox(c.req.valid("query"));
      setPagedAnswerHeaders(c, page);
      return c.json(page, 200);
    })
    .openapi(getOutboxMessage, async (c) => c.json(await mail.getOutboxMessage(c.req.valid("param").id), 200));
}
