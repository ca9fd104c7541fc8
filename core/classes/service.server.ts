import type { Database } from "../../db/client.server.ts";
import { ContentEvents, SnapshotCache } from "../cache/content-cache.ts";
import { readPage, readSearchedPage, type Page, type PageRequest } from "../paging/rules.ts";
import { DomainError, parseOrThrow } from "../errors.ts";
import { isLanguage, type Language } from "../i18n/language.ts";
import { parseId } from "../ids.ts";
import { offsetOf, pageInfo, PAGE_SIZE, type PageInfo } from "../paging/rules.ts";
import { ClassRepo, type ActiveClassFilter, type ClassRow, type EnrollmentRow } from "./repo.server.ts";
import {
  FORMATS,
  LEVELS,
  WEEKDAYS,
  enrollmentState,
  isClassFull,
  normalizeClassFilters,
  seatsLeft,
  type Format,
  type Level,
  type Weekday,
} from "./rules.ts";
import {
  classInputSchema,
  classUpdateSchema,
  type AdminClass,
  type AdminEnrollment,
  type PublicClass,
} from "./schema.ts";

const classNotFound = () => new DomainError("not_found", "classes:errors.notFound");

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;
const days = (row: ClassRow): Weekday[] =>
  row.scheduleDays.filter((day): day is Weekday => (WEEKDAYS as readonly string[]).includes(day));

function toPublic(row: ClassRow, textLanguage: Language): PublicClass {
  const fr = textLanguage === "fr";
  const syllabus = fr ? row.syllabusFr : row.syllabusEn;
  return {
    id: row.id,
    title: fr ? row.titleFr : row.titleEn,
    description: fr ? row.descriptionFr : row.descriptionEn,
    instructorName: row.instructorName,
    instructorBio: fr ? row.instructorBioFr : row.instructorBioEn,
    category: fr ? row.categoryFr : row.categoryEn,
    level: oneOf<Level>(LEVELS, row.level, "beginner"),
    duration: fr ? row.durationFr : row.durationEn,
    format: oneOf<Format>(FORMATS, row.format, "online"),
    language: isLanguage(row.language) ? row.language : "en",
    textLanguage,
    price: row.price,
    maxStudents: row.maxStudents,
    currentEnrollment: row.currentEnrollment,
    seatsLeft: seatsLeft(row, row.seatsReserved),
    seatsReserved: row.seatsReserved,
    full: isClassFull(row),
    featuredImage: row.featuredImage,
    syllabus: syllabus
      .split("\n")
      .map((point) => point.replace(/^\s*[-*•]\s*/, "").trim())
      .filter(Boolean),
    prerequisites: fr ? row.prerequisitesFr : row.prerequisitesEn,
    requirements: fr ? row.requirementsFr : row.requirementsEn,
    startDate: row.startDate?.toISOString() ?? null,
    endDate: row.endDate?.toISOString() ?? null,
    scheduleDays: days(row),
    scheduleTime: row.scheduleTime,
    location: fr ? row.locationFr : row.locationEn,
    featured: row.featured,
  };
}

