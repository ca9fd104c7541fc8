import { createTranslator } from "../../core/i18n/translator.ts";
import { describe, expect, it } from "vitest";
import enDeals from "../../app/locales/en/deals.json";
import frDeals from "../../app/locales/fr/deals.json";
import {
  DAY_MS,
  canClaim,
  claimProgressPercent,
  daysLeft,
  dealStatus,
  isDealVisible,
  isHurry,
  isSoldOut,
} from "../../core/deals/rules.ts";
import { dealInputSchema, dealUpdateSchema } from "../../core/deals/schema.ts";

const i18n = createTranslator("en", { en: { deals: enDeals }, fr: { deals: frDeals } });

const NOW = new Date("2025-06-10T12:00:00Z");
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);
const HOUR = 3600_000;

const deal = (
  overrides: Partial<{
    active: boolean;
    validFrom: Date;
    validUntil: Date;
    claimLimit: number | null;
    claimCount: number;
  }> = {},
) => ({
  active: true,
  validFrom: at(-DAY_MS),
  validUntil: at(10 * DAY_MS),
  claimLimit: null as number | null,
  claimCount: 0,
  ...overrides,
});

/** The English message of the first issue a deal input raises, with the field it names. */
function firstIssue(input: unknown, lng: "en" | "fr" = "en") {
  const result = dealInputSchema.safeParse(input);
  if (result.success) throw new Error("expected a refusal");
  const issue = result.error.issues[0];
  return { field: issue.path.join("."), message: i18n.t(issue.message, { lng }) as string };
}

const validInput = {
  titleEn: "Launch-Ready Website",
  titleFr: "Site web prêt à lancer",
  descriptionEn: "A responsive five-page website, delivered in three weeks.",
  descriptionFr: "Un site adaptatif de cinq pages, livré en trois semaines.",
  serviceNameEn: "Website",
  serviceNameFr: "Site web",
  originalPrice: 250_000,
  discountedPrice: 175_000,
  discountPercentage: 30,
  validFrom: "2025-06-01T00:00:00Z",
  validUntil: "2025-06-30T00:00:00Z",
};

describe("deal visibility: only while active and now lies between validFrom and validUntil", () => {
  it("shows an active deal within its window", () => {
    expect(isDealVisible(deal(), NOW)).toBe(true);
  });

  it("includes both ends of the window", () => {
    expect(isDealVisible(deal({ validFrom: NOW }), NOW)).toBe(true);
    expect(isDealVisible(deal({ validUntil: NOW }), NOW)).toBe(true);
  });

  it("hides an inactive deal, a deal not started yet and a deal that has ended", () => {
    expect(isDealVisible(deal({ active: false }), NOW)).toBe(false);
    expect(isDealVisible(deal({ validFrom: at(1) }), NOW)).toBe(false);
    expect(isDealVisible(deal({ validUntil: at(-1) }), NOW)).toBe(false);
  });
});

describe("days left: rounded up, minimum 0", () => {
  it("counts whole days exactly", () => {
    expect(daysLeft(at(2 * DAY_MS), NOW)).toBe(2);
    expect(daysLeft(at(10 * DAY_MS), NOW)).toBe(10);
  });

  it("rounds any part of a day up", () => {
    expect(daysLeft(at(2 * DAY_MS + HOUR), NOW)).toBe(3);
    expect(daysLeft(at(1), NOW)).toBe(1);
    expect(daysLeft(at(DAY_MS - 1), NOW)).toBe(1);
  });

  it("never goes below 0", () => {
    expect(daysLeft(NOW, NOW)).toBe(0);
    expect(daysLeft(at(-5 * DAY_MS), NOW)).toBe(0);
  });
});

