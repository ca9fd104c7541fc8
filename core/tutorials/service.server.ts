import { createHash } from "node:crypto";
import type { Database } from "../../db/client.server.ts";
import { ContentEvents, SnapshotCache } from "../cache/content-cache.ts";
import { DomainError, parseOrThrow } from "../errors.ts";
import type { Language } from "../i18n/language.ts";
import { parseId } from "../ids.ts";
import {
  offsetOf,
  pageInfo,
  PAGE_SIZE,
  readPage,
  readSearchedPage,
  type Page,
  type PageInfo,
  type PageRequest,
} from "../paging/rules.ts";
import { TutorialRepo, type PublishedTutorialFilter, type TutorialRow } from "./repo.server.ts";
import { isDifficulty, normalizeTutorialFilters, videoEmbedUrl, viewDay, type Difficulty } from "./rules.ts";
import {
  tutorialInputSchema,
  tutorialUpdateSchema,
  type AdminTutorial,
  type TutorialDetail,
  type TutorialSummary,
} from "./schema.ts";

const tutorialNotFound = () => new DomainError("not_found", "tutorials:errors.notFound");

function toSummary(row: TutorialRow, language: Language): TutorialSummary {
  const fr = language === "fr";
  const embed = videoEmbedUrl(row.videoUrl);
  return {
    id: row.id,
    title: fr ? row.titleFr : row.titleEn,
    summary: fr ? row.summaryFr : row.summaryEn,
    category: fr ? row.categoryFr : row.categoryEn,
    tags: fr ? row.tagsFr : row.tagsEn,
    language,
    difficulty: (isDifficulty(row.difficulty) ? row.difficulty : "beginner") as Difficulty,
    estimatedMinutes: row.estimatedMinutes,
    featuredImage: row.featuredImage,
    videoEmbedUrl: embed,
    hasVideo: embed !== null,
    membersOnly: row.membersOnly,
    viewCount: row.viewCount,
    createdAt: row.createdAt.toISOString(),
  };
}

