import { describe, expect, it } from "vitest";
import { FORM_BUDGETS } from "../../core/rate-limit/rules.ts";
import { parseTestimonialId } from "../../core/testimonials/rules.ts";
import {
  DEFAULT_RATING,
  testimonialSubmissionSchema,
  testimonialUpdateSchema,
} from "../../core/testimonials/schema.ts";
import { en, fr } from "../helpers/mail-fixtures.ts";
import { fieldErrors as errorsOf } from "../helpers/schema-errors.ts";

const valid = {
  name: "Grace Hopper",
  email: "grace@example.com",
  company: "Navy Labs",
  content: "Brilliant work on our new brand.",
  rating: 4,
};

describe("testimonial submission (server schema, document 000 section 5)", () => {
  it("accepts the dialog's payload (name, company, content, email, rating) with optional title and projectType", () => {
    expect(testimonialSubmissionSchema.parse(valid)).toEqual(valid);
    expect(testimonialSubmissionSchema.parse({ ...valid, title: "CTO", projectType: "Branding" })).toMatchObject({
      title: "CTO",
      projectType: "Branding",
    });
  });

  it("customer name required", () => {
    expect(errorsOf(testimonialSubmissionSchema, { ...valid, name: "" })).toEqual({ name: "Name is required" });
    expect(errorsOf(testimonialSubmissionSchema, { ...valid, name: "" }, fr)).toEqual({
      name: "Le nom est obligatoire",
    });
  });

  it("email valid if given", () => {
    expect(testimonialSubmissionSchema.parse({ ...valid, email: undefined }).email).toBeUndefined();
    expect(testimonialSubmissionSchema.parse({ ...valid, email: "" }).email).toBeUndefined();
    expect(errorsOf(testimonialSubmissionSchema, { ...valid, email: "grace@" })).toEqual({
      email: "Valid email is required",
    });
  });

  it("text at least 10 characters", () => {
    expect(errorsOf(testimonialSubmissionSchema, { ...valid, content: "Good job" })).toEqual({
      content: "Testimonial must be at least 10 characters",
    });
    expect(errorsOf(testimonialSubmissionSchema, { ...valid, content: "Good job" }, fr)).toEqual({
      content: "Le témoignage doit comporter au moins 10 caractères",
    });
    expect(errorsOf(testimonialSubmissionSchema, { ...valid, content: "x".repeat(2001) })).toEqual({
      content: "Testimonial must be at most 2000 characters",
    });
  });

  it("rating a whole number from 1 to 5, default 5", () => {
    expect(DEFAULT_RATING).toBe(5);
    expect(testimonialSubmissionSchema.parse({ ...valid, rating: undefined }).rating).toBe(5);
    for (const rating of [1, 2, 3, 4, 5])
      expect(testimonialSubmissionSchema.parse({ ...valid, rating }).rating).toBe(rating);
    for (const rating of [0, 6, 4.5, "5", null])
      expect(errorsOf(testimonialSubmissionSchema, { ...valid, rating }), String(rating)).toEqual({
        rating: "Rating must be a whole number from 1 to 5",
      });
  });

  it("refuses fields a visitor may not set (approval, featured)", () => {
    expect(testimonialSubmissionSchema.safeParse({ ...valid, approved: true }).success).toBe(false);
    expect(testimonialSubmissionSchema.safeParse({ ...valid, featured: true }).success).toBe(false);
  });
});

describe("testimonial update (staff)", () => {
  it("approves with {approved: true} or edits any field", () => {
    expect(testimonialUpdateSchema.parse({ approved: true })).toEqual({ approved: true });
    expect(
      testimonialUpdateSchema.parse({ testimonialText: "An edited, longer text.", rating: 3, companyName: "" }),
    ).toEqual({ testimonialText: "An edited, longer text.", rating: 3, companyName: null });
  });

  it("refuses an empty edit, a non-boolean approval and a bad rating", () => {
    expect(errorsOf(testimonialUpdateSchema, {})).toEqual({ _: "The request is not valid." });
    expect(errorsOf(testimonialUpdateSchema, { approved: "yes" })).toEqual({ approved: "This value is not valid." });
    expect(errorsOf(testimonialUpdateSchema, { rating: 9 })).toEqual({
      rating: "Rating must be a whole number from 1 to 5",
    });
  });
});

describe("testimonial rules", () => {
  it("parses ids strictly", () => {
    expect(parseTestimonialId("12")).toBe(12);
    expect(parseTestimonialId(7)).toBe(7);
    for (const raw of ["0", "-1", "1.5", "abc", "99999999999", "", null]) expect(parseTestimonialId(raw)).toBeNull();
  });

  it("limits public submissions to 20 per address and 3 per e-mail address per 10 minutes, with a translated message", () => {
    expect(FORM_BUDGETS.testimonial.perAddress).toEqual({ name: "testimonial:address", limit: 20, windowMs: 600_000 });
    expect(FORM_BUDGETS.testimonial.perEmail).toEqual({ name: "testimonial:email", limit: 3, windowMs: 600_000 });
    expect(en("errors:rateLimit.messages.email", { count: 10 })).toBe(
      "Too many messages for this e-mail address. Please try again in 10 minutes.",
    );
  });

  it("has the spec's texts", () => {
    expect(en("testimonials:messages.submitted")).toBe(
      "Your testimonial has been submitted and will be reviewed soon.",
    );
    expect(en("testimonials:messages.submittedTitle")).toBe("Thank you!");
    expect(en("testimonials:messages.failedTitle")).toBe("Submission Failed");
    expect(en("testimonials:messages.failed")).toBe(
      "There was an error submitting your testimonial. Please try again.",
    );
    expect(en("testimonials:messages.missingTitle")).toBe("Missing Information");
    expect(en("testimonials:messages.missing")).toBe("Please fill in all required fields.");
    expect(en("testimonials:messages.empty")).toBe("No testimonials yet");
  });
});
