import { createRoute, z } from "@hono/zod-openapi";
import { ENROLLMENT_STATES, FORMATS, LEVELS, WEEKDAYS } from "../../core/classes/rules.ts";
import {
  classInputSchema,
  classListFiltersSchema,
  classListQuerySchema,
  classUpdateSchema,
} from "../../core/classes/schema.ts";
import { MAX_LIMIT, PAGE_SIZE } from "../../core/paging/rules.ts";
import { pagingQuerySchema } from "../../core/paging/schema.ts";
import { requireStaff } from "../middleware/auth-guard.server.ts";
import type { Services } from "../services.server.ts";
import { createRouter, staffListRoute } from "./router.server.ts";
import {
  cappedPage,
  data,
  idParams,
  invalid,
  json,
  jsonBody,
  refusal,
  searchCountNote,
  setPageHeaders,
  setPagingHeaders,
  staffErrors,
} from "./openapi-responses.server.ts";

const languageEnum = z.enum(["en", "fr"]);

const publicClassSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    instructorName: z.string(),
    instructorBio: z.string(),
    category: z.string(),
    level: z.enum(LEVELS),
    duration: z.string(),
    format: z.enum(FORMATS),
    language: languageEnum.openapi({ description: "The language the class is taught in" }),
    textLanguage: languageEnum.openapi({
      description: "The language of the texts: the request's, or the one asked for",
    }),
    price: z.number().int().openapi({ description: "Cents" }),
    maxStudents: z.number().int().nullable().openapi({ description: "Seats; null for no limit" }),
    currentEnrollment: z.number().int(),
    seatsLeft: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Seats neither paid for nor held by people paying; null for no limit" }),
    seatsReserved: z.number().int().openapi({
      description: "Seats held now by people paying (waiting-list offers included); a hold is never renewed",
    }),
    full: z.boolean().openapi({ description: "maxStudents is set and reached: 'Class is Full'" }),
    featuredImage: z.string().nullable(),
    syllabus: z.array(z.string()).openapi({ description: "What You'll Learn, one point per entry" }),
    prerequisites: z.string(),
    requirements: z.string(),
    startDate: z.string().nullable().openapi({ format: "date-time" }),
    endDate: z.string().nullable().openapi({ format: "date-time" }),
    scheduleDays: z.array(z.enum(WEEKDAYS)),
    scheduleTime: z.string().nullable(),
    location: z.string(),
    featured: z.boolean(),
  })
  .openapi("Class");

