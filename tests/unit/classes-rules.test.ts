import { describe, expect, it } from "vitest";
import { canTakeSeat, isClassFull, seatsLeft } from "../../core/classes/rules.ts";
import { classInputSchema } from "../../core/classes/schema.ts";

describe("class seats (spec 000, section 4: 'Class is Full' when maxStudents is set and reached; infinity when unset)", () => {
  it("counts the seats left, never below 0, and none for a class without a limit", () => {
    expect(seatsLeft({ maxStudents: 20, currentEnrollment: 9 })).toBe(11);
    expect(seatsLeft({ maxStudents: 8, currentEnrollment: 8 })).toBe(0);
    expect(seatsLeft({ maxStudents: 8, currentEnrollment: 9 })).toBe(0);
    expect(seatsLeft({ maxStudents: null, currentEnrollment: 500 })).toBeNull();
  });

  it("is full only with a limit that is reached", () => {
    expect(isClassFull({ maxStudents: 8, currentEnrollment: 8 })).toBe(true);
    expect(isClassFull({ maxStudents: 8, currentEnrollment: 7 })).toBe(false);
    expect(isClassFull({ maxStudents: null, currentEnrollment: 10_000 })).toBe(false);
  });

  it("lets a seat be taken only while enrolled plus held seats stay below the limit", () => {
    expect(canTakeSeat({ maxStudents: 5, currentEnrollment: 3 }, 1)).toBe(true);
    expect(canTakeSeat({ maxStudents: 5, currentEnrollment: 3 }, 2)).toBe(false);
    expect(canTakeSeat({ maxStudents: null, currentEnrollment: 3 }, 100)).toBe(true);
  });
});

describe("class validation (spec 000, section 5)", () => {
  const valid = {
    titleEn: "Class",
    titleFr: "Cours",
    descriptionEn: "A long enough description.",
    descriptionFr: "Une description assez longue.",
    instructorName: "Ada",
    durationEn: "2 days",
    durationFr: "2 jours",
    price: 0,
  };
  const messages = (input: Record<string, unknown>) =>
    Object.fromEntries(
      (classInputSchema.safeParse({ ...valid, ...input }).error?.issues ?? []).map((issue) => [
        issue.path.join("."),
        issue.message,
      ]),
    );

  it("accepts a free class with defaults (beginner, online, English)", () => {
    expect(classInputSchema.parse(valid)).toMatchObject({
      level: "beginner",
      format: "online",
      language: "en",
      price: 0,
      maxStudents: null,
      active: true,
    });
  });

  it("refuses each rule with its message", () => {
    expect(messages({ titleEn: "" })).toEqual({ titleEn: "classes:validation.titleRequired" });
    expect(messages({ descriptionFr: "Court" })).toEqual({ descriptionFr: "classes:validation.descriptionMin" });
    expect(messages({ instructorName: " " })).toEqual({ instructorName: "classes:validation.instructorRequired" });
    expect(messages({ level: "expert" })).toEqual({ level: "classes:validation.levelInvalid" });
    expect(messages({ durationEn: "" })).toEqual({ durationEn: "classes:validation.durationRequired" });
    expect(messages({ format: "webinar" })).toEqual({ format: "classes:validation.formatInvalid" });
    expect(messages({ price: -1 })).toEqual({ price: "classes:validation.priceMin" });
    expect(messages({ maxStudents: 0 })).toEqual({ maxStudents: "classes:validation.maxStudentsInvalid" });
    expect(messages({ scheduleTime: "25:00" })).toEqual({ scheduleTime: "classes:validation.scheduleTimeInvalid" });
    expect(messages({ startDate: "2030-02-01T10:00:00Z", endDate: "2030-01-01T10:00:00Z" })).toEqual({
      endDate: "classes:validation.endAfterStart",
    });
  });
});
