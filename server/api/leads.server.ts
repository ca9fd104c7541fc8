import { createRoute, z } from "@hono/zod-openapi";
import { CRM_NAMES } from "../../core/crm/rules.ts";
import { COUNT_CAP, MAX_LIMIT } from "../../core/paging/rules.ts";
import {
  CRM_SYSTEMS,
  LEAD_SOURCES,
  LEAD_STATUSES,
  SYNC_STATUSES,
  LEAD_PAGE_SIZE,
  leadPageQuerySchema,
  leadSyncSchema,
  leadUpdateSchema,
} from "../../core/leads/schema.ts";
import { translator } from "../i18n.server.ts";
import { requireStaff } from "../middleware/auth-guard.server.ts";
import type { Services } from "../services.server.ts";
import { createRouter } from "./router.server.ts";
import {
  cappedPage,
  invalid,
  json,
  jsonBody,
  optionalJsonBody,
  refusal,
  setPageHeaders,
  staffErrors,
} from "./openapi-responses.server.ts";

const leadSchema = z
  .object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    company: z.string().nullable(),
    message: z.string().nullable(),
    leadSource: z.enum(LEAD_SOURCES).openapi({ description: "The channel the person first came through" }),
    leadStatus: z.enum(LEAD_STATUSES),
    crmSystem: z.enum(CRM_SYSTEMS).nullable(),
    crmLeadId: z.string().nullable(),
    syncStatus: z.enum(SYNC_STATUSES),
    crmSyncedAt: z.string().nullable().openapi({ format: "date-time" }),
    channels: z
      .array(z.enum(LEAD_SOURCES))
      .openapi({ description: "Every channel the person came through, first one first" }),
    createdAt: z.string().openapi({ format: "date-time" }),
    updatedAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("Lead");

const leadDetailSchema = leadSchema
  .extend({
    timeline: z.array(
      z.object({
        id: z.number().int(),
        channel: z.enum(LEAD_SOURCES),
        summary: z.string().nullable(),
        contactSubmissionId: z.number().int().nullable(),
        appointmentId: z.number().int().nullable(),
        conversationId: z.string().nullable(),
        callId: z.string().nullable(),
        occurredAt: z.string().openapi({ format: "date-time" }),
      }),
    ),
    syncHistory: z.array(
      z.object({
        id: z.number().int(),
        crmSystem: z.enum(CRM_SYSTEMS),
        outcome: z.enum(["queued", "retrying", "synced", "failed"]),
        crmLeadId: z.string().nullable(),
        error: z.string().nullable().openapi({ description: "The CRM's message when the attempt failed" }),
        attempt: z.number().int(),
        createdAt: z.string().openapi({ format: "date-time" }),
      }),
    ),
  })
  .openapi("LeadDetail");

const count = <T extends readonly [string, ...string[]]>(values: T) =>
  z.object(Object.fromEntries(values.map((value) => [value, z.number().int()])) as Record<T[number], z.ZodNumber>);
const statsSchema = z
  .object({
    total: z.number().int(),
    bySource: count(LEAD_SOURCES),
    byStatus: count(LEAD_STATUSES),
    bySyncStatus: count(SYNC_STATUSES),
    conversionRate: z
      .number()
      .int()
      .openapi({ description: "Converted over total, whole percent; 0 when there are no leads" }),
  })
  .openapi("LeadStats");

const providerSchema = z
  .object({
    name: z.enum(CRM_SYSTEMS),
    configured: z.boolean(),
    isDefault: z.boolean().openapi({ description: "CRM_DEFAULT" }),
  })
  .openapi("CrmProvider");

const idParams = z.object({
  id: z.coerce
    .number({ message: "leads:errors.notFound" })
    .int("leads:errors.notFound")
    .positive("leads:errors.notFound")
    .max(2_147_483_647, "leads:errors.notFound")
    .openapi({ param: { name: "id", in: "path" }, example: 1 }),
});

const notFound = { 404: refusal("No such lead") };

