import { describe, expect, it } from "vitest";
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_COOKIE,
  LANGUAGE_LABELS,
  LANGUAGE_STORAGE_KEY,
  isLanguage,
  languageFromAcceptLanguage,
  languageFromCountry,
  languageFromTag,
  localizedPath,
  negotiateLanguage,
  splitLanguagePrefix,
} from "../../core/i18n/language.ts";

// Spec document 000 ("Language") and README decisions 17 and 19.
describe("supported languages", () => {
  it("are English and French, English by default, remembered under preferredLanguage", () => {
    expect(LANGUAGES).toEqual(["en", "fr"]);
    expect(DEFAULT_LANGUAGE).toBe("en");
    expect(LANGUAGE_STORAGE_KEY).toBe("preferredLanguage");
    expect(LANGUAGE_COOKIE).toBe("preferredLanguage");
  });

  it("each have a name and a flag (the Language entity: code, name, flag)", () => {
    expect(LANGUAGE_LABELS.en.name).toBe("English");
    expect(LANGUAGE_LABELS.fr.name).toBe("Français");
    for (const language of LANGUAGES) expect(LANGUAGE_LABELS[language].flag).not.toBe("");
  });

  it("isLanguage accepts only en and fr", () => {
    expect(isLanguage("en")).toBe(true);
    expect(isLanguage("fr")).toBe(true);
    for (const other of ["de", "EN", "fr-FR", "", null, undefined, 1, {}]) expect(isLanguage(other)).toBe(false);
  });
});

describe("languageFromTag", () => {
  it("keeps the primary subtag of a supported language", () => {
    expect(languageFromTag("fr-CA")).toBe("fr");
    expect(languageFromTag("fr_BE")).toBe("fr");
    expect(languageFromTag("EN-us")).toBe("en");
    expect(languageFromTag(" fr ")).toBe("fr");
  });

  it("gives null for unsupported or missing tags", () => {
    expect(languageFromTag("de-DE")).toBeNull();
    expect(languageFromTag("")).toBeNull();
    expect(languageFromTag(null)).toBeNull();
    expect(languageFromTag(undefined)).toBeNull();
  });
});

describe("languageFromAcceptLanguage (the browser's languages)", () => {
  it("takes the first supported language in order", () => {
    expect(languageFromAcceptLanguage("fr-FR,fr,en")).toBe("fr");
    expect(languageFromAcceptLanguage("de-DE,de,fr,en")).toBe("fr");
    expect(languageFromAcceptLanguage("en-GB, fr")).toBe("en");
  });

  it("honours q-values over the written order", () => {
    expect(languageFromAcceptLanguage("en;q=0.5, fr;q=0.9")).toBe("fr");
    expect(languageFromAcceptLanguage("de, en;q=0.7, fr;q=0.8")).toBe("fr");
    expect(languageFromAcceptLanguage("fr;q=0.3, en")).toBe("en");
  });

  it("keeps the written order between equal q-values", () => {
    expect(languageFromAcceptLanguage("fr;q=0.8, en;q=0.8")).toBe("fr");
    expect(languageFromAcceptLanguage("en;q=0.8, fr;q=0.8")).toBe("en");
  });

  it("ignores languages refused with q=0 and unreadable q-values", () => {
    expect(languageFromAcceptLanguage("fr;q=0, en;q=0.1")).toBe("en");
    expect(languageFromAcceptLanguage("fr;q=0")).toBeNull();
    expect(languageFromAcceptLanguage("fr;q=abc, en;q=0.2")).toBe("en");
  });

  it("gives null when no supported language is there", () => {
    expect(languageFromAcceptLanguage("de-DE,de;q=0.9,es;q=0.8")).toBeNull();
    expect(languageFromAcceptLanguage("*")).toBeNull();
    expect(languageFromAcceptLanguage("")).toBeNull();
    expect(languageFromAcceptLanguage(null)).toBeNull();
    expect(languageFromAcceptLanguage(undefined)).toBeNull();
  });
});

describe("languageFromCountry", () => {
  it("maps US, GB, CA, AU and NZ to English", () => {
    for (const country of ["US", "GB", "CA", "AU", "NZ"]) expect(languageFromCountry(country)).toBe("en");
  });

  it("maps FR, BE and CH to French", () => {
    for (const country of ["FR", "BE", "CH"]) expect(languageFromCountry(country)).toBe("fr");
  });

  it("reads the plain-text answer loosely (case, spaces, line end)", () => {
    expect(languageFromCountry("fr")).toBe("fr");
    expect(languageFromCountry(" be\n")).toBe("fr");
  });

  it("gives null for any other country or none", () => {
    for (const country of ["DE", "ES", "XX", "", "FRA"]) expect(languageFromCountry(country)).toBeNull();
    expect(languageFromCountry(null)).toBeNull();
    expect(languageFromCountry(undefined)).toBeNull();
  });
});

