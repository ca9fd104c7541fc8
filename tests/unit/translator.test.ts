import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { createTranslator, type Bundle } from "../../core/i18n/translator.ts";
import { resources } from "../../app/locales/resources.ts";

/** Every key of a namespace, plural forms folded into their base key (`key_one` -> `key`). */
function keysOf(bundle: Bundle, prefix = ""): string[] {
  return Object.entries(bundle).flatMap(([key, value]) =>
    value !== null && typeof value === "object"
      ? keysOf(value as Bundle, `${prefix}${key}.`)
      : [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, "")}`],
  );
}

function keyHas(bundle: Bundle, path: string): boolean {
  let node: unknown = bundle;
  for (const part of path.split("."))
    node = node !== null && typeof node === "object" ? (node as Bundle)[part] : undefined;
  return typeof node === "string";
}

const keyHasPlurals = (bundle: Bundle, key: string) => keyHas(bundle, `${key}_other`);

function placeholdersOf(text: unknown): string[] {
  return typeof text === "string" ? [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1]) : [];
}

// The reference: i18next as the site configured it before it had its own engine.
const reference = i18next.createInstance();
void reference.init({
  lng: "en",
  fallbackLng: false,
  resources,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
const ours = createTranslator("en", resources);

describe("translation engine", () => {
  it("gives the same text as i18next for every key of every namespace, in both languages, whatever the count", () => {
    let compared = 0;
    for (const [language, namespaces] of Object.entries(resources)) {
      for (const [ns, bundle] of Object.entries(namespaces)) {
        for (const key of new Set(keysOf(bundle as Bundle))) {
          const texts = Object.entries(bundle as Bundle).length ? JSON.stringify(bundle) : "";
          const names = new Set(placeholdersOf(texts).filter((name) => name !== "count"));
          const values = Object.fromEntries([...names].map((name) => [name, `<${name}>`]));
          for (const count of [undefined, 0, 1, 2, 5, 1_000_000]) {
            const options = { lng: language, ns, ...values, ...(count === undefined ? {} : { count }) };
            // Where a language's plural category has no form of its own (French "many" for a million on a key
            // with only _one and _other), i18next shows the bare key; ours falls back to the _other form.
            const missingForm =
              count !== undefined &&
              keyHasPlurals(bundle as Bundle, key) &&
              !keyHas(bundle as Bundle, `${key}_${new Intl.PluralRules(language).select(count)}`);
            const expected = missingForm ? reference.t(`${key}_other`, options) : reference.t(key, options);
            expect(ours.t(key, options), `${language}/${ns}:${key} count ${count}`).toBe(expected);
            expect(ours.t(`${ns}:${key}`, { lng: language, ...values })).toBe(
              reference.t(`${ns}:${key}`, { lng: language, ...values }),
            );
            compared += 1;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it("chooses French plural forms by CLDR rules: 0 and 1 are singular, a million takes the many form", () => {
    const t = createTranslator("fr", {
      fr: {
        common: { item_one: "{{count}} article", item_many: "{{count}} d’articles", item_other: "{{count}} articles" },
      },
    }).t;
    expect(t("item", { count: 0 })).toBe("0 article");
    expect(t("item", { count: 1 })).toBe("1 article");
    expect(t("item", { count: 2 })).toBe("2 articles");
    expect(t("item", { count: 1_000_000 })).toBe("1000000 d’articles");
  });

  it("keeps a placeholder without a value as written and answers the key for a missing text", () => {
    const t = createTranslator("en", { en: { common: { hello: "Hello {{name}}, {{ user.first }}" } } }).t;
    expect(t("hello")).toBe("Hello {{name}}, {{ user.first }}");
    expect(t("hello", { name: "Ada", user: { first: "A." } })).toBe("Hello Ada, A.");
    expect(t("missing.key")).toBe("missing.key");
  });

  it("switches language for its listeners, and adds namespaces as the browser fetches them", async () => {
    const i18n = createTranslator("en", { en: { common: { yes: "Yes" } } });
    const heard: string[] = [];
    const stop = i18n.onLanguageChanged((language) => heard.push(language));
    expect(i18n.hasResourceBundle("fr", "common")).toBe(false);
    i18n.addResourceBundle("fr", "common", { yes: "Oui" });
    await i18n.changeLanguage("fr");
    await i18n.changeLanguage("fr");
    stop();
    await i18n.changeLanguage("en");
    expect(heard).toEqual(["fr"]);
    expect(i18n.getFixedT("fr")("yes")).toBe("Oui");
    expect(i18n.getFixedT("fr")).toBe(i18n.getFixedT("fr"));
  });
});
