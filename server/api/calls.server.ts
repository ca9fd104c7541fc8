import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { CALLS_PAGE_SIZE, callPageQuerySchema, type TwilioVoiceParams } from "../../core/calls/schema.ts";
import { MAX_LIMIT } from "../../core/paging/rules.ts";
import type { AppEnv } from "../context.server.ts";
import { requireStaff } from "../middleware/auth-guard.server.ts";
import type { Services } from "../services.server.ts";
import { createRouter } from "./router.server.ts";
import { cappedPage, json, refusal, setPageHeaders, staffErrors } from "./openapi-responses.server.ts";

const callSchema = z
  .object({
    id: z.number().int(),
    twilioCallId: z.string(),
    fromNumber: z.string(),
    toNumber: z.string(),
    status: z.string().openapi({ example: "completed" }),
    duration: z.number().int().nullable(),
    transcript: z.string().nullable(),
    summary: z.string().nullable(),
    leadCaptured: z.enum(["yes", "no"]),
    followUpRequired: z.enum(["yes", "no"]),
    language: z.string(),
    leadId: z.number().int().nullable(),
    createdAt: z.string(),
    endedAt: z.string().nullable(),
  })
  .openapi("Call");

const listCalls = createRoute({
  method: "get",
  path: "/calls",
  tags: ["calls", "staff"],
  summary: "The phone-call log, newest first, optionally filtered by status, lead captured and follow-up (staff)",
  description:
    `The answer is the page's calls (an array, as ever); where it stands is in the headers. \`page\` starts at 1; ` +
    `\`limit\` is ${CALLS_PAGE_SIZE} unless asked, at most ${MAX_LIMIT}.`,
  middleware: [requireStaff] as const,
  request: { query: callPageQuerySchema },
  responses: {
    200: cappedPage(json(z.object({ data: z.array(callSchema) }).openapi("Calls"), "Calls")),
    400: refusal("Invalid filter, page or limit"),
    ...staffErrors,
  },
});

/**
 * A phone-line webhook as the document shows it: Twilio posts the call's form fields (CallSid, From,
 * SpeechResult...) signed with X-Twilio-Signature, and reads TwiML back. The form is said in the
 * description rather than declared as a body: a declared body is validated (415 for another media type,
 * 400 for an odd field) before the handler runs, and every request must reach the signature check first
 * (403 for anything unsigned). The handler keeps the text fields itself (formFields); a field Twilio adds
 * must not turn a call away.
 */
function twilioWebhook(path: string, summary: string, answers: TwilioAnswers) {
  return createRoute({
    method: "post",
    path,
    tags: ["calls", "webhooks"],
    summary: `Twilio voice webhook: ${summary}`,
    description:
      "Body: the call's fields as application/x-www-form-urlencoded (CallSid, From, To, SpeechResult, Digits...), signed with X-Twilio-Signature over PUBLIC_URL's address of the webhook.",
    request: { headers: z.object({ "x-twilio-signature": z.string().optional() }) },
    responses: {
      ...(answers.twiml
        ? { 200: { description: "TwiML", content: { "text/xml": { schema: z.string() } } } }
        : { 204: { description: "Recorded; nothing to say" } }),
      ...(answers.callId ? { 400: refusal("A CallSid that is not Twilio's call id: nothing is recorded") } : {}),
      403: refusal("Missing or wrong Twilio signature"),
    },
  });
}

/** What a phone-line webhook answers: TwiML (or nothing), and whether it reads the call's id (a 400 when odd). */
interface TwilioAnswers {
  twiml: boolean;
  callId: boolean;
}

/** Twilio posts form fields; only text fields are kept. */
async function formFields(c: Context<AppEnv>): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  return Object.fromEntries(
    Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

/**
 * The phone line's webhooks (TwiML answers) and the call log (spec 001, sections 2, 3 and 7). Every
 * webhook is verified against X-Twilio-Signature for the PUBLIC_URL address it was sent to: a missing
 * or wrong signature gets 403 and nothing is recorded.
 */
export function callRoutes(services: Services) {
  const calls = services.calls;
  const router = createRouter().openapi(listCalls, async (c) => {
    c.req.valid("query");
    const { items, request, counted } = await calls.list(c.req.query());
    setPageHeaders(c, request, counted);
    return c.json({ data: items }, 200);
  });

  const webhook = (
    path: string,
    summary: string,
    answers: TwilioAnswers,
    handle: (params: TwilioVoiceParams, c: Context<AppEnv>) => Promise<string | null>,
  ) =>
    router.openapi(twilioWebhook(path, summary, answers), async (c) => {
      const params = await formFields(c);
      const url = new URL(c.req.url);
      if (!calls.verify(url.pathname + url.search, c.req.header("x-twilio-signature"), params)) {
        return c.json({ message: "Invalid Twilio signature", code: "forbidden" }, 403);
      }
      const twiml = await handle(params as TwilioVoiceParams, c);
      if (twiml === null) return c.body(null, 204);
      return c.body(twiml, 200, { "content-type": "text/xml; charset=utf-8" });
    });

  webhook(
    "/twilio/voice/incoming",
    "A call comes in: the greeting and the language menu",
    { twiml: true, callId: true },
    (params) => calls.incoming(params),
  );
  webhook(
    "/twilio/voice/language",
    "The caller chose a language (keypad or speech)",
    { twiml: true, callId: false },
    async (params, c) => calls.chooseLanguage(params, c.req.query("default")),
  );
  webhook(
    "/twilio/voice/turn",
    "What the caller said: the assistant's answer",
    { twiml: true, callId: true },
    (params, c) =>
      calls.turn(params, { lang: c.req.query("lang"), turn: c.req.query("turn"), silence: c.req.query("silence") }),
  );
  webhook(
    "/twilio/voice/status",
    "The call's status changed (ended, no answer): recorded",
    { twiml: false, callId: true },
    async (params) => {
      await calls.recordStatus(params);
      return null;
    },
  );
  return router;
}
