import type { Database } from "../../db/client.server.ts";
import type { Language } from "../i18n/language.ts";
import { ContentEvents, SnapshotCache } from "../cache/content-cache.ts";
import { readPage, type Page, type PageRequest } from "../paging/rules.ts";
import { DomainError, parseOrThrow } from "../errors.ts";
import { offsetOf, pageInfo, PAGE_SIZE, type PageInfo } from "../paging/rules.ts";
import { FORM_BUDGETS } from "../rate-limit/rules.ts";
import type { RateLimitService } from "../rate-limit/service.server.ts";
import { TestimonialRepo, type TestimonialRow } from "./repo.server.ts";
import { findClients, isVerifiedClient, parseTestimonialId, type ClientLookup } from "./rules.ts";
import {
  testimonialSubmissionSchema,
  testimonialUpdateSchema,
  type AdminTestimonial,
  type PublicTestimonial,
} from "./schema.ts";

const notFound = () => new DomainError("not_found", "testimonials:errors.notFound");

function toPublic(row: TestimonialRow, clients: ReadonlySet<string>): PublicTestimonial {
  return {
    id: row.id,
    customerName: row.customerName,
    companyName: row.companyName,
    customerTitle: row.customerTitle,
    projectType: row.projectType,
    rating: row.rating,
    testimonialText: row.testimonialText,
    language: row.language === "fr" ? "fr" : "en",
    verified: isVerifiedClient(row.customerEmail, clients),
    createdAt: row.createdAt.toISOString(),
  };
}

function toAdmin(row: TestimonialRow, clients: ReadonlySet<string>): AdminTestimonial {
  return {
    ...toPublic(row, clients),
    customerEmail: row.customerEmail,
    approved: row.approved,
    featured: row.featured,
    isPublicSubmission: row.isPublicSubmission,
  };
}

/** One page of the approved testimonials, where it stands, and the average rating of them all. */
export interface TestimonialPage {
  testimonials: PublicTestimonial[];
  paging: PageInfo;
  averageRating: number | null;
}

/** Customer testimonials: public submissions awaiting review, the approved list, staff moderation. */
export class TestimonialService {
  private readonly repo: TestimonialRepo;

  private readonly rateLimits: RateLimitService;
  private readonly content: ContentEvents;
  /** The newest approved testimonials by how many were asked (the home page's few). */
  private readonly latest: SnapshotCache<number, PublicTestimonial[]>;
  /** How many testimonials are approved and their average rating, until the testimonials change. */
  private readonly summary: SnapshotCache<"approved", { count: number; average: number | null }>;
  /** How many testimonials there are, for the staff list's pages, kept until one changes. */
  private readonly staffTotal: SnapshotCache<"all", number>;
  private readonly clients: readonly ClientLookup[];

  /** `clients` tell which e-mails are clients' (paid orders, consultations that took place): "Verified client". */
  constructor(
    db: Database,
    rateLimits: RateLimitService,
    content: ContentEvents = new ContentEvents(),
    clients: readonly ClientLookup[] = [],
  ) {
    this.rateLimits = rateLimits;
    this.clients = clients;
    this.repo = new TestimonialRepo(db);
    this.content = content;
    this.latest = new SnapshotCache(content, "testimonials");
    this.summary = new SnapshotCache(content, "testimonials");
    this.staffTotal = new SnapshotCache(content, "testimonials");
  }

  /** The known clients among these rows' authors. */
  private async clientsOf(rows: readonly TestimonialRow[]): Promise<Set<string>> {
    return findClients(
      rows.map((row) => row.customerEmail),
      this.clients,
    );
  }

  private async admin(row: TestimonialRow): Promise<AdminTestimonial> {
    return toAdmin(row, await this.clientsOf([row]));
  }

  /**
   * The newest approved testimonials: what the home page shows (shared: do not mutate). "Verified client"
   * is worked out with the list, so it follows a new payment within the cache's few seconds.
   */
  async listApproved(limit: number): Promise<PublicTestimonial[]> {
    return (
      await this.latest.get(limit, async () => this.publicRows(await this.repo.listApprovedPage({ offset: 0, limit })))
    ).value;
  }

  /**
   * One page of approved testimonials, newest first, with how many there are and their average rating
   * (kept until a testimonial is approved, edited or deleted). A page past the last holds none; the caller
   * decides whether that is a 404 (the page) or an empty list (the API).
   */
  async listApprovedPage(query: { page?: number; limit?: number } = {}): Promise<TestimonialPage> {
    const request = { page: query.page ?? 1, limit: query.limit ?? PAGE_SIZE };
    const [rows, summary] = await Promise.all([
      this.repo.listApprovedPage({ offset: offsetOf(request), limit: request.limit }),
      this.summary.get("approved", () => this.repo.approvedSummary()).then((snapshot) => snapshot.value),
    ]);
    return {
      testimonials: await this.publicRows(rows),
      paging: pageInfo(request, summary.count),
      averageRating: summary.average,
    };
  }

