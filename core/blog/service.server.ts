import type { Database } from "../../db/client.server.ts";
import { ContentEvents, Snapshot, SnapshotCache, toJsonText, type JsonText } from "../cache/content-cache.ts";
import { DomainError, parseOrThrow } from "../errors.ts";
import { FORM_BUDGETS } from "../rate-limit/rules.ts";
import { RateLimitService } from "../rate-limit/service.server.ts";
import {
  COMMENT_PAGE_SIZE,
  offsetOf,
  pageInfo,
  PAGE_SIZE,
  readPage,
  readSearchedPage,
  type Page,
  type PageInfo,
  type PageRequest,
} from "../paging/rules.ts";

/** How many unlinked posts the staff form offers as a post's translation: the newest, where translations are. */
const TRANSLATION_CHOICES = 100;
import {
  BlogRepo,
  type CommentRow,
  type PostRow,
  type PostSummaryRow,
  type PublishedPostFilter,
} from "./repo.server.ts";
import {
  assertCanReplyTo,
  canReadFullContent,
  countWords,
  normalizeFilters,
  parseId,
  readingMinutes,
} from "./rules.ts";
import { sanitizePostHtml } from "./sanitize.server.ts";
import {
  newCommentSchema,
  postInputSchema,
  postUpdateSchema,
  type AdminPost,
  type CommentPaging,
  type CommentStatus,
  type ModerationComment,
  type PostDetail,
  type PostSummary,
  type PostTranslation,
  type PublicComment,
} from "./schema.ts";

/** Parses with a schema whose messages are i18n keys; a failure is a validation DomainError naming each field. */

const postNotFound = () => new DomainError("not_found", "blog:errors.postNotFound");
const commentNotFound = () => new DomainError("not_found", "blog:errors.commentNotFound");

function toSummary(row: PostSummaryRow): PostSummary {
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    featuredImage: row.featuredImage,
    category: row.category,
    tags: row.tags,
    language: row.language,
    membersOnly: row.membersOnly,
    createdAt: row.createdAt.toISOString(),
    readingMinutes: readingMinutes(row.wordCount),
  };
}

function toAdminPost(row: PostRow, translation: PostRow | null): AdminPost {
  return {
    ...toSummary(row),
    content: row.content,
    published: row.published,
    updatedAt: row.updatedAt.toISOString(),
    translationOf: translation?.id ?? null,
  };
}

const translationError = (key: string) => new DomainError("validation", key, { fields: { translationOf: key } });

function toPublicComment(row: CommentRow): PublicComment {
  return {
    id: row.id,
    postId: row.postId,
    authorName: row.authorName,
    authorWebsite: row.authorWebsite,
    content: row.content,
    language: row.language,
    parentId: row.parentId,
    createdAt: row.createdAt.toISOString(),
  };
}

function toTranslation(row: PostRow): PostTranslation {
  return { id: row.id, language: row.language, title: row.title };
}

function cleanTags(tags: string[]): string[] {
  return [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))];
}

type PostListQuery = {
  language?: string | null;
  q?: string | null;
  category?: string | null;
  /** From 1; the first page when absent. */
  page?: number;
  /** Posts on a page; PAGE_SIZE when absent. */
  limit?: number;
};

/** How many of the unsearched list's first pages are kept in memory (at the usual page size only). */
const KEPT_PAGES = 5;
const isKeptPage = (request: PageRequest) => request.limit === PAGE_SIZE && request.page <= KEPT_PAGES;

/** One page of the public list and where it stands among the others. */
export interface PostPage {
  posts: PostSummary[];
  paging: PageInfo;
}

/** Posts and their comments: the public blog, comment submission, and staff editing and moderation. */
export class BlogService {
  private readonly repo: BlogRepo;
  private readonly rateLimits: RateLimitService;
  private readonly content: ContentEvents;
  /**
   * Counts of the published posts by language and category, kept until the blog changes: every page of an
   * unsearched list needs one. Searches are counted each time, up to the cap (`readSearchedPage`): their
   * matches are unbounded.
   */
  private readonly counts: SnapshotCache<string, number>;
  /**
   * The first pages of the unsearched list at the usual page size, kept until the blog changes: nearly
   * every call of the API and every signed-in visit of /posts asks for one of them, and each read cost a
   * query (about 4 ms on the embedded database, where queries wait for each other).
   */
  private readonly firstPages: SnapshotCache<string, PostPage>;

  constructor(db: Database, rateLimits?: RateLimitService, content: ContentEvents = new ContentEvents()) {
    this.repo = new BlogRepo(db);
    this.rateLimits = rateLimits ?? new RateLimitService(db);
    this.content = content;
    this.counts = new SnapshotCache(content, "blog");
    this.firstPages = new SnapshotCache(content, "blog");
  }

