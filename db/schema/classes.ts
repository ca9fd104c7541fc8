import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

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
  },
  (table) => [
    index("classes_active_start_idx").on(table.active, table.startDate),
    check("classes_enrollment_within_seats", sql`${table.currentEnrollment} >= 0 and (${table.maxStudents} is null or ${table.currentEnrollment} <= ${table.maxStudents})`),
    check("classes_price", sql`${table.price} >= 0`),
  ],
);