const listLeads = createRoute({
  tags: ["leads", "staff"],
  middleware: [requireStaff] as const,
  method: "get",
  path: "/leads",
  summary:
    "Leads, newest first, filtered by source, status, sync status and CRM, searched by name, e-mail, company or phone (staff)",
  description:
    `\`page\` starts at 1; \`limit\` is ${LEAD_PAGE_SIZE} unless asked, at most ${MAX_LIMIT}. \`q\` ignores case and accents ` +
    "and finds any part of a name, e-mail or company, or a phone number however it is spaced; one or two characters " +
    `match the start of the e-mail. The count stops past ${COUNT_CAP} (\`totalExact\` false).`,
  request: { query: leadPageQuerySchema },
  responses: {
    200: cappedPage(
      json(
        z
          .object({
            leads: z.array(leadSchema),
            total: z
              .number()
              .int()
              .openapi({ description: "Leads the filters keep; a lower bound when totalExact is false" }),
            totalExact: z.boolean().openapi({ description: "false when there are more than `total` (past 1,000)" }),
            page: z.number().int().openapi({ description: "From 1" }),
            limit: z.number().int(),
            offset: z.number().int().openapi({ description: "Leads before this page" }),
          })
          .openapi("LeadPage"),
        "One page of leads",
      ),
    ),
    ...invalid,
    ...staffErrors,
  },
});

const leadStats = createRoute({
  tags: ["leads", "staff"],
  middleware: [requireStaff] as const,
  method: "get",
  path: "/leads/stats",
  summary: "Counts by source, status and sync status, and the conversion rate (staff)",
  responses: { 200: json(z.object({ stats: statsSchema }).openapi("LeadStatsAnswer"), "Stats"), ...staffErrors },
});

const leadDetail = createRoute({
  tags: ["leads", "staff"],
  middleware: [requireStaff] as const,
  method: "get",
  path: "/leads/{id}",
  summary: "A lead with its timeline across channels and its CRM sync history (staff)",
  request: { params: idParams },
  responses: { 200: json(leadDetailSchema, "The lead"), ...invalid, ...notFound, ...staffErrors },
});

const updateLead = createRoute({
  tags: ["leads", "staff"],
  middleware: [requireStaff] as const,
  method: "patch",
  path: "/leads/{id}",
  summary: "Set a lead's status; with CRM_DEFAULT set, the change is synced in the background (staff)",
  request: {
    params: idParams,
    body: jsonBody(leadUpdateSchema),
  },
  responses: { 200: json(leadSchema, "Updated"), ...invalid, ...notFound, ...staffErrors },
});

const syncLead = createRoute({
  tags: ["leads", "staff"],
  middleware: [requireStaff] as const,
  method: "post",
  path: "/leads/{id}/sync",
  summary:
    "Queue a sync of the lead to a CRM (default: CRM_DEFAULT); answers at once, the job reports on the lead (staff)",
  request: { params: idParams, body: optionalJsonBody(leadSyncSchema) },
  responses: {
    202: json(
      z.object({ message: z.string(), crmSystem: z.enum(CRM_SYSTEMS), lead: leadSchema }).openapi("LeadSyncQueued"),
      "Queued",
    ),
    ...invalid,
    ...notFound,
    ...staffErrors,
  },
});

const crmProviders = createRoute({
  method: "get",
  path: "/crm/providers",
  tags: ["leads", "staff"],
  middleware: [requireStaff] as const,
  summary: "Each CRM and whether the server's environment configures it (staff)",
  responses: {
    200: json(z.object({ providers: z.array(providerSchema) }).openapi("CrmProviders"), "Providers"),
    ...staffErrors,
  },
});

/** The lead desk's API (spec 001, section 7): staff only. */
export function leadRoutes(services: Services) {
  const leads = services.leads;
  return createRouter()
    .openapi(listLeads, async (c) => {
      // Validated above for the document's 400; the service reads the address's own text (its schema turns
      // digits into numbers once).
      c.req.valid("query");
      const page = await leads.list(c.req.query());
      setPageHeaders(c, page, { total: page.total, exact: page.totalExact });
      return c.json(page, 200);
    })
    .openapi(leadStats, async (c) => c.json({ stats: await leads.stats() }, 200))
    .openapi(leadDetail, async (c) => c.json(await leads.detail(c.req.valid("param").id), 200))
    .openapi(updateLead, async (c) =>
      c.json(await leads.updateStatus(c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(syncLead, async (c) => {
      const body = c.req.header("content-type")?.includes("application/json") ? c.req.valid("json") : {};
      const queued = await leads.requestSync(c.req.valid("param").id, body);
      return c.json(
        {
          message: translator(c.get("language"))("leads:messages.syncQueued", { crm: CRM_NAMES[queued.crmSystem] }),
          ...queued,
        },
        202,
      );
    })
    .openapi(crmProviders, async (c) => c.json({ providers: leads.providers() }, 200));
}
