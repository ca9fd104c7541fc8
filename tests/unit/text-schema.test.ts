import { describe, expect, it } from "vitest";
import { mailMessageSchema } from "../../core/mail/schema.ts";
import {
  CONTROL_CHARACTERS_KEY,
  FORMAT_CHARACTERS_KEY,
  hasControlCharacters,
  LINE_BREAK_KEY,
  line,
  text,
} from "../../core/text.ts";

describe("shared text schemas", () => {
  it("find control characters other than tab and line breaks", () => {
    for (const value of ["\u0000", "a\u0001", "\u0008", "\u000b", "\u000c", "\u001b[31m", "\u007f"])
      expect(hasControlCharacters(value), JSON.stringify(value)).toBe(true);
    for (const value of ["plain", "tab\there", "a\nb", "a\r\nb", "é😀", "\u00a0"])
      expect(hasControlCharacters(value), JSON.stringify(value)).toBe(false);
  });

  it("multi-line text keeps line breaks and refuses NUL with its own message, before later checks", () => {
    const schema = text({ message: "x:required" }).trim().min(20, "x:tooShort");
    expect(schema.safeParse("one\ntwo\tthree four five six").success).toBe(true);
    expect(schema.safeParse("a\u0000").error?.issues.map((i) => i.message)).toEqual([CONTROL_CHARACTERS_KEY]);
    expect(schema.safeParse(42).error?.issues[0].message).toBe("x:required");
  });

  it("one line refuses line breaks and tabs too", () => {
    const schema = line().trim().min(1);
    expect(schema.safeParse("Ada Lovelace").data).toBe("Ada Lovelace");
    for (const value of ["Ada\nLovelace", "Ada\rLovelace", "Ada\tLovelace", "Ada\u2028Lovelace"]) {
      expect(
        schema.safeParse(value).error?.issues.map((i) => i.message),
        JSON.stringify(value),
      ).toEqual([LINE_BREAK_KEY]);
    }
    expect(schema.safeParse("Ada\u0000").error?.issues.map((i) => i.message)).toEqual([CONTROL_CHARACTERS_KEY]);
  });

  it("one line refuses invisible format characters (Unicode Cf), multi-line text keeps them", () => {
    const schema = line().trim().min(1);
    // Right-to-left override, zero-width space, joiner and non-joiner, byte-order mark, soft hyphen, isolates, word joiner.
    for (const mark of [
      "\u202e",
      "\u202d",
      "\u200b",
      "\u200d",
      "\u200c",
      "\ufeff",
      "\u00ad",
      "\u2066",
      "\u2069",
      "\u2060",
      "\u200e",
    ]) {
      expect(
        schema.safeParse(`invoice${mark}fdp.exe`).error?.issues.map((i) => i.message),
        JSON.stringify(mark),
      ).toEqual([FORMAT_CHARACTERS_KEY]);
    }
    for (const value of ["Zoë Saldaña", "François Lefèvre-Dupont", "李小龍", "محمد", "Ada 😀"])
      expect(schema.safeParse(value).success, value).toBe(true);
    expect(text().safeParse("A message with a family emoji 👩\u200d👩\u200d👧").success).toBe(true);
  });

  it("an e-mail's subject never carries an invisible character, whatever composed it", () => {
    const message = { to: "team@atelier.example", text: "body", kind: "contact.staff" };
    expect(mailMessageSchema.parse({ ...message, subject: "New inquiry from Ada\u202eslaed\u200b" }).subject).toBe(
      "New inquiry from Adaslaed",
    );
    expect(mailMessageSchema.safeParse({ ...message, subject: "\u202e\u200b" }).success).toBe(false);
  });
});
