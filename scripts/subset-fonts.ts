/**
 * Cuts the brand fonts down to what the site sets, and writes them to app/fonts/ (the files the CSS
 * loads and root.tsx preloads). Run it again after updating @fontsource-variable/inter or
 * @fontsource-variable/fraunces:
 *
 *   node scripts/subset-fonts.ts
 *
 * What is kept (decision 26): the characters of English and French text (Latin-1, œ Œ, typographic
 * quotes and dashes, €, the minus sign) and the layout features text
 * needs (kerning, ligatures, marks, tabular figures; Inter's stylistic sets and contextual alternates
 * go). Inter, the text face, keeps the weights 400 to 700 (Tailwind's normal, medium, semibold and
 * bold; nothing lighter or heavier is set). Fraunces, the display face, only ever sets headings in
 * semibold: it becomes a static 600, half the size of a variable file. Characters outside these ranges
 * fall through to the next font of the stack, because the CSS declares the same ranges.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Inclusive code point ranges; the CSS's unicode-range says the same (tests/unit/brand-fonts.test.ts). */
export const BRAND_FONT_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x0020, 0x007e], // Basic Latin
  [0x00a0, 0x00ff], // Latin-1: French accents, « », non-breaking space, ©, ×, ·
  [0x0152, 0x0153], // Œ œ
  [0x2013, 0x2014], // – —
  [0x2018, 0x201a], // ‘ ’ ‚
  [0x201c, 0x201e], // “ ” „
  [0x2022, 0x2022], // •
  [0x2026, 0x2026], // …
  [0x2039, 0x203a], // ‹ ›
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
  [0x2212, 0x2212], // minus sign (discounts)
];

/**
 * Characters of our texts that neither source font draws, left to the next font of the stack: the
 * narrow no-break space of French typography (a space: only its width differs) and the arrow of
 * "Read more →"-style links.
 */
export const FALLBACK_CHARACTERS = ["\u202f", "→"];

/** The OpenType features our text uses. */
const LAYOUT_FEATURES = ["kern", "liga", "ccmp", "locl", "mark", "mkmk", "tnum"];

/** `U+0020-007E, U+00A0-00FF, …`, as the CSS writes it. */
export function unicodeRangeCss(): string {
  const hex = (codePoint: number) => codePoint.toString(16).toUpperCase().padStart(4, "0");
  return BRAND_FONT_RANGES.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(
    ", ",
  );
}

/** Every code point of the ranges. */
export function brandFontCodePoints(): number[] {
  return BRAND_FONT_RANGES.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, offset) => from + offset));
}

/** The weights each file keeps: a range stays variable, a number pins the font to one static weight. */
export const BRAND_FONTS = [
  {
    source: "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
    target: "inter-400-700.woff2",
    weight: { min: 400, max: 700 },
  },
  {
    source: "@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2",
    target: "fraunces-600.woff2",
    weight: 600,
  },
] as const;

async function main() {
  const { default: subsetFont } = await import("subset-font");
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  for (const font of BRAND_FONTS) {
    const source = fs.readFileSync(path.join(root, "node_modules", font.source));
    const subset = await subsetFont(source, String.fromCodePoint(...brandFontCodePoints()), {
      targetFormat: "woff2",
      variationAxes: { wght: font.weight },
      keepFeatures: LAYOUT_FEATURES,
    });
    const target = path.join(root, "app", "fonts", font.target);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, subset);
    console.log(`${font.target}: ${(source.length / 1024).toFixed(1)} KB -> ${(subset.length / 1024).toFixed(1)} KB`);
  }
  console.log(`unicode-range: ${unicodeRangeCss()};`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