describe("hurry: 3 days or fewer before validUntil", () => {
  it("is on at 3 days and below, off above", () => {
    expect(isHurry(0)).toBe(true);
    expect(isHurry(1)).toBe(true);
    expect(isHurry(3)).toBe(true);
    expect(isHurry(4)).toBe(false);
  });

  it("applies to days left rounded up: 3 days and 1 hour reads 4 and is no hurry", () => {
    expect(dealStatus(deal({ validUntil: at(3 * DAY_MS) }), NOW).hurry).toBe(true);
    expect(dealStatus(deal({ validUntil: at(3 * DAY_MS + HOUR) }), NOW)).toMatchObject({ daysLeft: 4, hurry: false });
  });
});

describe("sold out: when claimCount reaches claimLimit", () => {
  it("is sold out at and above the limit", () => {
    expect(isSoldOut({ claimLimit: 20, claimCount: 20 })).toBe(true);
    expect(isSoldOut({ claimLimit: 20, claimCount: 21 })).toBe(true);
  });

  it("is not sold out below the limit or without a limit", () => {
    expect(isSoldOut({ claimLimit: 20, claimCount: 19 })).toBe(false);
    expect(isSoldOut({ claimLimit: null, claimCount: 1_000_000 })).toBe(false);
  });
});

describe("claim progress: claimCount over claimLimit, in percent", () => {
  it("is the claimed share of the limit", () => {
    expect(claimProgressPercent({ claimLimit: 40, claimCount: 10 })).toBe(25);
    expect(claimProgressPercent({ claimLimit: 20, claimCount: 20 })).toBe(100);
    expect(claimProgressPercent({ claimLimit: 20, claimCount: 0 })).toBe(0);
  });

  it("rounds down, so that 100 only shows when sold out", () => {
    expect(claimProgressPercent({ claimLimit: 3, claimCount: 1 })).toBe(33);
    expect(claimProgressPercent({ claimLimit: 200, claimCount: 199 })).toBe(99);
  });

  it("is 0 without a limit and never above 100", () => {
    expect(claimProgressPercent({ claimLimit: null, claimCount: 50 })).toBe(0);
    expect(claimProgressPercent({ claimLimit: 10, claimCount: 12 })).toBe(100);
  });
});

describe("canClaim", () => {
  it("allows claims that fit under the limit, any number without a limit", () => {
    expect(canClaim({ claimLimit: 10, claimCount: 8 }, 2)).toBe(true);
    expect(canClaim({ claimLimit: 10, claimCount: 8 }, 3)).toBe(false);
    expect(canClaim({ claimLimit: null, claimCount: 8 }, 500)).toBe(true);
  });

  it("refuses quantities that are not positive whole numbers", () => {
    expect(canClaim({ claimLimit: null, claimCount: 0 }, 0)).toBe(false);
    expect(canClaim({ claimLimit: null, claimCount: 0 }, -1)).toBe(false);
    expect(canClaim({ claimLimit: null, claimCount: 0 }, 1.5)).toBe(false);
  });
});

describe("dealStatus", () => {
  it("combines every computed field", () => {
    expect(dealStatus(deal({ validUntil: at(2 * DAY_MS), claimLimit: 20, claimCount: 5 }), NOW)).toEqual({
      daysLeft: 2,
      hurry: true,
      soldOut: false,
      progress: 25,
      visible: true,
    });
  });
});

