import type { Database, Transaction } from "../../db/client.server.ts";
import { ContentEvents, SnapshotCache } from "../cache/content-cache.ts";
import { readPage, type Page, type PageRequest } from "../paging/rules.ts";
import { DomainError, parseOrThrow } from "../errors.ts";
import { parseId } from "../ids.ts";
import { offsetOf, pageInfo, PAGE_SIZE, type PageInfo } from "../paging/rules.ts";
import type { Language } from "../i18n/language.ts";
import { DealRepo, type DealRow, type LockedClaims } from "./repo.server.ts";
import { dealStatus, isAllReserved, isDealVisible } from "./rules.ts";
import { dealInputSchema, dealUpdateSchema, type AdminDeal, type DealTexts, type PublicDeal } from "./schema.ts";

/** The deal id of an address, strictly (see parseId). */
const parseDealId = parseId;

const dealUnavailable = () => new DomainError("not_found", "deals:errors.notAvailable");
const dealNotFound = () => new DomainError("not_found", "deals:errors.notFound");

/** A deal's texts in one language. */
function textsIn(row: DealRow, language: Language) {
  return language === "fr"
    ? { title: row.titleFr, description: row.descriptionFr, serviceName: row.serviceNameFr }
    : { title: row.titleEn, description: row.descriptionEn, serviceName: row.serviceNameEn };
}

function toPublic(row: DealRow, language: Language, now: Date): PublicDeal {
  const status = dealStatus(row, now);
  return {
    id: row.id,
    ...textsIn(row, language),
    language,
    originalPrice: row.originalPrice,
    discountedPrice: row.discountedPrice,
    discountPercentage: row.discountPercentage,
    validFrom: row.validFrom.toISOString(),
    validUntil: row.validUntil.toISOString(),
    featuredImage: row.featuredImage,
    claimLimit: row.claimLimit,
    claimCount: row.claimCount,
    claimsReserved: row.claimsReserved,
    perPersonLimit: row.perPersonLimit,
    daysLeft: status.daysLeft,
    hurry: status.hurry,
    soldOut: status.soldOut,
    allReserved: isAllReserved(row, row.claimsReserved),
    progress: status.progress,
  };
}

/** The deal's texts in both languages, as staff edit them. */
function textsOf(row: DealRow): DealTexts {
  return {
    titleEn: row.titleEn,
    titleFr: row.titleFr,
    descriptionEn: row.descriptionEn,
    descriptionFr: row.descriptionFr,
    serviceNameEn: row.serviceNameEn,
    serviceNameFr: row.serviceNameFr,
  };
}

