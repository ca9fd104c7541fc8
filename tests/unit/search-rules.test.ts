import { describe, expect, it } from "vitest";
import { SEARCH_MAX_WORD_LENGTH, SEARCH_MAX_WORDS, searchTerms, searchWords } from "../../core/search/rules.ts";

describe("a visitor's search as the database takes it", () => {
  it("keeps the words, letters and digits in any script, and drops the punctuation between them", () => {
    expect(searchWords("  Café & 100% naturel!  ")).toEqual(["Café", "100", "naturel"]);
    expect(searchWords("l'atelier e-mail")).toEqual(["l", "atelier", "e", "mail"]);
    expect(searchWords("'&|!():*<->\\\"")).toEqual([]);
    expect(searchWords("")).toEqual([]);
  });

  it("composes accents typed as two characters, so that they fold like the stored text", () => {
    expect(searchWords("Cafe\u0301")).toEqual(["Café"]);
  });

  it("bounds the number and the length of the words", () => {
    expect(searchWords("word ".repeat(50))).toHaveLength(SEARCH_MAX_WORDS);
    expect(searchWords("a".repeat(500))[0]).toHaveLength(SEARCH_MAX_WORD_LENGTH);
  });

  it("asks every word whole but the last, which is a quoted prefix", () => {
    expect(searchTerms(["design", "logo", "bran"])).toEqual({ whole: "design logo", prefix: "'bran':*" });
    expect(searchTerms(["brand"])).toEqual({ whole: "", prefix: "'brand':*" });
    expect(searchTerms([])).toBeNull();
  });
});
