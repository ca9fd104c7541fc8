import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { tsvector } from "./text-search.ts";

/**
 * A class exists once, whatever the language it is read in: its texts are stored in both languages,
 * its price, seats, dates and schedule once (docs/decisions/0017-bilingual-content.md). `language` is
 * the language the class is taught in, not the language of the page that shows it.
 */
export const classes = pgTable(
  "classes",
  {
    id: serial("id").primaryKey(),
    titleEn: text("title_en").notNull(),
    titleFr: text("title_fr").notNull(),
    descriptionEn: text("description_en").notNull(),
    descriptionFr: text("description_fr").notNull(),
    instructorName: text("instructor_name").notNull(),
    instructorBioEn: text("instructor_bio_en").notNull().default(""),
    instructorBioFr: text("instructor_bio_fr").notNull().default(""),
    categoryEn: text("category_en").notNull().default("General"),
    categoryFr: text("category_fr").notNull().default("Général"),
    level: text("level").notNull().default("beginner"),
    /** "6 weeks", "2 days": free text in each language. */
    durationEn: text("duration_en").notNull(),
    durationFr: text("duration_fr").notNull(),
    format: text("format").notNull().default("online"),
    language: text("language").notNull().default("en"),
    /** Cents. */
    price: integer("price").notNull(),
    /** Seats; null for no limit (shown as infinity). */
    maxStudents: integer("max_students"),
    /** Paid enrolments; never above maxStudents (a CHECK and conditional updates keep it so). */
    currentEnrollment: integer("current_enrollment").notNull().default(0),
    featuredImage: text("featured_image"),
    /** "What You'll Learn": one point per line. */
    syllabusEn: text("syllabus_en").notNull().default(""),
    syllabusFr: text("syllabus_fr").notNull().default(""),
    prerequisitesEn: text("prerequisites_en").notNull().default(""),
    prerequisitesFr: text("prerequisites_fr").notNull().default(""),
    requirementsEn: text("requirements_en").notNull().default(""),
    requirementsFr: text("requirements_fr").notNull().default(""),
    startDate: timestamp("start_date", { withTimezone: true }),
    endDate: timestamp("end_date", { withTimezone: true }),
    /** Days of the week it meets, as "monday"... "sunday". */
    scheduleDays: text("schedule_days").array().notNull().default(sql`'{}'::text[]`),
    /** "18:00" (24-hour, the studio's time zone). */
    scheduleTime: text("schedule_time"),
    locationEn: text("location_en").notNull().default(""),
    locationFr: text("location_fr").notNull().default(""),
    active: boolean("active").notNull().default(true),
    featured: boolean("featured").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Title, category and instructor of each language for full-text search in that language (migration
     * 0024's atelier_en and atelier_fr configurations: stemmed, accents removed), each with its GIN index
     * (docs/decisions/0036-lists-a-page-at-a-time.md, "Full-text search").
     */
    searchEn: tsvector("search_en")
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('public.atelier_en'::regconfig, title_en || chr(10) || category_en || chr(10) || instructor_name)`,
      ),
    searchFr: tsvector("search_fr")
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('public.atelier_fr'::regconfig, title_fr || chr(10) || category_fr || chr(10) || instructor_name)`,
      ),
  },
  (table) => [
    // The public list's order (featured first, then by start date, undated last, the id as tie-break), read
    // from the index alone: a deep page skips index entries, not rows. The level filter has its own.
    index("classes_active_list_idx")
      .on(table.featured.desc().nullsFirst(), table.startDate.asc().nullsLast(), table.id.asc().nullsLast())
      .where(sql`active`),
    index("classes_active_level_idx")
      .on(
        table.level,
        table.featured.desc().nullsFirst(),
        table.startDate.asc().nullsLast(),
        table.id.asc().nullsLast(),
      )
      .where(sql`active`),
    index("classes_search_en_idx").using("gin", table.searchEn),
    index("classes_search_fr_idx").using("gin", table.searchFr),
    check(
      "classes_enrollment_within_seats",
      sql`${table.currentEnrollment} >= 0 and (${table.maxStudents} is null or ${table.currentEnrollment} <= ${table.maxStudents})`,
    ),
    check("classes_price", sql`${table.price} >= 0`),
    // The staff list's order, every row (drafts, pending, ended), newest first: a page of it is read from
    // the index (docs/decisions/0036-lists-a-page-at-a-time.md, "Staff screens").
    index("classes_staff_list_idx").on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
  ],
);

/**
 * A person's seat in a class (spec 001, section 3, "Enrollments"): held while they pay (`reserved`
 * until `reserved_until`), then `active` and `paid` once the payment provider says so, or `cancelled`
 * when the payment fails or the hold is given up. The person is a signed-in user or a guest named by the
 * name and e-mail given at payment (decision 6): never a placeholder.
 */
export const classEnrollments = pgTable(
  "class_enrollments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    classId: integer("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "restrict" }),
    userId: text("user_id"),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    enrollmentStatus: text("enrollment_status").notNull().default("reserved"),
    paymentStatus: text("payment_status").notNull().default("pending"),
    paymentIntentId: text("payment_intent_id"),
    /** Cents; the class's price when the seat was held, decided by the server. */
    amountPaid: integer("amount_paid").notNull().default(0),
    reservedUntil: timestamp("reserved_until", { withTimezone: true }).notNull(),
    enrolledAt: timestamp("enrolled_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    certificateUrl: text("certificate_url"),
    progress: integer("progress").notNull().default(0),
    notes: text("notes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("class_enrollments_class_status_idx").on(table.classId, table.enrollmentStatus, table.reservedUntil),
    check("class_enrollments_status", sql`${table.enrollmentStatus} in ('reserved', 'active', 'cancelled')`),
    check("class_enrollments_payment_status", sql`${table.paymentStatus} in ('pending', 'paid', 'failed', 'refunded')`),
    check("class_enrollments_amount", sql`${table.amountPaid} >= 0`),
  ],
);