  /**
   * One page of published posts, newest first, in one language when given, matching the search (title or
   * excerpt, accents and case ignored) and category. A page past the last answers no posts; the caller
   * decides whether that is a 404 (pages) or an empty list (the API).
   */
  async listPublishedPage(query: PostListQuery = {}): Promise<PostPage> {
    const page = await this.publishedPage(query);
    return page instanceof Snapshot ? page.value : page;
  }

  /**
   * The same page as JSON text, serialized (and compressed by the server) once per change of the blog
   * when it is one of the pages kept, instead of once per request.
   */
  async listPublishedPageJson(
    query: PostListQuery = {},
  ): Promise<{ posts: JsonText<PostSummary[]>; paging: PageInfo }> {
    const page = await this.publishedPage(query);
    if (!(page instanceof Snapshot)) return { posts: toJsonText(page.posts), paging: page.paging };
    return { posts: page.memo("json", (kept) => toJsonText(kept.posts)), paging: page.value.paging };
  }

  /** The page asked for: the kept snapshot when it is one of the first pages, otherwise read now. */
  private async publishedPage(query: PostListQuery): Promise<Snapshot<PostPage> | PostPage> {
    const filters = normalizeFilters(query);
    const request = { page: query.page ?? 1, limit: query.limit ?? PAGE_SIZE };
    const filter: PublishedPostFilter = {
      language: query.language || undefined,
      category: filters.category,
      q: filters.q || undefined,
    };
    if (filter.q || !isKeptPage(request)) return this.readPublishedPage(filter, request);
    const key = `${filter.language ?? ""} ${filter.category ?? ""} ${request.page}`;
    return this.firstPages.get(key, () => this.readPublishedPage(filter, request));
  }

  private async readPublishedPage(filter: PublishedPostFilter, request: PageRequest): Promise<PostPage> {
    if (!filter.q) {
      const page = { offset: offsetOf(request), limit: request.limit };
      const [rows, total] = await Promise.all([this.repo.listPublishedPage(filter, page), this.countPublished(filter)]);
      return { posts: rows.map(toSummary), paging: pageInfo(request, total) };
    }
    const { rows, paging } = await readSearchedPage(
      request,
      (upTo) => this.repo.countPublishedUpTo(filter, upTo),
      () => this.countPublished({ ...filter, q: undefined }),
      (page, matchesFirst) => this.repo.listPublishedPage(filter, page, matchesFirst),
    );
    return { posts: rows.map(toSummary), paging };
  }

  /** How many published posts an unsearched list holds, kept per language and category until the blog changes. */
  private async countPublished(filter: PublishedPostFilter): Promise<number> {
    const key = `${filter.language ?? ""} ${filter.category ?? ""}`;
    return (await this.counts.get(key, () => this.repo.countPublished(filter))).value;
  }

  /** One published post; unknown ids, non-numeric ids and drafts are all "Post not found". */
  async getPublishedPost(rawId: string | number, viewer: { signedIn: boolean }): Promise<PostDetail> {
    const post = await this.findPublishedPost(rawId, viewer);
    if (!post) throw postNotFound();
    return post;
  }

  /** Like getPublishedPost, but null instead of an error (for pages, which answer their own 404). */
  async findPublishedPost(rawId: string | number, viewer: { signedIn: boolean }): Promise<PostDetail | null> {
    const id = parseId(rawId);
    const row = id === null ? null : await this.repo.findPost(id);
    if (!row || !row.published) return null;
    const readable = canReadFullContent(row, viewer);
    const translation = await this.repo.findTranslation(row);
    return {
      ...toSummary(row),
      content: readable ? sanitizePostHtml(row.content) : "",
      locked: !readable,
      updatedAt: row.updatedAt.toISOString(),
      // A draft translation is not offered to readers.
      translation: translation?.published ? toTranslation(translation) : null,
    };
  }

  /**
   * A published post with one page of its approved comments (threads with their replies, COMMENT_PAGE_SIZE
   * threads a page), or null: what the post page shows. A page past the last holds no comments; the page
   * decides what that means.
   */
  async readPost(
    rawId: string | number,
    viewer: { signedIn: boolean },
    commentsPage = 1,
  ): Promise<{ post: PostDetail; comments: PublicComment[]; commentPaging: CommentPaging } | null> {
    const post = await this.findPublishedPost(rawId, viewer);
    if (!post) return null;
    const { comments, paging } = await this.commentPage(post.id, { page: commentsPage });
    return { post, comments, commentPaging: paging };
  }

  /** One page of a published post's approved threads, oldest first, each with its replies. */
  async listApprovedComments(
    rawId: string | number,
    query: { page?: number; limit?: number } = {},
  ): Promise<{ comments: PublicComment[]; paging: CommentPaging }> {
    const post = await this.publishedRow(rawId);
    return this.commentPage(post.id, query);
  }