function toAdmin(row: DealRow, now: Date): AdminDeal {
  return {
    ...toPublic(row, "en", now),
    ...textsOf(row),
    active: row.active,
    visible: isDealVisible(row, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A stored deal written back as the input schema reads it, so that an edit can be checked whole. */
function asInput(row: DealRow) {
  return {
    ...textsOf(row),
    originalPrice: row.originalPrice,
    discountedPrice: row.discountedPrice,
    discountPercentage: row.discountPercentage,
    validFrom: row.validFrom.toISOString(),
    validUntil: row.validUntil.toISOString(),
    featuredImage: row.featuredImage,
    active: row.active,
    claimLimit: row.claimLimit,
    perPersonLimit: row.perPersonLimit,
  };
}

/** Hot deals: what visitors see, what staff manage, and the claims counted when an order is paid. */
/** One page of the deals shown now and where it stands among the others. */
export interface DealPage {
  deals: PublicDeal[];
  paging: PageInfo;
}

export class DealService {
  private readonly repo: DealRepo;
  private readonly content: ContentEvents;
  /**
   * Active deals, one copy for both languages (a deal is one record, so an edit or a claim changes what
   * both languages show at once); windows and countdowns are checked against the clock on each call.
   */
  private readonly active: SnapshotCache<"active", DealRow[]>;
  /** How many deals there are, for the staff list's pages, kept until a deal changes. */
  private readonly staffTotal: SnapshotCache<"all", number>;
  /** How many deals are shown now, the same in both languages. */
  private readonly visibleCount: SnapshotCache<"visible", number>;

  constructor(db: Database, content: ContentEvents = new ContentEvents()) {
    this.repo = new DealRepo(db);
    this.content = content;
    this.active = new SnapshotCache(content, "deals");
    this.staffTotal = new SnapshotCache(content, "deals");
    this.visibleCount = new SnapshotCache(content, "deals");
  }

  /** The deals shown now, read in one language: active and within their window, ending soonest first. */
  async listVisible(language: Language, now: Date = new Date()): Promise<PublicDeal[]> {
    const rows = (await this.active.get("active", () => this.repo.listActive())).value;
    return rows.filter((row) => isDealVisible(row, now)).map((row) => toPublic(row, language, now));
  }

  /**
   * One page of the deals shown now, read in one language, ending soonest first, and where it stands. A
   * page past the last holds no deals; the caller decides whether that is a 404 (the page) or an empty
   * list (the API).
   */
  async listVisiblePage(
    language: Language,
    query: { page?: number; limit?: number } = {},
    now: Date = new Date(),
  ): Promise<DealPage> {
    const request = { page: query.page ?? 1, limit: query.limit ?? PAGE_SIZE };
    const [rows, total] = await Promise.all([
      this.repo.listVisiblePage(now, { offset: offsetOf(request), limit: request.limit }),
      // Kept until the deals change or the content's time to live passes: a window that opens or closes in
      // between is counted a few seconds late, as the deals' list was shown before.
      this.visibleCount.get("visible", () => this.repo.countVisible(now)).then((count) => count.value),
    ]);
    return { deals: rows.map((row) => toPublic(row, language, now)), paging: pageInfo(request, total) };
  }

  /**
   * A deal shown now, read in `language`, or null: what the cart and checkout check a deal line against.
   * The id of a per-language copy merged into one deal names that deal (carts saved before the merge).
   */
  async findVisible(
    rawId: string | number,
    now: Date = new Date(),
    language: Language = "en",
  ): Promise<PublicDeal | null> {
    const row = await this.findRow(rawId);
    return row && isDealVisible(row, now) ? toPublic(row, language, now) : null;
  }

  /** Like findVisible, but 'This deal is no longer available' (404) instead of null. */
  async getVisible(rawId: string | number, now: Date = new Date(), language: Language = "en"): Promise<PublicDeal> {
    const deal = await this.findVisible(rawId, now, language);
    if (!deal) throw dealUnavailable();
    return deal;
  }

  /**
   * Counts `quantity` claims of a deal when its order is paid, in the caller's transaction when given:
   * one conditional UPDATE, so that the claims never pass the limit, even under concurrent payments.
   * False (nothing counted) when the deal is unknown, inactive, or the claims would pass its limit.
   * The validity window is not checked: a deal claimed in time may be paid for after it ends.
   */
  async recordClaim(dealId: number, quantity: number, tx?: Transaction): Promise<boolean> {
    if (!Number.isSafeInteger(dealId) || dealId < 1) return false;
    if (!Number.isSafeInteger(quantity) || quantity < 1)
      throw new RangeError(`claim quantity must be a positive whole number, got ${quantity}`);
    const id = await this.repo.resolveId(dealId, tx);
    if (id === null) return false;
    const counted = await this.repo.addClaims(id, quantity, tx);
    // Inside a caller's transaction a read may still see the old count until it commits; the copies'
    // time to live bounds that.
    if (counted) this.content.changed("deals");
    return counted;
  }

  /**
   * Gives back `quantity` claims of a deal whose order was refunded in full (never below zero), in the
   * caller's transaction: the deal can be claimed by someone else again.
   */
  async returnClaim(dealId: number, quantity: number, tx: Transaction): Promise<void> {
    const id = await this.repo.resolveId(dealId, tx);
    if (id === null) return;
    if (await this.repo.removeClaims(id, quantity, tx)) this.content.changed("deals");
  }

  /**
   * A deal's claim limit and count with its row locked in `tx`, for checkout to reserve claims against
   * (the caller adds the claims other orders hold); null when the deal is unknown.
   */
  async lockClaims(dealId: number, tx: Transaction): Promise<LockedClaims | null> {
    if (!Number.isSafeInteger(dealId) || dealId < 1) return null;
    const id = await this.repo.resolveId(dealId, tx);
    return id === null ? null : this.repo.lockClaims(tx, id);
  }

  // --- staff -----------------------------------------------------------------------------------

  /** Claims were held or given back: the pages that show them as reserved are read again. */
  holdsChanged(): void {
    this.content.changed("deals");
  }

  async count(): Promise<number> {
    return this.repo.count();
  }

  /** Every deal, newest first, with whether it is shown now. */
  /** One page of every deal, ended ones included, newest first (the staff list), counted once per change. */
  async listStaffPage(request: PageRequest, now: Date = new Date()): Promise<Page<AdminDeal>> {
    return readPage(
      request,
      (page) => this.repo.listPage(page),
      async () => (await this.staffTotal.get("all", () => this.repo.count())).value,
      (rows) => rows.map((row) => toAdmin(row, now)),
    );
  }

  async get(rawId: string | number, now: Date = new Date()): Promise<AdminDeal> {
    const row = await this.findRow(rawId);
    if (!row) throw dealNotFound();
    return toAdmin(row, now);
  }

  /**
   * Creates a deal (specification 000, section 5: title; description of 10 characters or more; service
   * name; prices of at least 1; percentage 1-99; plus a discounted price below the original and an end
   * after the start). `claimCount` lets the demo seed start a deal with claims already made.
   */
  async create(input: unknown, options: { claimCount?: number } = {}): Promise<AdminDeal> {
    const valid = parseOrThrow(dealInputSchema, input);
    const claimCount = Math.max(0, Math.trunc(options.claimCount ?? 0));
    const row = await this.repo.insert({
      ...valid,
      claimCount: valid.claimLimit === null ? claimCount : Math.min(claimCount, valid.claimLimit),
    });
    this.content.changed("deals");
    return toAdmin(row, new Date());
  }

  /** Changes any subset of a deal's fields; the deal as changed must pass every rule of `create`. */
  async update(rawId: string | number, input: unknown): Promise<AdminDeal> {
    const id = parseDealId(rawId);
    const current = id === null ? null : await this.repo.find(id);
    if (!current) throw dealNotFound();
    parseOrThrow(dealUpdateSchema, input);
    const merged = parseOrThrow(dealInputSchema, { ...asInput(current), ...(input as Record<string, unknown>) });
    const row = await this.repo.update(current.id, merged);
    if (!row) throw dealNotFound();
    this.content.changed("deals");
    return toAdmin(row, new Date());
  }

  async delete(rawId: string | number): Promise<void> {
    const id = parseDealId(rawId);
    if (id === null || !(await this.repo.delete(id))) throw dealNotFound();
    this.content.changed("deals");
  }

  private async findRow(rawId: string | number): Promise<DealRow | null> {
    const id = parseDealId(rawId);
    const resolved = id === null ? null : await this.repo.resolveId(id);
    return resolved === null ? null : this.repo.find(resolved);
  }
}
