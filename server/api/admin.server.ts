import { createRoute, z } from "@hono/zod-openapi";
import { requireStaff } from "../middleware/auth-guard.server.ts";
import type { Services } from "../services.server.ts";
import { createRouter } from "./router.server.ts";
import { json, staffErrors } from "./openapi-responses.server.ts";

const count = z.number().int().min(0);
const moved = z.object({ chargedCents: count, refundedCents: count, netCents: z.number().int() });

const overviewSchema = z
  .object({
    recentPosts: z
      .array(
        z.object({
          id: z.number().int(),
          title: z.string(),
          language: z.string(),
          published: z.boolean(),
          createdAt: z.string().openapi({ format: "date-time" }),
        }),
      )
      .openapi({ description: "The 4 newest posts, drafts included" }),
    recentReviews: z
      .array(
        z.object({
          id: z.number().int(),
          customerName: z.string(),
          rating: z.number().int(),
          testimonialText: z.string(),
          language: z.string(),
          approved: z.boolean(),
          verified: z.boolean(),
          createdAt: z.string().openapi({ format: "date-time" }),
        }),
      )
      .openapi({ description: "The 3 newest reviews, pending ones included" }),
    today: z.object({
      date: z
        .string()
        .openapi({ description: "The agency's calendar date (YYYY-MM-DD) in its time zone", example: "2026-03-08" }),
      timeZone: z.string().openapi({ example: "America/New_York" }),
      orders: z.object({
        placed: count.openapi({ description: "Orders placed today, whatever their status" }),
        paid: count.openapi({ description: "Orders paid today and still paid" }),
        paidCents: count.openapi({ description: "What the orders paid today came to, in cents" }),
      }),
      newLeads: count.openapi({ description: "Leads first recorded today" }),
    }),
    revenue: z
      .object({
        periods: z
          .object(
            Object.fromEntries(
              ["today", "last7Days", "thisMonth", "last30Days"].map((period) => [period, moved]),
            ) as Record<"today" | "last7Days" | "thisMonth" | "last30Days", typeof moved>,
          )
          .openapi({
            description:
              "Money received and refunded in each period, ending tonight at midnight in the agency's time zone",
          }),
        monthlyRecurringCents: count.openapi({
          description: "The monthly price of the active subscriptions, in cents",
        }),
        activeSubscriptions: count,
        instalmentsToCollect: z.object({ count, cents: count }).openapi({
          description: "Instalments still to collect (due, being charged or failed) of plans already started",
        }),
        failedInstalments: z.object({ count, cents: count }),
      })
      .openapi({ description: "Money received net of refunds, recurring revenue and instalments to collect" }),
    pending: z
      .object({ comments: count, reviews: count, media: count, mediaComments: count, total: count })
      .openapi({ description: "What awaits moderation now: the Moderation tab's badge counts" }),
  })
  .openapi("AdminOverview");

const overview = createRoute({
  method: "get",
  path: "/admin/overview",
  tags: ["staff"],
  summary:
    "The dashboard's Overview: recent posts and reviews, today's orders and leads, the revenue, pending moderation (staff)",
  middleware: [requireStaff] as const,
  responses: {
    200: json(overviewSchema, "The Overview"),
    ...staffErrors,
  },
});

/** The staff dashboard's own reads. */
export function adminRoutes(services: Services) {
  return createRouter().openapi(overview, async (c) => c.json(await services.overview.get(), 200));
}
