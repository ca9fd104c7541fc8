import { describe, expect, it } from "vitest";
import { countWords, readingMinutes, WORDS_PER_MINUTE } from "../../core/blog/rules.ts";
import { resources } from "../../app/locales/resources.ts";
import { createTranslator } from "../../core/i18n/translator.ts";

describe("reading time from a post's length", () => {
  it("counts the words of the text, not of its markup", () => {
    expect(countWords("")).toBe(0);
    expect(countWords("   ")).toBe(0);
    expect(countWords("<p></p><br/>")).toBe(0);
    expect(countWords("<h2>Five signals</h2><p>Your brand is <strong>ready</strong>.</p>")).toBe(6);
    expect(
      countWords(
        '<p>One<a href="https://example.com/a long title">two</a></p>\n<ul><li>three</li>\t<li>four</li></ul>',
      ),
    ).toBe(4);
    expect(countWords("Un mégaphone : elle rend plus fort — vraiment")).toBe(7);
  });

  it("reads about 200 words a minute, rounded, never below 1 minute", () => {
    expect(WORDS_PER_MINUTE).toBe(200);
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(50)).toBe(1);
    expect(readingMinutes(299)).toBe(1);
    expect(readingMinutes(300)).toBe(2);
    expect(readingMinutes(450)).toBe(2);
    expect(readingMinutes(1_000)).toBe(5);
    expect(readingMinutes(-5)).toBe(1);
  });

  it('says "{{count}} min read" in both languages', () => {
    const en = createTranslator("en", resources);
    const fr = createTranslator("fr", resources);
    expect(en.t("blog:list.readingTime", { count: 1 })).toBe("1 min read");
    expect(en.t("blog:list.readingTime", { count: 7 })).toBe("7 min read");
    expect(fr.t("blog:list.readingTime", { count: 1 })).toBe("1 min de lecture");
    expect(fr.t("blog:list.readingTime", { count: 12 })).toBe("12 min de lecture");
  });
});