function toDetail(row: TutorialRow, language: Language, viewer: { signedIn: boolean }): TutorialDetail {
  // Decision 16: a visitor sees a members-only tutorial's summary and a sign-in prompt, not its content or video.
  const locked = row.membersOnly && !viewer.signedIn;
  const summary = toSummary(row, language);
  return {
    ...summary,
    videoEmbedUrl: locked ? null : summary.videoEmbedUrl,
    content: locked ? "" : language === "fr" ? row.contentFr : row.contentEn,
    locked,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toAdmin(row: TutorialRow): AdminTutorial {
  return {
    id: row.id,
    titleEn: row.titleEn,
    titleFr: row.titleFr,
    summaryEn: row.summaryEn,
    summaryFr: row.summaryFr,
    contentEn: row.contentEn,
    contentFr: row.contentFr,
    categoryEn: row.categoryEn,
    categoryFr: row.categoryFr,
    tagsEn: row.tagsEn,
    tagsFr: row.tagsFr,
    difficulty: (isDifficulty(row.difficulty) ? row.difficulty : "beginner") as Difficulty,
    estimatedMinutes: row.estimatedMinutes,
    featuredImage: row.featuredImage,
    videoUrl: row.videoUrl,
    published: row.published,
    membersOnly: row.membersOnly,
    viewCount: row.viewCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One page of the public list and where it stands among the others. */
export interface TutorialPage {
  tutorials: TutorialSummary[];
  paging: PageInfo;
}

/** Who a viewer is for the view count: a one-way hash, so that the table never holds an address. */
export function visitorKey(viewer: { userId?: string | number | null; address?: string; userAgent?: string }): string {
  const subject =
    viewer.userId != null
      ? `user:${viewer.userId}`
      : `visitor:${viewer.address ?? "unknown"}|${viewer.userAgent ?? ""}`;
  return createHash("sha256").update(subject).digest("base64url");
}

/** Tutorials: what visitors read, the views they add, and what staff manage. */
export class TutorialService {
  private readonly repo: TutorialRepo;
  private readonly content: ContentEvents;
  /**
   * Counts of the published tutorials by difficulty (the same in both languages), kept until an edit
   * announces "tutorials": every page of an unsearched list needs one. Searches are counted each time, up
   * to the cap (`readSearchedPage`): their matches are unbounded.
   */
  private readonly counts: SnapshotCache<string, number>;

  constructor(db: Database, content: ContentEvents = new ContentEvents()) {
    this.repo = new TutorialRepo(db);
    this.content = content;
    this.counts = new SnapshotCache(content, "tutorials");
  }

  /**
   * One page of published tutorials in `language`, newest first, matching the search (title or category,
   * accents and case ignored) and difficulty. A page past the last answers no tutorials; the caller decides
   * whether that is a 404 (pages) or an empty list (the API). Members-only tutorials are listed like the
   * others (their cards say so; decision 16 locks their content, not their summary).
   */
  async listPublishedPage(query: {
    language: Language;
    q?: string | null;
    difficulty?: string | null;
    page?: number;
    limit?: number;
  }): Promise<TutorialPage> {
    const filters = normalizeTutorialFilters(query);
    const request = { page: query.page ?? 1, limit: query.limit ?? PAGE_SIZE };
    const filter: PublishedTutorialFilter = {
      language: query.language,
      difficulty: filters.difficulty === "all" ? null : filters.difficulty,
      q: filters.q || undefined,
    };
    const summaries = (rows: TutorialRow[]) => rows.map((row) => toSummary(row, query.language));
    if (!filter.q) {
      const page = { offset: offsetOf(request), limit: request.limit };
      const [rows, total] = await Promise.all([this.repo.listPublishedPage(filter, page), this.countPublished(filter)]);
      return { tutorials: summaries(rows), paging: pageInfo(request, total) };
    }
    // As the blog does: a search is counted up to the cap and its page read the cheaper way.
    const { rows, paging } = await readSearchedPage(
      request,
      (upTo) => this.repo.countPublishedUpTo(filter, upTo),
      () => this.countPublished({ ...filter, q: undefined }),
      (page, matchesFirst) => this.repo.listPublishedPage(filter, page, matchesFirst),
    );
    return { tutorials: summaries(rows), paging };
  }

  /** How many published tutorials an unsearched list holds, kept per difficulty until the tutorials change. */
  private async countPublished(filter: PublishedTutorialFilter): Promise<number> {
    // The language does not change the count of an unsearched list: every tutorial has both texts.
    const key = filter.difficulty ?? "all";
    return (await this.counts.get(key, () => this.repo.countPublished(filter))).value;
  }

  /** A published tutorial, or null (unknown id, draft, or an id that is not a number). */
  async findPublished(
    rawId: string | number,
    language: Language,
    viewer: { signedIn: boolean },
  ): Promise<TutorialDetail | null> {
    const id = parseId(rawId);
    const row = id === null ? null : await this.repo.find(id);
    return row && row.published ? toDetail(row, language, viewer) : null;
  }

  /** Like findPublished, but 'Tutorial Not Found' (404) instead of null. */
  async getPublished(
    rawId: string | number,
    language: Language,
    viewer: { signedIn: boolean },
  ): Promise<TutorialDetail> {
    const tutorial = await this.findPublished(rawId, language, viewer);
    if (!tutorial) throw tutorialNotFound();
    return tutorial;
  }

  /**
   * Counts a view of a published tutorial (spec 000, section 4: once per detail page load), at most once
   * per visitor and day, so that reloads do not inflate it. Answers the view count.
   */
  async recordView(rawId: string | number, visitor: string, now: Date = new Date()): Promise<{ viewCount: number }> {
    const id = parseId(rawId);
    const day = viewDay(now);
    const viewCount = id === null ? null : await this.repo.recordView(id, visitor, day);
    if (viewCount === null) throw tutorialNotFound();
    // Only today's visitors decide a repeat; a small share of calls drops the rows of earlier days.
    if (Math.random() < 0.02) await this.repo.purgeViewsBefore(viewDay(new Date(now.getTime() - 24 * 3600_000)));
    return { viewCount };
  }

  // --- staff -----------------------------------------------------------------------------------

  async count(): Promise<number> {
    return this.repo.count();
  }

  /** One page of every tutorial, drafts included, newest first (the staff list), counted once per change. */
  async listStaffPage(request: PageRequest): Promise<Page<AdminTutorial>> {
    return readPage(
      request,
      (page) => this.repo.listPage(page),
      async () => (await this.counts.get("staff", () => this.repo.count())).value,
      (rows) => rows.map(toAdmin),
    );
  }

  async get(rawId: string | number): Promise<AdminTutorial> {
    const id = parseId(rawId);
    const row = id === null ? null : await this.repo.find(id);
    if (!row) throw tutorialNotFound();
    return toAdmin(row);
  }

  /** Creates a tutorial (spec 000, section 5: 'Title is required'), its texts in both languages. */
  async create(input: unknown, options: { viewCount?: number; createdAt?: Date } = {}): Promise<AdminTutorial> {
    const valid = parseOrThrow(tutorialInputSchema, input);
    const row = await this.repo.insert({
      ...valid,
      viewCount: Math.max(0, Math.trunc(options.viewCount ?? 0)),
      ...(options.createdAt ? { createdAt: options.createdAt, updatedAt: options.createdAt } : {}),
    });
    this.content.changed("tutorials");
    return toAdmin(row);
  }

  /** Changes any subset of a tutorial's fields. */
  async update(rawId: string | number, input: unknown): Promise<AdminTutorial> {
    const id = parseId(rawId);
    const current = id === null ? null : await this.repo.find(id);
    if (!current) throw tutorialNotFound();
    const valid = parseOrThrow(tutorialUpdateSchema, input);
    const changes = Object.fromEntries(Object.entries(valid).filter(([, value]) => value !== undefined));
    const row = await this.repo.update(current.id, changes);
    if (!row) throw tutorialNotFound();
    this.content.changed("tutorials");
    return toAdmin(row);
  }

  async delete(rawId: string | number): Promise<void> {
    const id = parseId(rawId);
    if (id === null || !(await this.repo.delete(id))) throw tutorialNotFound();
    this.content.changed("tutorials");
  }
}
