import { createRoute, z } from "@hono/zod-openapi";
import type { Config } from "../../config/env.ts";
import { formatDateForHumans, timeZoneName } from "../../core/appointments/rules.ts";
import {
  APPOINTMENT_SOURCES,
  STAFF_APPOINTMENTS_PAGE_SIZE,
  adminAppointmentsPageQuerySchema,
  bookingInputSchema,
  slotsQuerySchema,
} from "../../core/appointments/schema.ts";
import { translator } from "../i18n.server.ts";
import { requireStaff } from "../middleware/auth-guard.server.ts";
import type { Services } from "../services.server.ts";
import { clientAddress } from "./auth.server.ts";
import { createRouter } from "./router.server.ts";
import { cappedPage, json, jsonBody, refusal, setPageHeaders, staffErrors } from "./openapi-responses.server.ts";
import { MAX_LIMIT } from "../../core/paging/rules.ts";

const appointmentSchema = z
  .object({
    id: z.number().int(),
    customerName: z.string(),
    customerEmail: z.string(),
    customerPhone: z.string(),
    appointmentDate: z.string().openapi({ example: "2030-06-14" }),
    appointmentTime: z.string().openapi({ example: "10:00" }),
    appointmentType: z.string().openapi({ example: "consultation" }),
    notes: z.string().nullable(),
    status: z.string().openapi({ example: "scheduled" }),
    source: z.string().openapi({ example: "website", description: `One of ${APPOINTMENT_SOURCES.join(", ")}` }),
    language: z.string(),
    createdAt: z.string().openapi({ format: "date-time" }),
    updatedAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("Appointment");

const daySlotsSchema = z
  .object({
    date: z.string(),
    timeZone: z.string().openapi({ example: "America/New_York" }),
    slotMinutes: z.number().int(),
    today: z.string().openapi({ description: "Today in the agency's time zone: the first bookable date" }),
    lastDate: z.string().openapi({ description: "The last bookable date" }),
    slots: z.array(z.object({ time: z.string().openapi({ example: "09:00" }), available: z.boolean() })),
  })
  .openapi("DaySlots");

const getSlots = createRoute({
  method: "get",
  path: "/appointments/slots",
  tags: ["appointments"],
  summary:
    "A day's consultation slots in the agency's time zone; started, past, out-of-window and booked slots are unavailable",
  request: { query: slotsQuerySchema },
  responses: {
    200: json(daySlotsSchema, "The day's slots"),
    400: refusal("Date must be in YYYY-MM-DD format"),
  },
});

const book = createRoute({
  method: "post",
  path: "/appointments/book",
  tags: ["appointments"],
  summary: "Book a consultation slot; a confirmation e-mail and a staff notification are queued",
  request: { body: jsonBody(bookingInputSchema) },
  responses: {
    201: json(
      z.object({ success: z.literal(true), message: z.string(), appointment: appointmentSchema }).openapi("Booked"),
      "Booked",
    ),
    400: refusal("Invalid input, or a slot that cannot be booked (past, outside the hours, too far ahead)"),
    409: refusal("This time slot is no longer available. Please choose another time."),
    429: refusal("Too many bookings from this address; Retry-After says when to try again"),
  },
});

const adminList = createRoute({
  method: "get",
  path: "/admin/appointments",
  tags: ["appointments", "staff"],
  summary: "Appointments in date and time order, optionally from a date and with one status (staff)",
  description:
    `The answer is the page's appointments (an array, as ever); where it stands is in the headers. \`page\` starts ` +
    `at 1; \`limit\` is ${STAFF_APPOINTMENTS_PAGE_SIZE} unless asked, at most ${MAX_LIMIT}.`,
  middleware: [requireStaff] as const,
  request: { query: adminAppointmentsPageQuerySchema },
  responses: {
    200: cappedPage(json(z.array(appointmentSchema), "Appointments")),
    400: refusal("Invalid query, page or limit"),
    ...staffErrors,
  },
});

/** Consultation booking (spec document 001, sections 3, 5 and 7) and the staff list. */
export function appointmentRoutes(services: Services, config: Pick<Config, "TRUST_PROXY">) {
  const appointments = services.appointments;
  return createRouter()
    .openapi(getSlots, async (c) => c.json(await appointments.slots(c.req.valid("query")), 200))
    .openapi(book, async (c) => {
      const language = c.get("language");
      const appointment = await appointments.book(c.req.valid("json"), { address: clientAddress(c, config), language });
      const message = translator(language)("appointments:messages.booked", {
        date: formatDateForHumans(appointment.appointmentDate, language),
        time: appointment.appointmentTime,
        zone: timeZoneName(appointments.hours.timeZone, language),
      });
      return c.json({ success: true as const, message, appointment }, 201);
    })
    .openapi(adminList, async (c) => {
      c.req.valid("query");
      const { items, request, counted } = await appointments.listForStaff(c.req.query());
      setPageHeaders(c, request, counted);
      return c.json(items, 200);
    });
}