const adminClassSchema = z
  .object({
    id: z.number().int(),
    titleEn: z.string(),
    titleFr: z.string(),
    descriptionEn: z.string(),
    descriptionFr: z.string(),
    instructorName: z.string(),
    instructorBioEn: z.string(),
    instructorBioFr: z.string(),
    categoryEn: z.string(),
    categoryFr: z.string(),
    level: z.enum(LEVELS),
    durationEn: z.string(),
    durationFr: z.string(),
    format: z.enum(FORMATS),
    language: languageEnum,
    price: z.number().int(),
    maxStudents: z.number().int().nullable(),
    currentEnrollment: z.number().int(),
    featuredImage: z.string().nullable(),
    syllabusEn: z.string(),
    syllabusFr: z.string(),
    prerequisitesEn: z.string(),
    prerequisitesFr: z.string(),
    requirementsEn: z.string(),
    requirementsFr: z.string(),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    scheduleDays: z.array(z.enum(WEEKDAYS)),
    scheduleTime: z.string().nullable(),
    locationEn: z.string(),
    locationFr: z.string(),
    active: z.boolean(),
    featured: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("AdminClass");

const adminEnrollmentSchema = z
  .object({
    id: z.string(),
    customerName: z.string(),
    customerEmail: z.string(),
    state: z.enum(ENROLLMENT_STATES).openapi({
      description: "enrolled (paid), held (being paid), expired (a hold that ran out unpaid) or cancelled",
    }),
    enrollmentStatus: z.string().openapi({ description: "reserved, active or cancelled" }),
    paymentStatus: z.string().openapi({ description: "pending, paid or failed" }),
    amountCents: z.number().int(),
    createdAt: z.string().openapi({ format: "date-time" }),
    enrolledAt: z.string().nullable().openapi({ format: "date-time" }),
    reservedUntil: z.string().openapi({ format: "date-time" }),
  })
  .openapi("AdminClassEnrollment");

const notFound = { 404: refusal("'Class Not Found'") };

const listClasses = createRoute({
  method: "get",
  path: "/classes",
  tags: ["classes"],
  summary:
    "One page of active classes, featured first then by start date, their texts in the request's language (or ?language=), wrapped in `data`; full-text search on title, category or instructor, filter by level",
  description:
    `The answer is the page's classes in \`data\` (as the specification has it); where it stands is in the headers. ` +
    `\`page\` starts at 1; \`limit\` is ${PAGE_SIZE} unless asked, at most ${MAX_LIMIT}. A page past the last ` +
    "answers an empty `data`. `q` is a full-text search in the language of the texts: every word is required, " +
    "other forms of a word count, case and accents are ignored, and the last word is a prefix. Punctuation is " +
    "ignored; a search without a word finds nothing. " +
    searchCountNote,
  request: { query: classListFiltersSchema.extend(pagingQuerySchema.shape) },
  responses: {
    200: cappedPage(data(z.array(publicClassSchema), "One page of active classes")),
    ...invalid,
  },
});

const getClass = createRoute({
  method: "get",
  path: "/classes/{id}",
  tags: ["classes"],
  summary: "One active class",
  request: { params: idParams, query: classListQuerySchema },
  responses: { 200: json(publicClassSchema, "The class"), ...invalid, ...notFound },
});

const adminList = staffListRoute({
  path: "/admin/classes",
  tags: ["classes", "staff"],
  summary: "One page of every class, newest first, with its texts in both languages (staff)",
  item: adminClassSchema,
  counted: "How many classes there are, inactive ones included",
});

const adminCreate = createRoute({
  method: "post",
  path: "/admin/classes",
  tags: ["classes", "staff"],
  summary: "Create a class: its texts in English and French, its price, seats and schedule once (staff)",
  middleware: [requireStaff] as const,
  request: { body: jsonBody(classInputSchema) },
  responses: { 201: json(adminClassSchema, "Created"), ...invalid, ...staffErrors },
});

const adminUpdate = createRoute({
  method: "put",
  path: "/admin/classes/{id}",
  tags: ["classes", "staff"],
  summary: "Edit any subset of a class's fields; the result is checked whole (staff)",
  middleware: [requireStaff] as const,
  request: {
    params: idParams,
    body: jsonBody(classUpdateSchema),
  },
  responses: { 200: json(adminClassSchema, "Updated"), ...invalid, ...notFound, ...staffErrors },
});

const adminDelete = createRoute({
  method: "delete",
  path: "/admin/classes/{id}",
  tags: ["classes", "staff"],
  summary:
    "Delete a class with its unpaid enrolment records; refused (409) while it has a paid enrolment or a live seat hold: deactivate it instead (staff)",
  middleware: [requireStaff] as const,
  request: { params: idParams },
  responses: {
    204: { description: "Deleted" },
    ...notFound,
    409: refusal("The class has paid enrolments, or a seat is being paid for"),
    ...staffErrors,
  },
});

const adminEnrollments = createRoute({
  method: "get",
  path: "/admin/classes/{id}/enrollments",
  tags: ["classes", "staff"],
  summary: "A class's enrolments, newest first: name, e-mail, status, payment status, amount and dates (staff)",
  middleware: [requireStaff] as const,
  request: { params: idParams },
  responses: { 200: json(z.array(adminEnrollmentSchema), "Enrolments"), ...notFound, ...staffErrors },
});

/** Classes (spec 000, section 7): the public list and one class, and staff management. */
export function classRoutes(services: Services) {
  const classes = services.classes;
  return createRouter()
    .openapi(listClasses, async (c) => {
      const query = c.req.valid("query");
      const page = await classes.listActivePage({
        language: query.language ?? c.get("language"),
        q: query.q,
        level: query.level,
        page: query.page,
        limit: query.limit,
      });
      setPageHeaders(c, page.paging, { total: page.paging.total, exact: page.paging.totalExact });
      return c.json({ data: page.classes }, 200);
    })
    .openapi(getClass, async (c) =>
      c.json(await classes.getActive(c.req.valid("param").id, c.req.valid("query").language ?? c.get("language")), 200),
    )
    .openapi(adminList, async (c) => {
      const { items, paging } = await classes.listStaffPage(c.req.valid("query"));
      setPagingHeaders(c, paging);
      return c.json(items, 200);
    })
    .openapi(adminCreate, async (c) => c.json(await classes.create(c.req.valid("json")), 201))
    .openapi(adminUpdate, async (c) => c.json(await classes.update(c.req.valid("param").id, c.req.valid("json")), 200))
    .openapi(adminDelete, async (c) => {
      await classes.delete(c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(adminEnrollments, async (c) => c.json(await classes.enrollments(c.req.valid("param").id), 200));
}