describe("deal validation (specification 000, section 5)", () => {
  it("accepts a complete deal and fills the defaults", () => {
    const parsed = dealInputSchema.parse(validInput);
    expect(parsed).toMatchObject({
      titleFr: "Site web prêt à lancer",
      active: true,
      claimLimit: null,
      featuredImage: null,
    });
    expect(parsed.validFrom).toEqual(new Date("2025-06-01T00:00:00Z"));
  });

  it("requires a title in each language: 'Title is required'", () => {
    expect(firstIssue({ ...validInput, titleEn: "  " })).toEqual({ field: "titleEn", message: "Title is required" });
    expect(firstIssue({ ...validInput, titleFr: undefined })).toEqual({
      field: "titleFr",
      message: "Title is required",
    });
    expect(firstIssue({ ...validInput, titleFr: "" }, "fr").message).toBe("Le titre est obligatoire");
  });

  it("needs a description of at least 10 characters in each language", () => {
    expect(firstIssue({ ...validInput, descriptionEn: "Too short" })).toEqual({
      field: "descriptionEn",
      message: "Description must be at least 10 characters",
    });
    expect(firstIssue({ ...validInput, descriptionFr: "Court" })).toEqual({
      field: "descriptionFr",
      message: "Description must be at least 10 characters",
    });
  });

  it("requires a service name in each language", () => {
    expect(firstIssue({ ...validInput, serviceNameEn: "" })).toEqual({
      field: "serviceNameEn",
      message: "Service name is required",
    });
    expect(firstIssue({ ...validInput, serviceNameFr: "" })).toEqual({
      field: "serviceNameFr",
      message: "Service name is required",
    });
  });

  it("refuses the former one-language shape (title, language): a deal is one record in both languages", () => {
    const { titleEn: _en, titleFr: _fr, ...rest } = validInput;
    expect(dealInputSchema.safeParse({ ...rest, title: "Launch-Ready Website", language: "en" }).success).toBe(false);
  });

  it("needs original and discounted prices of at least 1", () => {
    expect(firstIssue({ ...validInput, originalPrice: 0 })).toEqual({
      field: "originalPrice",
      message: "Price must be at least 1",
    });
    expect(firstIssue({ ...validInput, discountedPrice: 0 })).toEqual({
      field: "discountedPrice",
      message: "Price must be at least 1",
    });
  });

  it("keeps the discount percentage between 1 and 99: 'Discount percentage must be between 1 and 99'", () => {
    for (const discountPercentage of [0, 100, 12.5]) {
      expect(firstIssue({ ...validInput, discountPercentage })).toEqual({
        field: "discountPercentage",
        message: "Discount percentage must be between 1 and 99",
      });
    }
    expect(firstIssue({ ...validInput, discountPercentage: 0 }, "fr").message).toBe(
      "Le pourcentage de réduction doit être compris entre 1 et 99",
    );
    expect(dealInputSchema.safeParse({ ...validInput, discountPercentage: 1 }).success).toBe(true);
    expect(dealInputSchema.safeParse({ ...validInput, discountPercentage: 99 }).success).toBe(true);
  });

  it("needs the discounted price below the original price", () => {
    expect(firstIssue({ ...validInput, discountedPrice: 250_000 })).toEqual({
      field: "discountedPrice",
      message: "The discounted price must be lower than the original price",
    });
  });

  it("needs the end after the start", () => {
    expect(firstIssue({ ...validInput, validUntil: validInput.validFrom })).toEqual({
      field: "validUntil",
      message: "The end date must be after the start date",
    });
  });

  it("refuses dates that are not ISO date-times, unsafe images, zero claim limits and unknown fields", () => {
    expect(firstIssue({ ...validInput, validFrom: "next monday" })).toEqual({
      field: "validFrom",
      message: "Please enter a valid start date",
    });
    expect(firstIssue({ ...validInput, featuredImage: "javascript:alert(1)" }).field).toBe("featuredImage");
    expect(firstIssue({ ...validInput, claimLimit: 0 }).message).toBe(
      "The claim limit must be a whole number of at least 1",
    );
    expect(dealInputSchema.safeParse({ ...validInput, claimCount: 5 }).success).toBe(false);
  });

  it("lets an edit name any subset of fields, each checked on its own", () => {
    expect(dealUpdateSchema.safeParse({ titleFr: "Nouveau titre" }).success).toBe(true);
    expect(dealUpdateSchema.safeParse({ title: "New title" }).success).toBe(false);
    expect(dealUpdateSchema.safeParse({ discountPercentage: 100 }).success).toBe(false);
    expect(dealUpdateSchema.safeParse({ claimLimit: null }).success).toBe(true);
  });
});
