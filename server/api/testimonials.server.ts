import { createRoute, z } from "@hono/zod-openapi";
import type { Config } from "../../config/env.ts";
import { DomainError } from "../../core/errors.ts";
import { MAX_LIMIT, PAGE_SIZE, STAFF_PAGE_SIZE } from "../../core/paging/rules.ts";
import { pagingQuerySchema, staffPagingQuerySchema } from "../../core/paging/schema.ts";
import { testimonialSubmissionSchema, testimonialUpdateSchema } from "../../core/testimonials/schema.ts";
import { translator } from "../i18n.server.ts";
import { requireStaff } from "../middleware/auth-guard.server.ts";
import type { Services } from "../services.server.ts";
import { clientAddress } from "./auth.server.ts";
import { createRouter } from "./router.server.ts";
import {
  idParams,
  invalid,
  json,
  jsonBody,
  pageOf,
  refusal,
  setPagingHeaders,
  staffErrors,
} from "./openapi-responses.server.ts";

const publicTestimonialSchema = z
  .object({
    id: z.number().int(),
    customerName: z.string(),
    companyName: z.string().nullable(),
    customerTitle: z.string().nullable(),
    projectType: z.string().nullable(),
    rating: z.number().int().min(1).max(5),
    testimonialText: z.string(),
    language: z
      .enum(["en", "fr"])
      .openapi({ description: "The language the text is written in (the page's when it was sent)" }),
    verified: z.boolean().openapi({
      description:
        "Verified client: the author's e-mail has a paid order or a consultation that took place (case-insensitive); worked out by the server",
    }),
    createdAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("Testimonial");

const adminTestimonialSchema = publicTestimonialSchema
  .extend({
    customerEmail: z.string().nullable(),
    approved: z.boolean(),
    featured: z.boolean(),
    isPublicSubmission: z.boolean(),
  })
  .openapi("AdminTestimonial");

const listApproved = createRoute({
  method: "get",
  path: "/testimonials",
  tags: ["testimonials"],
  summary: "One page of approved testimonials, newest first",
  description:
    `The answer is the page's testimonials (an array, as ever); where it stands is in the headers. \`page\` starts ` +
    `at 1; \`limit\` is ${PAGE_SIZE} unless asked, at most ${MAX_LIMIT}. A page past the last answers an empty array.`,
  request: { query: pagingQuerySchema },
  responses: {
    200: pageOf(
      z.array(publicTestimonialSchema),
      "One page of approved testimonials",
      "How many testimonials are approved",
    ),
    400: refusal("A page or limit that is not a whole number in its bounds"),
  },
});

const submit = createRoute({
  method: "post",
  path: "/testimonials/submit",
  tags: ["testimonials"],
  summary: "Share your experience: stored unapproved, published once staff approve it",
  request: { body: jsonBody(testimonialSubmissionSchema) },
  responses: {
    201: json(
      z
        .object({
          message: z.string().openapi({ example: "Your testimonial has been submitted and will be reviewed soon." }),
        })
        .openapi("TestimonialSubmitted"),
      "Submitted",
    ),
    400: refusal("Invalid input; `message` and `fields` are translated"),
    429: refusal("Too many submissions from this address; Retry-After says when to try again"),
  },
});

const adminList = createRoute({
  method: "get",
  path: "/admin/testimonials",
  tags: ["testimonials", "staff"],
  summary: "One page of every testimonial, those awaiting review first, with the number awaiting review (staff)",
  description: `\`page\` starts at 1; \`limit\` is ${STAFF_PAGE_SIZE} unless asked, at most ${MAX_LIMIT}.`,
  middleware: [requireStaff] as const,
  request: { query: staffPagingQuerySchema },
  responses: {
    200: pageOf(
      z
        .object({ testimonials: z.array(adminTestimonialSchema), pendingCount: z.number().int() })
        .openapi("TestimonialModeration"),
      "One page of testimonials",
      "How many testimonials there are, approved or not",
    ),
    ...invalid,
    ...staffErrors,
  },
});

const update = createRoute({
  method: "put",
  path: "/testimonials/{id}",
  tags: ["testimonials", "staff"],
  summary: "Approve ({approved: true}) or edit a testimonial (staff)",
  middleware: [requireStaff] as const,
  request: {
    params: idParams,
    body: jsonBody(testimonialUpdateSchema),
  },
  responses: {
    200: json(adminTestimonialSchema, "Updated"),
    400: refusal("Invalid input"),
    404: refusal("Testimonial not found"),
    ...staffErrors,
  },
});

const remove = createRoute({
  method: "delete",
  path: "/testimonials/{id}",
  tags: ["testimonials", "staff"],
  summary: "Reject or remove a testimonial: it is deleted (staff)",
  middleware: [requireStaff] as const,
  request: { params: idParams },
  responses: { 204: { description: "Deleted" }, 404: refusal("Testimonial not found"), ...staffErrors },
});

/** Testimonials (spec document 000, sections 3, 4 and 7): public list and submission, staff moderation. */
export function testimonialRoutes(services: Services, config: Pick<Config, "TRUST_PROXY">) {
  const testimonials = services.testimonials;
  return createRouter()
    .openapi(listApproved, async (c) => {
      const page = await testimonials.listApprovedPage(c.req.valid("query"));
      setPagingHeaders(c, page.paging);
      return c.json(page.testimonials, 200);
    })
    .openapi(submit, async (c) => {
      try {
        await testimonials.submit(c.req.valid("json"), {
          address: clientAddress(c, config),
          language: c.get("language"),
        });
      } catch (error) {
        if (error instanceof DomainError && error.code === "rate_limited")
          c.header("Retry-After", String(Number(error.details.params?.minutes ?? 1) * 60));
        throw error;
      }
      return c.json({ message: translator(c.get("language"))("testimonials:messages.submitted") }, 201);
    })
    .openapi(adminList, async (c) => {
      const [{ items, paging }, pendingCount] = await Promise.all([
        testimonials.listStaffPage(c.req.valid("query")),
        testimonials.countPending(),
      ]);
      setPagingHeaders(c, paging);
      return c.json({ testimonials: items, pendingCount }, 200);
    })
    .openapi(update, async (c) => c.json(await testimonials.update(c.req.valid("param").id, c.req.valid("json")), 200))
    .openapi(remove, async (c) => {
      await testimonials.delete(c.req.valid("param").id);
      return c.body(null, 204);
    });
}