function toAdmin(row: ClassRow): AdminClass {
  return {
    id: row.id,
    titleEn: row.titleEn,
    titleFr: row.titleFr,
    descriptionEn: row.descriptionEn,
    descriptionFr: row.descriptionFr,
    instructorName: row.instructorName,
    instructorBioEn: row.instructorBioEn,
    instructorBioFr: row.instructorBioFr,
    categoryEn: row.categoryEn,
    categoryFr: row.categoryFr,
    level: oneOf<Level>(LEVELS, row.level, "beginner"),
    durationEn: row.durationEn,
    durationFr: row.durationFr,
    format: oneOf<Format>(FORMATS, row.format, "online"),
    language: isLanguage(row.language) ? row.language : "en",
    price: row.price,
    maxStudents: row.maxStudents,
    currentEnrollment: row.currentEnrollment,
    featuredImage: row.featuredImage,
    syllabusEn: row.syllabusEn,
    syllabusFr: row.syllabusFr,
    prerequisitesEn: row.prerequisitesEn,
    prerequisitesFr: row.prerequisitesFr,
    requirementsEn: row.requirementsEn,
    requirementsFr: row.requirementsFr,
    startDate: row.startDate?.toISOString() ?? null,
    endDate: row.endDate?.toISOString() ?? null,
    scheduleDays: days(row),
    scheduleTime: row.scheduleTime,
    locationEn: row.locationEn,
    locationFr: row.locationFr,
    active: row.active,
    featured: row.featured,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toAdminEnrollment(row: EnrollmentRow, now: Date): AdminEnrollment {
  return {
    id: row.id,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    state: enrollmentState(row, now),
    enrollmentStatus: row.enrollmentStatus,
    paymentStatus: row.paymentStatus,
    amountCents: row.amountPaid,
    createdAt: row.createdAt.toISOString(),
    enrolledAt: row.enrolledAt?.toISOString() ?? null,
    reservedUntil: row.reservedUntil.toISOString(),
  };
}

/** A stored class written back as the input schema reads it, so that an edit is checked whole. */
function asInput(row: ClassRow): Record<string, unknown> {
  const {
    id: _id,
    currentEnrollment: _enrolled,
    seatsReserved: _reserved,
    createdAt: _created,
    updatedAt: _updated,
    ...rest
  } = row;
  return { ...rest, startDate: row.startDate?.toISOString() ?? null, endDate: row.endDate?.toISOString() ?? null };
}

/** One page of the public list and where it stands among the others. */
export interface ClassPage {
  classes: PublicClass[];
  paging: PageInfo;
}

/** Classes: what visitors browse, and what staff manage. Seats are taken only by paid enrolments. */
export class ClassService {
  private readonly repo: ClassRepo;
  private readonly content: ContentEvents;
  /**
   * Counts of the active classes by level (the same in both languages), kept until an edit announces
   * "classes" or for five seconds: every page of an unsearched list needs one. Searches are counted each
   * time, up to the cap (`readSearchedPage`): their matches are unbounded.
   */
  private readonly counts: SnapshotCache<string, number>;
  /** How many classes there are, for the staff list's pages, kept until a class changes. */
  private readonly staffTotal: SnapshotCache<"all", number>;
  private readonly seatsChanged?: (classId: number) => Promise<void>;

  /** `seatsChanged` runs after staff change a class's seats or reopen it: the waiting list may get offers. */
  constructor(
    db: Database,
    content: ContentEvents = new ContentEvents(),
    options: { seatsChanged?: (classId: number) => Promise<void> } = {},
  ) {
    this.repo = new ClassRepo(db);
    this.content = content;
    this.seatsChanged = options.seatsChanged;
    this.counts = new SnapshotCache(content, "classes", { ttlMs: 5_000 });
    this.staffTotal = new SnapshotCache(content, "classes");
  }

  /**
   * One page of active classes in `language`, featured first, then by start date (undated last), matching
   * the search (title, category or instructor, full-text in that language) and level. A page past the last
   * answers no classes; the caller decides whether that is a 404 (pages) or an empty list (the API).
   */
  async listActivePage(query: {
    language: Language;
    q?: string | null;
    level?: string | null;
    page?: number;
    limit?: number;
  }): Promise<ClassPage> {
    const filters = normalizeClassFilters(query);
    const request = { page: query.page ?? 1, limit: query.limit ?? PAGE_SIZE };
    const filter: ActiveClassFilter = {
      language: query.language,
      level: filters.level === "all" ? null : filters.level,
      q: filters.q || undefined,
    };
    const toPublicRows = (rows: ClassRow[]) => rows.map((row) => toPublic(row, query.language));
    if (!filter.q) {
      const page = { offset: offsetOf(request), limit: request.limit };
      const [rows, total] = await Promise.all([this.repo.listActivePage(filter, page), this.countActive(filter)]);
      return { classes: toPublicRows(rows), paging: pageInfo(request, total) };
    }
    // As the blog does: a search is counted up to the cap and its page read the cheaper way.
    const { rows, paging } = await readSearchedPage(
      request,
      (upTo) => this.repo.countActiveUpTo(filter, upTo),
      () => this.countActive({ ...filter, q: undefined }),
      (page, matchesFirst) => this.repo.listActivePage(filter, page, matchesFirst),
    );
    return { classes: toPublicRows(rows), paging };
  }

  /** How many active classes an unsearched list holds, kept per level until the classes change (or 5 s). */
  private async countActive(filter: ActiveClassFilter): Promise<number> {
    // The language does not change the count of an unsearched list: every class has both texts.
    const key = filter.level ?? "all";
    return (await this.counts.get(key, () => this.repo.countActive(filter))).value;
  }

  /** An active class, or null (unknown, inactive, or an id that is not a number). */
  async findActive(rawId: string | number, language: Language): Promise<PublicClass | null> {
    const id = parseId(rawId);
    const row = id === null ? null : await this.repo.find(id);
    return row && row.active ? toPublic(row, language) : null;
  }

  /** Like findActive, but 'Class Not Found' (404) instead of null. */
  async getActive(rawId: string | number, language: Language): Promise<PublicClass> {
    const found = await this.findActive(rawId, language);
    if (!found) throw classNotFound();
    return found;
  }

  // --- staff -----------------------------------------------------------------------------------

  async count(): Promise<number> {
    return this.repo.count();
  }

  /** One page of every class, inactive ones included, newest first (the staff list), counted once per change. */
  async listStaffPage(request: PageRequest): Promise<Page<AdminClass>> {
    return readPage(
      request,
      (page) => this.repo.listPage(page),
      async () => (await this.staffTotal.get("all", () => this.repo.count())).value,
      (rows) => rows.map(toAdmin),
    );
  }

  async get(rawId: string | number): Promise<AdminClass> {
    const id = parseId(rawId);
    const row = id === null ? null : await this.repo.find(id);
    if (!row) throw classNotFound();
    return toAdmin(row);
  }

  /** Creates a class (spec 000, section 5); `currentEnrollment` lets the demo seed start with seats taken. */
  async create(input: unknown, options: { currentEnrollment?: number } = {}): Promise<AdminClass> {
    const valid = parseOrThrow(classInputSchema, input);
    const taken = Math.max(0, Math.trunc(options.currentEnrollment ?? 0));
    const row = await this.repo.insert({
      ...valid,
      currentEnrollment: valid.maxStudents === null ? taken : Math.min(taken, valid.maxStudents),
    });
    this.content.changed("classes");
    return toAdmin(row);
  }

  /**
   * Changes any subset of a class's fields; the class as changed must pass every rule of `create`, and
   * its seats cannot drop below the students already enrolled.
   */
  async update(rawId: string | number, input: unknown): Promise<AdminClass> {
    const id = parseId(rawId);
    const current = id === null ? null : await this.repo.find(id);
    if (!current) throw classNotFound();
    parseOrThrow(classUpdateSchema, input);
    const merged = parseOrThrow(classInputSchema, { ...asInput(current), ...(input as Record<string, unknown>) });
    if (merged.maxStudents !== null && merged.maxStudents < current.currentEnrollment) {
      throw new DomainError("validation", "classes:validation.seatsBelowEnrolled", {
        fields: { maxStudents: "classes:validation.seatsBelowEnrolled" },
        params: { count: current.currentEnrollment },
      });
    }
    const row = await this.repo.update(current.id, merged);
    if (!row) throw classNotFound();
    this.content.changed("classes");
    if (row.maxStudents !== current.maxStudents || row.active !== current.active) await this.seatsChanged?.(row.id);
    return toAdmin(row);
  }

  /**
   * Deletes a class and its unpaid enrolment records. A class with a paid enrolment is never deleted
   * (staff deactivate it instead: its students and payments stay on record), nor one whose seat someone
   * is paying for right now (409, with the reason).
   */
  async delete(rawId: string | number, now: Date = new Date()): Promise<void> {
    const id = parseId(rawId);
    const outcome = id === null ? "not_found" : await this.repo.delete(id, now);
    if (outcome === "not_found") throw classNotFound();
    if (outcome === "paid_enrollments") throw new DomainError("conflict", "adminclasses:errors.paidEnrollments");
    if (outcome === "live_holds") throw new DomainError("conflict", "adminclasses:errors.liveHolds");
    this.content.changed("classes");
  }

  /** A class's enrolments for staff, newest first: who, their status and payment, the amount and date. */
  async enrollments(rawId: string | number, now: Date = new Date()): Promise<AdminEnrollment[]> {
    const id = parseId(rawId);
    const row = id === null ? null : await this.repo.find(id);
    if (!row) throw classNotFound();
    return (await this.repo.enrollments(row.id)).map((enrollment) => toAdminEnrollment(enrollment, now));
  }
}
