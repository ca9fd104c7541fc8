import { z } from "zod";
import { LANGUAGES, type Language } from "../i18n/language.ts";
import { line } from "../text.ts";
import type { WaitlistStatus } from "./waitlist-rules.ts";
import { WAITLIST_LIMITS } from "./waitlist-limits.ts";

export { WAITLIST_LIMITS } from "./waitlist-limits.ts";

/** `POST /api/classes/{id}/waitlist`: who waits, and the language of their e-mails (the page's by default). */
export const waitlistJoinSchema = z.strictObject({
  name: line({ message: "waitlist:validation.nameRequired" })
    .trim()
    .min(1, "waitlist:validation.nameRequired")
    .max(WAITLIST_LIMITS.name, "waitlist:validation.nameTooLong"),
  email: line({ message: "waitlist:validation.emailInvalid" })
    .trim()
    .toLowerCase()
    .max(WAITLIST_LIMITS.email, "waitlist:validation.emailInvalid")
    .pipe(z.email({ message: "waitlist:validation.emailInvalid" })),
  language: z.enum(LANGUAGES, { message: "waitlist:validation.languageInvalid" }).optional(),
});
export type WaitlistJoin = z.input<typeof waitlistJoinSchema>;

/** `POST /api/waitlist/leave`: the token of the e-mailed link. */
export const waitlistTokenSchema = z.strictObject({
  token: line({ message: "waitlist:errors.invalidLink" }).max(WAITLIST_LIMITS.token, "waitlist:errors.invalidLink"),
});

/** The answer to joining: the person's place in the queue (1 = next to be offered a seat). */
export interface WaitlistPlace {
  position: number;
}

/** An entry as staff read it. */
export interface StaffWaitlistEntry {
  id: number;
  name: string;
  email: string;
  language: Language;
  status: WaitlistStatus;
  /** Place among the live entries; null once the entry is over (claimed, expired, left). */
  position: number | null;
  offeredUntil: string | null;
  createdAt: string;
}

/** What an offer link shows: whose seat it holds, until when. */
export interface WaitlistOffer {
  classId: number;
  name: string;
  email: string;
  offeredUntil: string;
  /** `offeredUntil` written out for people, in the page's language and the studio's time zone. */
  until: string;
}
