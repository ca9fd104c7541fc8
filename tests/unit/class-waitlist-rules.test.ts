import { describe, expect, it } from "vitest";
import { formatOfferEnd } from "../../core/classes/waitlist-emails.ts";
import {
  freeSeats,
  isWaitlistToken,
  leaveUrl,
  offerEnds,
  offerState,
  offerUrl,
  offersToMake,
  positionOf,
  seatLeftForNewcomer,
} from "../../core/classes/waitlist-rules.ts";

const HOUR = 3600_000;

describe("class waiting-list rules", () => {
  it("counts free seats as those neither paid for nor held; a class without a limit never runs out", () => {
    expect(freeSeats({ maxStudents: 10, currentEnrollment: 7 }, 2)).toBe(1);
    expect(freeSeats({ maxStudents: 10, currentEnrollment: 10 }, 0)).toBe(0);
    expect(freeSeats({ maxStudents: 10, currentEnrollment: 9 }, 3)).toBe(0);
    expect(freeSeats({ maxStudents: null, currentEnrollment: 50 }, 9)).toBe(Number.POSITIVE_INFINITY);
  });

  it("queue order: free seats belong to the people already waiting; a newcomer holds one only when more are free than people wait", () => {
    const seats = { maxStudents: 5, currentEnrollment: 3 };
    expect(seatLeftForNewcomer(seats, 0, 0)).toBe(true);
    expect(seatLeftForNewcomer(seats, 0, 1)).toBe(true);
    expect(seatLeftForNewcomer(seats, 0, 2)).toBe(false);
    expect(seatLeftForNewcomer(seats, 2, 0)).toBe(false);
    expect(seatLeftForNewcomer({ maxStudents: null, currentEnrollment: 3 }, 0, 4)).toBe(true);
  });

  it("offers as many seats as are free, to at most the people waiting, first come first served", () => {
    const seats = { maxStudents: 5, currentEnrollment: 3 };
    expect(offersToMake(seats, 0, 5)).toBe(2);
    expect(offersToMake(seats, 1, 5)).toBe(1);
    expect(offersToMake(seats, 2, 5)).toBe(0);
    expect(offersToMake(seats, 0, 1)).toBe(1);
    expect(offersToMake({ maxStudents: null, currentEnrollment: 0 }, 0, 3)).toBe(3);
    expect([positionOf(0), positionOf(4)]).toEqual([1, 5]);
  });

  it("an offer holds its seat for the configured hours and not a moment longer", () => {
    const now = new Date("2026-11-26T10:00:00Z");
    const until = offerEnds(now, 24);
    expect(until).toEqual(new Date("2026-11-27T10:00:00Z"));
    const offered = { status: "offered", offeredUntil: until };
    expect(offerState(offered, new Date(until.getTime() - 1))).toBe("live");
    expect(offerState(offered, until)).toBe("expired");
    expect(offerState(offered, new Date(until.getTime() + HOUR))).toBe("expired");
    expect(offerState({ status: "expired", offeredUntil: until }, now)).toBe("expired");
    expect(offerState({ status: "claimed", offeredUntil: until }, now)).toBe("claimed");
    expect(offerState({ status: "left", offeredUntil: until }, now)).toBe("withdrawn");
    expect(offerState({ status: "waiting", offeredUntil: null }, now)).toBe("withdrawn");
  });

  it("accepts only tokens shaped like the ones issued, and builds links in the person's language", () => {
    const token = "A".repeat(40) + "_-9";
    expect(isWaitlistToken(token)).toBe(true);
    for (const bad of ["", "A".repeat(42), "A".repeat(44), `${"A".repeat(42)}=`, 43, null])
      expect(isWaitlistToken(bad)).toBe(false);
    expect(offerUrl("https://atelier.example/", "fr", 7, token)).toBe(
      `https://atelier.example/fr/classes/7?offer=${token}`,
    );
    expect(leaveUrl("https://atelier.example", "en", token)).toBe(
      `https://atelier.example/en/waitlist/leave?token=${token}`,
    );
  });

  it("writes an offer's end in the person's language and the studio's time zone", () => {
    const at = new Date("2026-11-27T14:30:00Z");
    expect(formatOfferEnd(at, "en", "UTC")).toBe("Friday, November 27, 2026 at 2:30 PM UTC");
    expect(formatOfferEnd(at, "fr", "Europe/Paris")).toBe("vendredi 27 novembre 2026 à 15:30 UTC+1");
  });
});
