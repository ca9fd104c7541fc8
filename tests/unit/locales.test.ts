import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Every translation file of app/locales/en has its twin in app/locales/fr (and the other way round),
 * with the same keys, no empty text, and the same {{variables}}. Files are discovered, not listed, so a
 * namespace added later is checked too.
 */
const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../app/locales");
const LANGUAGES = ["en", "fr"] as const;
type Lang = (typeof LANGUAGES)[number];

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Flattens nested JSON into "a.b.c" → value (arrays by index). */
function flatten(value: unknown, prefix = "", into = new Map<string, unknown>()): Map<string, unknown> {
  if (value !== null && typeof value === "object") {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    if (entries.length === 0 && prefix) into.set(prefix, value);
    for (const [key, child] of entries) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.set(prefix, value);
  }
  return into;
}

/** {{name}}, {{ name }}, {{count, number}} → name, count. */
function variables(text: string): Set<string> {
  return new Set([...text.matchAll(/\{\{\s*([^}\s,]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]));
}

/** Plural forms (key_one, key_other...) are one key for comparison; each language has its own forms. */
function baseKey(key: string) {
  return key.replace(PLURAL_SUFFIX, "");
}

/** Every problem between two languages' versions of one namespace file, each naming the file and key path. */
function compareNamespace(file: string, resources: Record<Lang, unknown>): string[] {
  const problems: string[] = [];
  const flat = { en: flatten(resources.en), fr: flatten(resources.fr) };
  const groups = { en: new Map<string, string[]>(), fr: new Map<string, string[]>() };
  for (const lang of LANGUAGES) {
    for (const key of flat[lang].keys()) {
      const base = baseKey(key);
      groups[lang].set(base, [...(groups[lang].get(base) ?? []), key]);
    }
  }
  for (const lang of LANGUAGES) {
    const other: Lang = lang === "en" ? "fr" : "en";
    for (const [base, keys] of groups[lang]) {
      if (!groups[other].has(base)) problems.push(`${file}: key "${base}" exists in ${lang} only`);
      for (const key of keys) {
        const value = flat[lang].get(key);
        if (typeof value !== "string") {
          if (value !== null && typeof value === "object")
            problems.push(`${lang}/${file}: key "${key}" is an empty object`);
          else problems.push(`${lang}/${file}: key "${key}" is not text (${JSON.stringify(value)})`);
        } else if (value.trim() === "") {
          problems.push(`${lang}/${file}: key "${key}" is empty`);
        }
      }
      // A plural key needs the forms its language uses for everyday numbers. French "many" only serves
      // round millions ("1 000 000 d'articles"), so it is welcome but not required.
      const plural = keys.some((key) => PLURAL_SUFFIX.test(key));
      if (plural) {
        for (const category of new Intl.PluralRules(lang)
          .resolvedOptions()
          .pluralCategories.filter((c) => c !== "many")) {
          if (!keys.includes(`${base}_${category}`))
            problems.push(`${lang}/${file}: plural key "${base}" lacks the "${base}_${category}" form`);
        }
      }
    }
  }
  for (const [base, enKeys] of groups.en) {
    const frKeys = groups.fr.get(base);
    if (!frKeys) continue;
    const plural = enKeys.some((key) => PLURAL_SUFFIX.test(key));
    const varsOf = (lang: Lang, keys: string[]) => {
      const all = new Set<string>();
      for (const key of keys) {
        const value = flat[lang].get(key);
        if (typeof value === "string") for (const v of variables(value)) all.add(v);
      }
      // Every plural form receives {{count}}, whether or not its text shows it ("One item").
      if (plural) all.add("count");
      return [...all].sort();
    };
    const en = varsOf("en", enKeys);
    const fr = varsOf("fr", frKeys);
    if (en.join(",") !== fr.join(",")) {
      problems.push(`${file}: key "${base}" has variables {${en.join(", ")}} in en but {${fr.join(", ")}} in fr`);
    }
  }
  return problems;
}

function jsonFiles(lang: Lang): string[] {
  return readdirSync(path.join(LOCALES_DIR, lang))
    .filter((name) => name.endsWith(".json"))
    .sort();
}

describe("the checker itself", () => {
  it("names a key present in one language only, nested or not", () => {
    const problems = compareNamespace("x.json", { en: { a: "A", nested: { b: "B" } }, fr: { a: "A" } });
    expect(problems).toEqual(['x.json: key "nested.b" exists in en only']);
    expect(compareNamespace("x.json", { en: {}, fr: { extra: "E" } })).toEqual([
      'x.json: key "extra" exists in fr only',
    ]);
  });

  it("names an empty value", () => {
    expect(compareNamespace("x.json", { en: { a: "  " }, fr: { a: "A" } })).toEqual(['en/x.json: key "a" is empty']);
    expect(compareNamespace("x.json", { en: { a: {} }, fr: { a: {} } })).toContain(
      'en/x.json: key "a" is an empty object',
    );
  });

  it("names different interpolation variables", () => {
    expect(compareNamespace("x.json", { en: { a: "Hi {{name}}" }, fr: { a: "Salut {{nom}}" } })).toEqual([
      'x.json: key "a" has variables {name} in en but {nom} in fr',
    ]);
    expect(compareNamespace("x.json", { en: { a: "{{ n, number }} left" }, fr: { a: "{{n}} restants" } })).toEqual([]);
  });

  it("treats plural forms as one key and asks for each language's forms", () => {
    const ok = {
      en: { n_one: "One item", n_other: "{{count}} items" },
      fr: { n_one: "{{count}} article", n_many: "{{count}} d'articles", n_other: "{{count}} articles" },
    };
    expect(compareNamespace("x.json", ok)).toEqual([]);
    const missingOther = { en: ok.en, fr: { n_one: "{{count}} article", n_many: "{{count}} d'articles" } };
    expect(compareNamespace("x.json", missingOther)).toEqual(['fr/x.json: plural key "n" lacks the "n_other" form']);
    expect(
      compareNamespace("x.json", { en: ok.en, fr: { n_one: "{{count}} article", n_other: "{{count}} articles" } }),
    ).toEqual([]);
  });
});

describe("translation files", () => {
  const files = [...new Set([...jsonFiles("en"), ...jsonFiles("fr")])];

  it("exist", () => {
    expect(files).toContain("common.json");
  });

  it.each(files)("%s exists in both languages", (file) => {
    const missing = LANGUAGES.filter((lang) => !jsonFiles(lang).includes(file)).map(
      (lang) => `app/locales/${lang}/${file} is missing`,
    );
    expect(missing).toEqual([]);
  });

  it.each(files)("%s has the same keys, no empty text and the same variables in en and fr", (file) => {
    const read = (lang: Lang) => {
      try {
        return JSON.parse(readFileSync(path.join(LOCALES_DIR, lang, file), "utf8")) as unknown;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
        throw new Error(`app/locales/${lang}/${file} is not valid JSON: ${(error as Error).message}`);
      }
    };
    expect(compareNamespace(file, { en: read("en"), fr: read("fr") })).toEqual([]);
  });
});
