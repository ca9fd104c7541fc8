/**
 * Tutorial rules shared by the server and the pages: the difficulty levels, the list's filters, how
 * the content's plain text becomes headings and paragraphs, and which videos may be embedded.
 */

export const DIFFICULTIES = ["beginner", "intermediate", "advanced"] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export function isDifficulty(value: unknown): value is Difficulty {
  return typeof value === "string" && (DIFFICULTIES as readonly string[]).includes(value);
}

/** The list's filters as the address gives them: search text and difficulty ("all" when absent or unknown). */
export interface TutorialFilters {
  q: string;
  difficulty: Difficulty | "all";
}

export const SEARCH_MAX = 100;

export function normalizeTutorialFilters(raw: { q?: string | null; difficulty?: string | null }): TutorialFilters {
  const q = (raw.q ?? "").trim().slice(0, SEARCH_MAX);
  return { q, difficulty: isDifficulty(raw.difficulty) ? raw.difficulty : "all" };
}

/** A block of a tutorial's content, rendered as text by the page (never as HTML). */
export type ContentBlock = { kind: "heading"; level: 2 | 3 | 4; text: string } | { kind: "paragraph"; lines: string[] };

/**
 * A tutorial's content, plain text, as headings and paragraphs (spec 000, section 2: "content with line
 * breaks and markdown-style headings converted"). "# ", "## " and "### " start headings; the
 * content's highest level is an h2, right below the page's title, so that a tutorial written with "##"
 * sections skips no level. A blank line ends a paragraph; a single line break stays a line break within it. Anything else, angle brackets included, is text: the page renders it as text, so
 * nothing in a tutorial can inject markup or script.
 */
export function contentBlocks(content: string): ContentBlock[] {
  const blocks: Array<ContentBlock | { kind: "heading"; hashes: number; text: string }> = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: "paragraph", lines: paragraph });
    paragraph = [];
  };
  for (const raw of content.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trimEnd();
    const heading = /^(#{1,3})\s+(.+)$/.exec(line.trimStart());
    if (heading) {
      endParagraph();
      blocks.push({ kind: "heading", hashes: heading[1].length, text: heading[2].replace(/\s+#+\s*$/, "").trim() });
    } else if (line.trim() === "") {
      endParagraph();
    } else {
      paragraph.push(line);
    }
  }
  endParagraph();
  const top = Math.min(3, ...blocks.map((block) => ("hashes" in block ? block.hashes : 3)));
  return blocks.map(
    (block): ContentBlock =>
      "hashes" in block ? { kind: "heading", level: (block.hashes - top + 2) as 2 | 3 | 4, text: block.text } : block,
  );
}

/** Whole words in the content, for a default reading time. */
export function wordCount(content: string): number {
  return content.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;

/** The providers whose players a tutorial page may frame; the CSP's frame-src lists exactly these origins. */
export const VIDEO_FRAME_ORIGINS = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"] as const;

/**
 * The player address for a tutorial's video, or null when the address is not one of the allowed
 * providers: YouTube (watch, short, embed and shorts links), always played from its privacy-enhanced
 * domain, and Vimeo, with its do-not-track flag. Only the video's id is carried over, never the rest of
 * the address.
 */
export function videoEmbedUrl(videoUrl: string | null | undefined): string | null {
  if (!videoUrl) return null;
  let url: URL;
  try {
    url = new URL(videoUrl.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username || url.password || url.port) return null;
  const host = url.hostname
    .toLowerCase()
    .replace(/^www\./, "")
    .replace(/^m\./, "");
  const segments = url.pathname.split("/").filter(Boolean);
  let youtube: string | null = null;
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (segments[0] === "watch" && segments.length === 1) youtube = url.searchParams.get("v");
    else if ((segments[0] === "embed" || segments[0] === "shorts") && segments.length === 2) youtube = segments[1];
  } else if (host === "youtu.be" && segments.length === 1) {
    youtube = segments[0];
  }
  if (youtube !== null) return YOUTUBE_ID.test(youtube) ? `https://www.youtube-nocookie.com/embed/${youtube}` : null;
  let vimeo: string | null = null;
  if (host === "vimeo.com" && segments.length === 1) vimeo = segments[0];
  else if (host === "player.vimeo.com" && segments.length === 2 && segments[0] === "video") vimeo = segments[1];
  return vimeo !== null && VIMEO_ID.test(vimeo) ? `https://player.vimeo.com/video/${vimeo}?dnt=1` : null;
}

/** The calendar day (UTC) a view is counted on: one view per visitor and tutorial on each day. */
export function viewDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Bounds of a tutorial's fields. */
export const TUTORIAL_LIMITS = {
  title: 200,
  summary: 500,
  content: 50_000,
  category: 80,
  tag: 40,
  tags: 12,
  maxMinutes: 24 * 60,
  url: 2000,
} as const;