describe("negotiateLanguage", () => {
  it("puts the /en or /fr address prefix above everything", () => {
    expect(negotiateLanguage({ pathLanguage: "fr", preferred: "en", browserLanguages: "en", country: "US" })).toBe(
      "fr",
    );
    expect(negotiateLanguage({ pathLanguage: "en", preferred: "fr", browserLanguages: "fr", country: "FR" })).toBe(
      "en",
    );
  });

  it("then the remembered choice (preferredLanguage)", () => {
    expect(negotiateLanguage({ preferred: "fr", browserLanguages: "en-US", country: "US" })).toBe("fr");
    expect(negotiateLanguage({ pathLanguage: "de", preferred: "fr" })).toBe("fr");
  });

  it("then the browser's language, before the country", () => {
    expect(negotiateLanguage({ preferred: "de", browserLanguages: "fr-CA,en;q=0.5", country: "US" })).toBe("fr");
    expect(negotiateLanguage({ browserLanguages: "en-US", country: "FR" })).toBe("en");
    expect(negotiateLanguage({ browserLanguages: ["de-DE", "fr-FR"], country: "US" })).toBe("fr");
    expect(negotiateLanguage({ browserLanguages: ["en"], country: "BE" })).toBe("en");
  });

  it("then the country when the browser's languages are unsupported", () => {
    expect(negotiateLanguage({ browserLanguages: "de-DE,es", country: "CH" })).toBe("fr");
    expect(negotiateLanguage({ browserLanguages: ["it"], country: "BE" })).toBe("fr");
    expect(negotiateLanguage({ browserLanguages: "ja", country: "NZ" })).toBe("en");
    expect(negotiateLanguage({ country: "FR" })).toBe("fr");
  });

  it("then English", () => {
    expect(negotiateLanguage({})).toBe("en");
    expect(negotiateLanguage({ browserLanguages: "de", country: "DE" })).toBe("en");
    expect(negotiateLanguage({ pathLanguage: null, preferred: null, browserLanguages: null, country: null })).toBe(
      "en",
    );
    expect(negotiateLanguage({ browserLanguages: [] })).toBe("en");
  });
});

describe("language in the address (decision 19)", () => {
  it("splitLanguagePrefix reads /en and /fr prefixes", () => {
    expect(splitLanguagePrefix("/fr/posts/3")).toEqual({ language: "fr", rest: "/posts/3" });
    expect(splitLanguagePrefix("/en/about")).toEqual({ language: "en", rest: "/about" });
    expect(splitLanguagePrefix("/fr")).toEqual({ language: "fr", rest: "/" });
    expect(splitLanguagePrefix("/en/")).toEqual({ language: "en", rest: "/" });
  });

  it("splitLanguagePrefix leaves plain addresses and look-alikes alone", () => {
    expect(splitLanguagePrefix("/posts/3")).toEqual({ language: null, rest: "/posts/3" });
    expect(splitLanguagePrefix("/")).toEqual({ language: null, rest: "/" });
    expect(splitLanguagePrefix("/french")).toEqual({ language: null, rest: "/french" });
    expect(splitLanguagePrefix("/enroll")).toEqual({ language: null, rest: "/enroll" });
    expect(splitLanguagePrefix("/de/posts")).toEqual({ language: null, rest: "/de/posts" });
    expect(splitLanguagePrefix("/FR/posts")).toEqual({ language: null, rest: "/FR/posts" });
  });

  it("localizedPath gives the same page in a language, or the plain address for none", () => {
    expect(localizedPath("/posts", "fr")).toBe("/fr/posts");
    expect(localizedPath("/", "fr")).toBe("/fr");
    expect(localizedPath("/", "en")).toBe("/en");
    expect(localizedPath("/fr/posts/3", "en")).toBe("/en/posts/3");
    expect(localizedPath("/en/about", "fr")).toBe("/fr/about");
    expect(localizedPath("/fr/posts", null)).toBe("/posts");
    expect(localizedPath("/fr", null)).toBe("/");
    expect(localizedPath("/about", null)).toBe("/about");
  });

  it("localizedPath and splitLanguagePrefix round-trip", () => {
    for (const path of ["/", "/posts", "/posts/42", "/about", "/privacy"]) {
      for (const language of LANGUAGES) {
        expect(splitLanguagePrefix(localizedPath(path, language))).toEqual({ language, rest: path });
      }
    }
  });
});