  private async commentPage(
    postId: number,
    query: { page?: number; limit?: number },
  ): Promise<{ comments: PublicComment[]; paging: CommentPaging }> {
    const request = { page: query.page ?? 1, limit: query.limit ?? COMMENT_PAGE_SIZE };
    // Counted each time: one post's entries of a partial index, a few at most for a post's comments.
    const [rows, counts] = await Promise.all([
      this.repo.listApprovedThreads(postId, { offset: offsetOf(request), limit: request.limit }),
      this.repo.countApprovedComments(postId),
    ]);
    return {
      comments: rows.map(toPublicComment),
      paging: { ...pageInfo(request, counts.threads), comments: counts.comments },
    };
  }

  /**
   * Stores a comment or a reply, unapproved until staff approve it, with the language it was written in
   * (`from.language`, the page's; else the post's). With the client's `address` (public submissions),
   * valid comments are limited per address and per e-mail (FORM_BUDGETS.comment).
   */
  async submitComment(
    rawId: string | number,
    input: unknown,
    from: { address?: string; language?: string } = {},
  ): Promise<PublicComment & { approved: boolean }> {
    const postId = parseId(rawId);
    if (postId === null) throw postNotFound();
    const candidate = input && typeof input === "object" && !Array.isArray(input) ? { ...input, postId } : input;
    const valid = parseOrThrow(newCommentSchema, candidate);
    const post = await this.publishedRow(valid.postId);
    const parentId = valid.parentId ?? null;
    if (parentId !== null) assertCanReplyTo(await this.repo.findComment(parentId), post.id);
    if (from.address !== undefined)
      await this.rateLimits.enforce(FORM_BUDGETS.comment, { address: from.address, email: valid.email });
    const row = await this.repo.insertComment({
      postId: post.id,
      authorName: valid.author,
      authorEmail: valid.email.toLowerCase(),
      authorWebsite: valid.website ?? null,
      content: valid.content,
      language: from.language === "fr" || from.language === "en" ? from.language : post.language,
      parentId,
      approved: false,
    });
    return { ...toPublicComment(row), approved: row.approved };
  }

  // --- staff -----------------------------------------------------------------------------------

  async countPosts(): Promise<number> {
    return this.repo.countPosts();
  }

  /** The newest posts, drafts included, as the staff Overview lists them: `limit` rows read, never more. */
  async newestPosts(
    limit: number,
  ): Promise<Array<Pick<AdminPost, "id" | "title" | "language" | "published" | "createdAt">>> {
    const rows = await this.repo.listNewest(limit);
    return rows.map((row) => {
      const { id, title, language, published, createdAt } = toAdminPost(row, null);
      return { id, title, language, published, createdAt };
    });
  }

  /**
   * One page of every post, drafts included, newest first (the staff list), each with the post it
   * translates. The total is counted once per change of the blog, not per page read.
   */
  async listStaffPage(request: PageRequest): Promise<Page<AdminPost>> {
    return readPage(
      request,
      (page) => this.repo.listPage(page),
      async () => (await this.counts.get("staff", () => this.repo.countPosts())).value,
      async (rows) => {
        const grouped = await this.repo.translationGroupsOf(rows);
        const partnerOf = (row: PostRow) =>
          grouped.find((other) => other.id !== row.id && other.translationGroup === row.translationGroup);
        return rows.map((row) => toAdminPost(row, partnerOf(row) ?? null));
      },
    );
  }

  /**
   * The posts a post may be linked with as its translation, as the staff form offers them: the newest
   * `limit` posts that are no one's translation yet, and the partners of `shown` (the posts on the staff
   * page, one of which may be edited).
   */
  async translationChoices(shown: AdminPost[], limit = TRANSLATION_CHOICES): Promise<AdminPost[]> {
    const linkedIds = [...new Set(shown.map((post) => post.translationOf).filter((id) => id !== null))];
    const [unlinked, partners] = await Promise.all([this.repo.listUnlinked(limit), this.repo.findPosts(linkedIds)]);
    const choices = unlinked.map((row) => toAdminPost(row, null));
    for (const row of partners) {
      const partner = shown.find((post) => post.translationOf === row.id) ?? null;
      choices.push({ ...toAdminPost(row, null), translationOf: partner?.id ?? null });
    }
    return choices;
  }

  /**
   * The post `translationOf` names, checked as the translation of a post in `language`: it exists, is in
   * the other language, and is not already linked to a third post. Throws the refusal staff see.
   */
  private async translationTarget(
    translationOf: number,
    self: { id: number | null; language: string },
  ): Promise<PostRow> {
    if (translationOf === self.id) throw translationError("blog:validation.translationSelf");
    const target = await this.repo.findPost(translationOf);
    if (!target) throw translationError("blog:validation.translationNotFound");
    if (target.language === self.language) throw translationError("blog:validation.translationSameLanguage");
    const partner = await this.repo.findTranslation(target);
    if (partner && partner.id !== self.id) throw translationError("blog:validation.translationTaken");
    return target;
  }

