import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { TutorialContent } from "../../app/features/tutorials/tutorial-content.tsx";
import { contentBlocks, normalizeTutorialFilters, videoEmbedUrl, viewDay } from "../../core/tutorials/rules.ts";
import { tutorialInputSchema } from "../../core/tutorials/schema.ts";

describe("tutorial content (spec 000, section 2: line breaks and markdown-style headings converted)", () => {
  it("turns '#', '##' and '###' lines into headings below the page title, and blank lines into paragraph ends", () => {
    expect(contentBlocks("# Intro\nFirst line\nsecond line\n\n## Step 1\nDo this.\n### Tip ###\nAnd that.")).toEqual([
      { kind: "heading", level: 2, text: "Intro" },
      { kind: "paragraph", lines: ["First line", "second line"] },
      { kind: "heading", level: 3, text: "Step 1" },
      { kind: "paragraph", lines: ["Do this."] },
      { kind: "heading", level: 4, text: "Tip" },
      { kind: "paragraph", lines: ["And that."] },
    ]);
  });

  it("makes the content's highest heading level an h2, so that '##' sections skip no level", () => {
    expect(contentBlocks("## Step 1\n### Tip\n## Step 2")).toEqual([
      { kind: "heading", level: 2, text: "Step 1" },
      { kind: "heading", level: 3, text: "Tip" },
      { kind: "heading", level: 2, text: "Step 2" },
    ]);
  });

  it("keeps '####', '#tag' and a '#' in a sentence as text, and reads Windows line breaks", () => {
    expect(contentBlocks("#### not a heading\r\n#hashtag\r\nUse # sparingly")).toEqual([
      { kind: "paragraph", lines: ["#### not a heading", "#hashtag", "Use # sparingly"] },
    ]);
    expect(contentBlocks("\n\n  \n")).toEqual([]);
  });

  it("renders markup in a tutorial as text: no element, attribute or script gets into the page", () => {
    const html = renderToStaticMarkup(
      createElement(TutorialContent, {
        content:
          '## <img src=x onerror="alert(1)">\n<script>alert(2)</script>\nline two\n\n<a href="javascript:alert(3)">x</a>',
        language: "en",
      }),
    );
    expect(html).not.toMatch(/<img|<script|<a /);
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).toContain("&lt;script&gt;alert(2)&lt;/script&gt;<br/>line two");
    expect(html).toMatch(/^<div lang="en"[^>]*><h2[^>]*>&lt;img/);
  });
});

describe("tutorial videos: only YouTube (privacy-enhanced) and Vimeo players are embedded", () => {
  it.each([
    ["https://www.youtube.com/watch?v=ysz5S6PUM-U", "https://www.youtube-nocookie.com/embed/ysz5S6PUM-U"],
    ["https://youtube.com/watch?v=ysz5S6PUM-U&t=42s&list=x", "https://www.youtube-nocookie.com/embed/ysz5S6PUM-U"],
    ["https://m.youtube.com/watch?v=ysz5S6PUM-U", "https://www.youtube-nocookie.com/embed/ysz5S6PUM-U"],
    ["https://youtu.be/ysz5S6PUM-U", "https://www.youtube-nocookie.com/embed/ysz5S6PUM-U"],
    ["https://www.youtube.com/embed/ysz5S6PUM-U?autoplay=1", "https://www.youtube-nocookie.com/embed/ysz5S6PUM-U"],
    ["https://www.youtube-nocookie.com/embed/ysz5S6PUM-U", "https://www.youtube-nocookie.com/embed/ysz5S6PUM-U"],
    ["https://www.youtube.com/shorts/ysz5S6PUM-U", "https://www.youtube-nocookie.com/embed/ysz5S6PUM-U"],
    ["https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871?dnt=1"],
    ["https://player.vimeo.com/video/76979871?h=abc", "https://player.vimeo.com/video/76979871?dnt=1"],
  ])("%s plays from %s", (address, player) => {
    expect(videoEmbedUrl(address)).toBe(player);
  });

  it.each([
    "http://www.youtube.com/watch?v=ysz5S6PUM-U",
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/watch?v=ysz5S6PUM-U%22onload",
    "https://youtube.com.evil.example/watch?v=ysz5S6PUM-U",
    "https://evil.example/youtube.com/watch?v=ysz5S6PUM-U",
    "https://user@www.youtube.com/watch?v=ysz5S6PUM-U",
    "https://vimeo.com/channels/staffpicks",
    "https://player.vimeo.com/video/1;alert(1)",
    "https://dailymotion.com/video/x7",
    "javascript:alert(1)",
    "not an address",
    "",
  ])("%s is refused", (address) => {
    expect(videoEmbedUrl(address)).toBeNull();
  });

  it("a staff form with another provider's address is refused with 'The video must be a YouTube or Vimeo address'", () => {
    const result = tutorialInputSchema.safeParse({
      titleEn: "T",
      titleFr: "T",
      categoryEn: "C",
      categoryFr: "C",
      videoUrl: "https://dailymotion.com/video/x7",
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["videoUrl"], message: "tutorials:validation.videoInvalid" });
  });

  it("'Title is required' in either language", () => {
    const result = tutorialInputSchema.safeParse({ titleEn: "  ", titleFr: "Titre", categoryEn: "C", categoryFr: "C" });
    expect(result.error?.issues[0]).toMatchObject({ path: ["titleEn"], message: "tutorials:validation.titleRequired" });
  });
});

describe("tutorial filters (spec 000, section 2: difficulty all/beginner/intermediate/advanced; the search runs in the database)", () => {
  it("trims the search; an unknown difficulty is 'all'", () => {
    expect(normalizeTutorialFilters({ q: " colour ", difficulty: "intermediate" })).toEqual({
      q: "colour",
      difficulty: "intermediate",
    });
    expect(normalizeTutorialFilters({ difficulty: "expert" }).difficulty).toBe("all");
  });
  it("counts views by UTC day", () => {
    expect(viewDay(new Date("2026-03-01T23:59:59Z"))).toBe("2026-03-01");
    expect(viewDay(new Date("2026-03-02T00:00:00Z"))).toBe("2026-03-02");
  });
});

describe("the admin's missing-translation flag", () => {
  const base = {
    summaryEn: "",
    summaryFr: "",
    contentEn: "",
    contentFr: "",
    tagsEn: [] as string[],
    tagsFr: [] as string[],
  };
  it("flags the language left empty where the other is written, and nothing when both or neither are", async () => {
    const { missingTranslations } = await import("../../app/features/admin/tutorials-tab.tsx");
    const flag = (fields: Partial<typeof base>) => missingTranslations({ ...base, ...fields } as never);
    expect(flag({})).toEqual([]);
    expect(flag({ contentEn: "## Steps" })).toEqual(["fr"]);
    expect(flag({ summaryFr: "Résumé", summaryEn: "  " })).toEqual(["en"]);
    expect(flag({ contentEn: "x", contentFr: "y", tagsFr: ["vidéo"] })).toEqual(["en"]);
    expect(flag({ contentEn: "x", summaryFr: "y" })).toEqual(["en", "fr"]);
  });
});
