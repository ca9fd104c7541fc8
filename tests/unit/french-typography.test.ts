import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * French typography in the French translations: a narrow no-break space (U+202F) before the high
 * punctuation marks : ; ! ?, inside « » guillemets and before a percent sign after a number, so that a
 * mark never wraps onto a line of its own and the spacing is the one French readers expect. Placeholders, addresses and clock times
 * (https://, {{time}}, 14:30) are left as they are.
 */
const NARROW_NBSP = "\u202f";
const localesDir = path.resolve(import.meta.dirname, "../../app/locales/fr");

function strings(value: unknown, key: string, out: Array<[string, string]>): Array<[string, string]> {
  if (typeof value === "string") out.push([key, value]);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) strings(v, key ? `${key}.${k}` : k, out);
  }
  return out;
}

/** What is not prose: placeholders, web addresses, clock times and HTML-like tags. */
function prose(text: string): string {
  return text
    .replace(/\{\{[^}]*\}\}/g, "X")
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S*/gi, "X")
    .replace(/\b(?:HH|\d{1,2}):(?:MM|\d{2})\b/g, "X")
    .replace(/<[^>]+>/g, "X");
}

export function frenchTypographyProblems(text: string): string[] {
  const problems: string[] = [];
  const t = prose(text);
  for (const match of t.matchAll(/(.)?([:;!?])/gu)) {
    const before = match[1];
    // A mark at the very start of a string (a separator such as ": ") has nothing to space from.
    if (before === undefined) continue;
    if (before === NARROW_NBSP) continue;
    // "?!" and "!!": the space goes before the first mark only.
    if (/[!?]/.test(before)) continue;
    problems.push(`"${match[2]}" after ${JSON.stringify(before)}`);
  }
  for (const match of t.matchAll(/«(.)?/gu)) {
    if (match[1] !== NARROW_NBSP) problems.push(`"«" followed by ${JSON.stringify(match[1] ?? "")}`);
  }
  for (const match of t.matchAll(/(.)?»/gu)) {
    if (match[1] !== NARROW_NBSP) problems.push(`"»" after ${JSON.stringify(match[1] ?? "")}`);
  }
  for (const match of t.matchAll(/(\S)?([ \u00a0])?%/gu)) {
    // "30 %", "{{percent}} %": a figure and its percent sign; "(%)" in a label is not one.
    if (match[1] !== undefined && /[0-9X]/.test(match[1]))
      problems.push(`"%" after ${JSON.stringify(match[2] ?? match[1])}`);
  }
  return problems;
}

describe("French typography", () => {
  it("recognises what French typography wants and what it does not", () => {
    expect(frenchTypographyProblems(`Prix${NARROW_NBSP}: 10 $`)).toEqual([]);
    expect(frenchTypographyProblems("Prix : 10 $")).toHaveLength(1);
    expect(frenchTypographyProblems("Prix: 10 $")).toHaveLength(1);
    expect(frenchTypographyProblems(`Vraiment${NARROW_NBSP}?!`)).toEqual([]);
    expect(frenchTypographyProblems("Merci !")).toHaveLength(1);
    expect(frenchTypographyProblems(`«${NARROW_NBSP}{{title}}${NARROW_NBSP}»`)).toEqual([]);
    expect(frenchTypographyProblems("« {{title}} »")).toHaveLength(2);
    expect(frenchTypographyProblems(`-{{percent}}${NARROW_NBSP}% de réduction, réduction (%)`)).toEqual([]);
    expect(frenchTypographyProblems("30 % de réduction")).toHaveLength(1);
    expect(frenchTypographyProblems("-{{percent}}%")).toHaveLength(1);
    expect(frenchTypographyProblems("https://exemple.fr à {{time}} ou 14:30, au format HH:MM")).toEqual([]);
  });

  for (const file of fs.readdirSync(localesDir).filter((name) => name.endsWith(".json"))) {
    it(`fr/${file} uses a narrow no-break space before : ; ! ? %, and inside « »`, () => {
      const resources = JSON.parse(fs.readFileSync(path.join(localesDir, file), "utf8")) as unknown;
      const found = strings(resources, "", [])
        .map(([key, text]) => ({ key, problems: frenchTypographyProblems(text) }))
        .filter(({ problems }) => problems.length > 0)
        .map(({ key, problems }) => `${key}: ${problems.join(", ")}`);
      expect(found).toEqual([]);
    });
  }
});
