import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as hb from "harfbuzzjs";
import fontverter from "fontverter";
import {
  BRAND_FONTS,
  BRAND_FONT_RANGES,
  FALLBACK_CHARACTERS,
  brandFontCodePoints,
  unicodeRangeCss,
} from "../../scripts/subset-fonts.ts";

/**
 * The brand fonts cut by scripts/subset-fonts.ts: the CSS loads the files the script writes and declares
 * the script's ranges, the files hold a glyph for every character of our English and French texts, and
 * they stay within their byte budget (fonts are part of the first visit's weight, issue 7).
 */
const root = path.resolve(import.meta.dirname, "../..");
const css = fs.readFileSync(path.join(root, "app/app.css"), "utf8");

/** Emoji (the language selector's flags) are drawn by the system's emoji font, not by ours. */
const isEmoji = (character: string) => /\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(character);

function localeCharacters(): Set<string> {
  const characters = new Set<string>();
  for (const language of ["en", "fr"]) {
    const folder = path.join(root, "app/locales", language);
    for (const file of fs.readdirSync(folder)) {
      for (const character of fs.readFileSync(path.join(folder, file), "utf8")) {
        if (character >= " " && !isEmoji(character)) characters.add(character);
      }
    }
  }
  return characters;
}

async function fontCodePoints(file: string): Promise<Set<number>> {
  const sfnt = await fontverter.convert(fs.readFileSync(path.join(root, "app/fonts", file)), "sfnt");
  const face = new hb.Face(new hb.Blob(new Uint8Array(sfnt)));
  return new Set(face.collectUnicodes());
}

const inRanges = (codePoint: number) => BRAND_FONT_RANGES.some(([from, to]) => codePoint >= from && codePoint <= to);

describe("brand fonts", () => {
  it("are loaded from the files the subset script writes, with its unicode-range", () => {
    // The formatter folds long declarations over several lines: faces are compared with the spaces collapsed.
    const faces = [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)]
      .map((match) => match[1].replace(/\s+/g, " "))
      .filter((face) => face.includes("url("));
    expect(faces).toHaveLength(BRAND_FONTS.length);
    for (const font of BRAND_FONTS) {
      const face = faces.find((body) => body.includes(`./fonts/${font.target}`));
      expect(face, font.target).toBeDefined();
      expect(face).toContain(`unicode-range: ${unicodeRangeCss()};`);
      const weight = typeof font.weight === "number" ? `${font.weight}` : `${font.weight.min} ${font.weight.max}`;
      expect(face).toContain(`font-weight: ${weight};`);
    }
  });

  it("draw every character their unicode-range claims, and those cover our English and French texts", async () => {
    const characters = [...localeCharacters()];
    expect(characters).toContain("é");
    expect(characters).toContain("œ");
    const outside = characters.filter(
      (character) => !inRanges(character.codePointAt(0)!) && !FALLBACK_CHARACTERS.includes(character),
    );
    expect(outside).toEqual([]);
    const claimed = brandFontCodePoints();
    for (const font of BRAND_FONTS) {
      const codePoints = await fontCodePoints(font.target);
      const missing = claimed
        .filter((codePoint) => !codePoints.has(codePoint))
        .map((codePoint) => String.fromCodePoint(codePoint))
        // The soft hyphen is an invisible break opportunity: it is never drawn.
        .filter((character) => !/\p{Cf}/u.test(character));
      expect(missing, font.target).toEqual([]);
    }
  });

  it("stay within their byte budget", () => {
    // About half of the variable Latin files of @fontsource-variable (47 KB and 36 KB).
    const budgets: Record<string, number> = { "inter-400-700.woff2": 24_000, "fraunces-600.woff2": 19_000 };
    for (const font of BRAND_FONTS)
      expect(fs.statSync(path.join(root, "app/fonts", font.target)).size, font.target).toBeLessThanOrEqual(
        budgets[font.target],
      );
  });
});
