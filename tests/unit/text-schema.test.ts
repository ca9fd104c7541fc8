import { describe, expect, it } from "vitest";
import { CONTROL_CHARACTERS_KEY, hasControlCharacters, LINE_BREAK_KEY, line, text } from "../../core/text.ts";

describe("shared text schemas", () => {
  it("find control characters other than tab and line breaks", () => {
    for (const value of ["\u0000", "a\u0001", "\u0008", "\u000b", "\u000c", "\u001b[31m", "\u007f"]) expect(hasControlCharacters(value), JSON.stringify(value)).toBe(true);
    for (const value of ["plain", "tab\there", "a\nb", "a\r\nb", "é😀", "\u00a0"]) expect(hasControlCharacters(value), JSON.stringify(value)).toBe(false);
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
      expect(schema.safeParse(value).error?.issues.map((i) => i.message), JSON.stringify(value)).toEqual([LINE_BREAK_KEY]);
    }
    expect(schema.safeParse("Ada\u0000").error?.issues.map((i) => i.message)).toEqual([CONTROL_CHARACTERS_KEY]);
  });
});