  private async publicRows(rows: readonly TestimonialRow[]): Promise<PublicTestimonial[]> {
    const clients = await this.clientsOf(rows);
    return rows.map((row) => toPublic(row, clients));
  }

  /**
   * A visitor's testimonial, stored unapproved as a public submission, with the language it was written
   * in (`from.language`: the page's when it was sent). With the client's `address`,
   * valid submissions are limited per address and per e-mail (FORM_BUDGETS.testimonial).
   */
  async submit(input: unknown, from: { address?: string; language?: Language } = {}): Promise<AdminTestimonial> {
    const valid = parseOrThrow(testimonialSubmissionSchema, input);
    if (from.address !== undefined)
      await this.rateLimits.enforce(FORM_BUDGETS.testimonial, { address: from.address, email: valid.email });
    const row = await this.repo.insert({
      customerName: valid.name,
      customerEmail: valid.email ? valid.email.toLowerCase() : null,
      companyName: valid.company ?? null,
      customerTitle: valid.title ?? null,
      projectType: valid.projectType ?? null,
      testimonialText: valid.content,
      rating: valid.rating,
      language: from.language ?? "en",
      approved: false,
      isPublicSubmission: true,
    });
    // Not shown until approved, but the staff list's count is kept until the next change.
    this.content.changed("testimonials");
    return this.admin(row);
  }

  // --- staff -----------------------------------------------------------------------------------

  /** A testimonial entered by staff (or the demo seed), approved or not; not a public submission. */
  async create(
    input: unknown,
    options: { approved?: boolean; featured?: boolean; createdAt?: Date; language?: Language } = {},
  ): Promise<AdminTestimonial> {
    const valid = parseOrThrow(testimonialSubmissionSchema, input);
    const row = await this.repo.insert({
      customerName: valid.name,
      customerEmail: valid.email ? valid.email.toLowerCase() : null,
      companyName: valid.company ?? null,
      customerTitle: valid.title ?? null,
      projectType: valid.projectType ?? null,
      testimonialText: valid.content,
      rating: valid.rating,
      language: options.language ?? "en",
      approved: options.approved ?? false,
      featured: options.featured ?? false,
      isPublicSubmission: false,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    });
    // Every change, a review awaiting approval too: the staff list's count is kept until one.
    this.content.changed("testimonials");
    return this.admin(row);
  }

  async count(): Promise<number> {
    return this.repo.count();
  }

  async countPending(): Promise<number> {
    return this.repo.count(false);
  }

  /** The newest testimonials, approved or not, as staff see them: `limit` rows read, never more. */
  async newest(limit: number): Promise<AdminTestimonial[]> {
    const rows = await this.repo.listNewest(limit);
    const clients = await this.clientsOf(rows);
    return rows.map((row) => toAdmin(row, clients));
  }

  /**
   * One page of every testimonial, those awaiting approval first, each group newest first (the staff list),
   * counted once per change.
   */
  async listStaffPage(request: PageRequest): Promise<Page<AdminTestimonial>> {
    return readPage(
      request,
      (page) => this.repo.listPage(page),
      async () => (await this.staffTotal.get("all", () => this.repo.count())).value,
      async (rows) => {
        const clients = await this.clientsOf(rows);
        return rows.map((row) => toAdmin(row, clients));
      },
    );
  }

  /** The `limit` oldest testimonials awaiting approval (the moderation queue, first come first served). */
  async listPending(limit: number): Promise<AdminTestimonial[]> {
    const rows = await this.repo.listPending(limit);
    const clients = await this.clientsOf(rows);
    return rows.map((row) => toAdmin(row, clients));
  }

  /** Approves ({approved: true}), withdraws, or edits a testimonial. */
  async update(rawId: string | number, input: unknown): Promise<AdminTestimonial> {
    const id = parseTestimonialId(rawId);
    if (id === null) throw notFound();
    const valid = parseOrThrow(testimonialUpdateSchema, input);
    const values = Object.fromEntries(Object.entries(valid).filter(([, value]) => value !== undefined));
    const row = await this.repo.update(id, values);
    if (!row) throw notFound();
    this.content.changed("testimonials");
    return this.admin(row);
  }

  /** Rejecting a pending testimonial, or removing a published one, deletes it. */
  async delete(rawId: string | number): Promise<void> {
    const id = parseTestimonialId(rawId);
    if (id === null || !(await this.repo.delete(id))) throw notFound();
    this.content.changed("testimonials");
  }
}
