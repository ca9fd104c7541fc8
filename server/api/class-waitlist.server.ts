import { createRoute, z } from "@hono/zod-openapi";
import type { Config } from "../../config/env.ts";
import { DomainError } from "../../core/errors.ts";
import { WAITLIST_STATUSES } from "../../core/classes/waitlist-rules.ts";
import { waitlistJoinSchema, waitlistTokenSchema } from "../../core/classes/waitlist-schema.ts";
import { requireStaff } from "../middleware/auth-guard.server.ts";
import { translator } from "../i18n.server.ts";
import type { Services } from "../services.server.ts";
import { clientAddress } from "./auth.server.ts";
import { createRouter } from "./router.server.ts";
import { idParams, json, jsonBody, refusal, staffErrors } from "./openapi-responses.server.ts";

const staffEntrySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    language: z.enum(["en", "fr"]),
    status: z.enum(WAITLIST_STATUSES),
    position: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Place among the people still waiting or offered a seat; null once over" }),
    offeredUntil: z
      .string()
      .nullable()
      .openapi({ format: "date-time", description: "End of the held seat, while offered" }),
    createdAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("WaitlistEntry");

const join = createRoute({
  method: "post",
  path: "/classes/{id}/waitlist",
  tags: ["classes"],
  summary: "Join a full class's waiting list; an e-mail confirms the place and carries the link to leave",
  description:
    "Joining again with an e-mail already on the list answers the same place. When a seat frees, the first person waiting is e-mailed a link that holds it for CLASS_WAITLIST_OFFER_HOURS.",
  request: {
    params: idParams,
    body: jsonBody(waitlistJoinSchema),
  },
  responses: {
    201: json(
      z
        .object({ position: z.number().int().openapi({ description: "1 for the next person to be offered a seat" }) })
        .openapi("WaitlistPlace"),
      "On the list",
    ),
    400: refusal("Invalid name, e-mail or language; `message` and `fields` are translated"),
    404: refusal("'Class Not Found'"),
    409: refusal("The class has a seat for a newcomer: 'This class has seats: enrol instead.'"),
    429: refusal("Too many requests from this address or for this e-mail; Retry-After says when to try again"),
  },
});

const leave = createRoute({
  method: "post",
  path: "/waitlist/leave",
  tags: ["classes"],
  summary: "Leave a waiting list with the token of an e-mailed link; a seat held for the person goes to the next one",
  request: { body: jsonBody(waitlistTokenSchema) },
  responses: {
    200: json(z.object({ message: z.string() }).openapi("WaitlistLeft"), "Off the list (also when already off it)"),
    400: refusal("Unknown or garbled token"),
  },
});

const staffList = createRoute({
  method: "get",
  path: "/admin/classes/{id}/waitlist",
  tags: ["classes", "staff"],
  summary: "A class's waiting list in queue order, ended entries last (staff)",
  middleware: [requireStaff] as const,
  request: { params: idParams },
  responses: {
    200: json(z.array(staffEntrySchema), "The waiting list"),
    ...staffErrors,
    404: refusal("'Class Not Found'"),
  },
});

/** Full classes' waiting lists: joining, leaving, and the staff view. */
export function classWaitlistRoutes(services: Services, config: Pick<Config, "TRUST_PROXY">) {
  const waitlist = services.waitlist;
  return createRouter()
    .openapi(join, async (c) => {
      try {
        const place = await waitlist.join(c.req.valid("param").id, c.req.valid("json"), {
          language: c.get("language"),
          address: clientAddress(c, config),
        });
        return c.json(place, 201);
      } catch (error) {
        if (error instanceof DomainError && error.code === "rate_limited")
          c.header("Retry-After", String(Number(error.details.params?.minutes ?? 1) * 60));
        throw error;
      }
    })
    .openapi(leave, async (c) => {
      await waitlist.leave(c.req.valid("json").token);
      return c.json({ message: translator(c.get("language"))("waitlist:leavePage.doneTitle") as string }, 200);
    })
    .openapi(staffList, async (c) => c.json(await waitlist.listForStaff(c.req.valid("param").id), 200));
}
