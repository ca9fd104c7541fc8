import { describe, expect, it } from "vitest";
import { displayName, initials, isStaff } from "../../core/auth/rules.ts";

// Spec document 000, "App navigation bar": "Display name is the first name, else the part of the
// e-mail before the @, else a default name label." The bar shows the default label ("User") for null.
describe("displayName", () => {
  it("is the first name when there is one", () => {
    expect(displayName({ firstName: "Ada", email: "ada@example.com" })).toBe("Ada");
    expect(displayName({ firstName: "  Léa  ", email: null })).toBe("Léa");
  });

  it("else the part of the e-mail before the @", () => {
    expect(displayName({ firstName: null, email: "marie.curie@example.com" })).toBe("marie.curie");
    expect(displayName({ firstName: "   ", email: "jo@example.com" })).toBe("jo");
    expect(displayName({ email: "no-at-sign" })).toBe("no-at-sign");
  });

  it("else null, so the caller shows its default label", () => {
    expect(displayName({ firstName: null, email: null })).toBeNull();
    expect(displayName({ firstName: "", email: "" })).toBeNull();
    expect(displayName({ firstName: null, email: "@example.com" })).toBeNull();
    expect(displayName({})).toBeNull();
    expect(displayName(null)).toBeNull();
  });
});

describe("initials", () => {
  it("are the first letters of the first and last names, upper-cased", () => {
    expect(initials({ firstName: "ada", lastName: "lovelace" })).toBe("AL");
    expect(initials({ firstName: " Émile ", lastName: " zola" })).toBe("ÉZ");
  });

  it("fall back to one name, then the e-mail's first letter, then a question mark", () => {
    expect(initials({ firstName: "Ada", lastName: null })).toBe("A");
    expect(initials({ firstName: null, lastName: "Turing" })).toBe("T");
    expect(initials({ firstName: "", lastName: "  ", email: "zoe@example.com" })).toBe("Z");
    expect(initials({ firstName: null, lastName: null, email: null })).toBe("?");
    expect(initials({})).toBe("?");
  });
});

describe("isStaff", () => {
  it("is true for staff and admin accounts only", () => {
    expect(isStaff("staff")).toBe(true);
    expect(isStaff("admin")).toBe(true);
    expect(isStaff("customer")).toBe(false);
    expect(isStaff(null)).toBe(false);
    expect(isStaff(undefined)).toBe(false);
  });
});
