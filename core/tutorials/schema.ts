import { z } from "zod";
import { LANGUAGES, type Language } from "../i18n/language.ts";
import { EMPTY_EDIT_KEY, hasChanges, line, text } from "../text.ts";
import { DIFFICULTIES, SEARCH_MAX, TUTORIAL_LIMITS, videoEmbedUrl, type Difficulty } from "./rules.ts";

// The pages' forms read these without zod (rules.ts); the server reads them here as before.
export { TUTORIAL_LIMITS };

/** An https address, or a path on this site ("/images/..."); never a protocol-relative or script address. */
function isSafeImageUrl(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !value.startsWith("/\\");
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

/** "" and null both mean "none". */
const optionalUrl = (message: string, check: (value: string) => boolean) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? null : value),
    line({ message }).trim().max(TUTORIAL_LIMITS.url, message).refine(check, message).nullable(),
  );

const title = line({ message: "tutorials:validation.titleRequired" })
  .trim()
  .min(1, "tutorials:validation.titleRequired")
  .max(TUTORIAL_LIMITS.title, "tutorials:validation.titleTooLong");
const summary = text({ message: "tutorials:validation.summaryTooLong" })
  .trim()
  .max(TUTORIAL_LIMITS.summary, "tutorials:validation.summaryTooLong");
const content = text({ message: "tutorials:validation.contentTooLong" }).max(
  TUTORIAL_LIMITS.content,
  "tutorials:validation.contentTooLong",
);
const category = line({ message: "tutorials:validation.categoryRequired" })
  .trim()
  .min(1, "tutorials:validation.categoryRequired")
  .max(TUTORIAL_LIMITS.category, "tutorials:validation.categoryTooLong");
const tags = z
  .array(
    line({ message: "tutorials:validation.tagInvalid" })
      .trim()
      .min(1, "tutorials:validation.tagInvalid")
      .max(TUTORIAL_LIMITS.tag, "tutorials:validation.tagInvalid"),
    {
      message: "tutorials:validation.tagInvalid",
    },
  )
  .max(TUTORIAL_LIMITS.tags, "tutorials:validation.tooManyTags");

const fields = {
  titleEn: title,
  titleFr: title,
  summaryEn: summary,
  summaryFr: summary,
  contentEn: content,
  contentFr: content,
  categoryEn: category,
  categoryFr: category,
  tagsEn: tags,
  tagsFr: tags,
  difficulty: z.enum(DIFFICULTIES, { message: "tutorials:validation.difficultyInvalid" }),
  estimatedMinutes: z
    .number({ message: "tutorials:validation.minutesInvalid" })
    .int("tutorials:validation.minutesInvalid")
    .min(1, "tutorials:validation.minutesInvalid")
    .max(TUTORIAL_LIMITS.maxMinutes, "tutorials:validation.minutesInvalid")
    .nullable(),
  featuredImage: optionalUrl("tutorials:validation.imageInvalid", isSafeImageUrl),
  // Only a YouTube or Vimeo address is kept: those are the only players the page may frame.
  videoUrl: optionalUrl("tutorials:validation.videoInvalid", (value) => videoEmbedUrl(value) !== null),
  published: z.boolean({ message: "errors:invalidValue" }),
  membersOnly: z.boolean({ message: "errors:invalidValue" }),
};

/** What staff send to create a tutorial: its texts in English and French, the rest once. */
export const tutorialInputSchema = z.strictObject({
  titleEn: fields.titleEn,
  titleFr: fields.titleFr,
  summaryEn: fields.summaryEn.optional().default(""),
  summaryFr: fields.summaryFr.optional().default(""),
  contentEn: fields.contentEn.optional().default(""),
  contentFr: fields.contentFr.optional().default(""),
  categoryEn: fields.categoryEn,
  categoryFr: fields.categoryFr,
  tagsEn: fields.tagsEn.optional().default([]),
  tagsFr: fields.tagsFr.optional().default([]),
  difficulty: fields.difficulty.optional().default("beginner"),
  estimatedMinutes: fields.estimatedMinutes.optional().default(null),
  featuredImage: fields.featuredImage.optional().default(null),
  videoUrl: fields.videoUrl.optional().default(null),
  published: fields.published.optional().default(false),
  membersOnly: fields.membersOnly.optional().default(false),
});
export type TutorialInput = z.input<typeof tutorialInputSchema>;
export type TutorialFields = z.output<typeof tutorialInputSchema>;

/** A staff edit: any subset of the fields. */
export const tutorialUpdateSchema = z
  .strictObject({
    titleEn: fields.titleEn.optional(),
    titleFr: fields.titleFr.optional(),
    summaryEn: fields.summaryEn.optional(),
    summaryFr: fields.summaryFr.optional(),
    contentEn: fields.contentEn.optional(),
    contentFr: fields.contentFr.optional(),
    categoryEn: fields.categoryEn.optional(),
    categoryFr: fields.categoryFr.optional(),
    tagsEn: fields.tagsEn.optional(),
    tagsFr: fields.tagsFr.optional(),
    difficulty: fields.difficulty.optional(),
    estimatedMinutes: fields.estimatedMinutes.optional(),
    featuredImage: fields.featuredImage.optional(),
    videoUrl: fields.videoUrl.optional(),
    published: fields.published.optional(),
    membersOnly: fields.membersOnly.optional(),
  })
  .refine(hasChanges, EMPTY_EDIT_KEY);

/** The public list's query: search (title or category), difficulty, and the language unless the request's. */
export const tutorialListQuerySchema = z.object({
  language: z.enum(LANGUAGES, { message: "tutorials:validation.languageInvalid" }).optional(),
  q: line({ message: "tutorials:validation.searchTooLong" })
    .max(SEARCH_MAX, "tutorials:validation.searchTooLong")
    .optional(),
  difficulty: z.enum(["all", ...DIFFICULTIES], { message: "tutorials:validation.difficultyInvalid" }).optional(),
});

/** A tutorial as a card shows it, in one language. */
export interface TutorialSummary {
  id: number;
  title: string;
  summary: string;
  category: string;
  tags: string[];
  language: Language;
  difficulty: Difficulty;
  /** Minutes; null reads "Quick read". */
  estimatedMinutes: number | null;
  featuredImage: string | null;
  /** The provider's player address (YouTube privacy-enhanced or Vimeo), or null without a video. */
  videoEmbedUrl: string | null;
  hasVideo: boolean;
  membersOnly: boolean;
  viewCount: number;
  createdAt: string;
}

/** A published tutorial as its page shows it; `content` is empty and `locked` true for a visitor on a members-only one. */
export interface TutorialDetail extends TutorialSummary {
  content: string;
  locked: boolean;
  updatedAt: string;
}

/** A tutorial as staff edit it: both languages, drafts included. */
export interface AdminTutorial {
  id: number;
  titleEn: string;
  titleFr: string;
  summaryEn: string;
  summaryFr: string;
  contentEn: string;
  contentFr: string;
  categoryEn: string;
  categoryFr: string;
  tagsEn: string[];
  tagsFr: string[];
  difficulty: Difficulty;
  estimatedMinutes: number | null;
  featuredImage: string | null;
  videoUrl: string | null;
  published: boolean;
  membersOnly: boolean;
  viewCount: number;
  createdAt: string;
  updatedAt: string;
}