  /** Creates a post; `createdAt` lets an import or the demo seed keep a post's original date. */
  async createPost(input: unknown, options: { createdAt?: Date } = {}): Promise<AdminPost> {
    const valid = parseOrThrow(postInputSchema, input);
    // Checked before anything is stored, so that a refused link stores no post either.
    const target =
      valid.translationOf === null
        ? null
        : await this.translationTarget(valid.translationOf, { id: null, language: valid.language });
    const content = sanitizePostHtml(valid.content);
    const row = await this.repo.insertPost({
      ...(options.createdAt ? { createdAt: options.createdAt, updatedAt: options.createdAt } : {}),
      title: valid.title,
      excerpt: valid.excerpt,
      content,
      wordCount: countWords(content),
      category: valid.category,
      published: valid.published,
      language: valid.language,
      featuredImage: valid.featuredImage ?? null,
      tags: cleanTags(valid.tags),
      membersOnly: valid.membersOnly,
    });
    if (target) await this.repo.link(row, target);
    this.content.changed("blog");
    return toAdminPost(row, target);
  }

  async updatePost(rawId: string | number, input: unknown): Promise<AdminPost> {
    const id = parseId(rawId);
    if (id === null) throw postNotFound();
    const valid = parseOrThrow(postUpdateSchema, input);
    const { content, tags, featuredImage, translationOf, ...rest } = valid;
    const current = await this.repo.findPost(id);
    if (!current) throw postNotFound();
    const language = rest.language ?? current.language;
    // The link as it will be: the one asked for, else the current one, which must survive a change of language.
    const currentPartner = await this.repo.findTranslation(current);
    let target: PostRow | null = null;
    if (translationOf) target = await this.translationTarget(translationOf, { id, language });
    else if (translationOf === undefined && currentPartner && currentPartner.language === language)
      throw translationError("blog:validation.translationSameLanguage");
    const relink = target !== null && target.id !== currentPartner?.id;
    // Leave the old pair first: a post changing language must not meet its former partner's language in one group.
    if (translationOf === null || relink) await this.repo.unlink(current);
    const clean = content === undefined ? undefined : sanitizePostHtml(content);
    const row = await this.repo.updatePost(id, {
      ...rest,
      ...(clean !== undefined ? { content: clean, wordCount: countWords(clean) } : {}),
      ...(tags !== undefined ? { tags: cleanTags(tags) } : {}),
      ...(featuredImage !== undefined ? { featuredImage } : {}),
    });
    if (!row) throw postNotFound();
    if (relink && target) await this.repo.link(row, target);
    this.content.changed("blog");
    const partner = translationOf === null ? null : (target ?? currentPartner);
    return toAdminPost(row, partner);
  }

  /** Deletes a post and, with it, its comments. */
  async deletePost(rawId: string | number): Promise<void> {
    const id = parseId(rawId);
    const row = id === null ? null : await this.repo.findPost(id);
    if (!row) throw postNotFound();
    // Its translation stays, now a post in one language.
    await this.repo.unlink(row);
    if (!(await this.repo.deletePost(row.id))) throw postNotFound();
    this.content.changed("blog");
  }

  /** A page of the moderation queue, oldest first: pending, approved, or all comments, with their post's title. */
  async listComments(status: CommentStatus, request: PageRequest): Promise<Page<ModerationComment>> {
    const approved = status === "all" ? null : status === "approved";
    return readPage(
      request,
      (page) => this.repo.listCommentsForModeration(approved, page),
      () => this.repo.countComments(approved),
      (rows) =>
        rows.map((row) => ({
          ...toPublicComment(row),
          authorEmail: row.authorEmail,
          approved: row.approved,
          postTitle: row.postTitle,
        })),
    );
  }

  async countPendingComments(): Promise<number> {
    return this.repo.countPendingComments();
  }

  /** Makes a comment public. */
  async approveComment(rawId: string | number): Promise<PublicComment> {
    const id = parseId(rawId);
    const row = id === null ? null : await this.repo.approveComment(id);
    if (!row) throw commentNotFound();
    this.content.changed("blog");
    return toPublicComment(row);
  }

  /** Rejecting deletes the comment (and any reply to it). */
  async rejectComment(rawId: string | number): Promise<void> {
    const id = parseId(rawId);
    if (id === null || !(await this.repo.deleteComment(id))) throw commentNotFound();
    this.content.changed("blog");
  }

  private async publishedRow(rawId: string | number): Promise<PostRow> {
    const id = parseId(rawId);
    const row = id === null ? null : await this.repo.findPost(id);
    if (!row || !row.published) throw postNotFound();
    return row;
  }
}
