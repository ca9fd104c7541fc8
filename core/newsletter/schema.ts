import { z } from "zod";
import { line } from "../text.ts";
import { NEWSLETTER_LIMITS } from "./limits.ts";

export { NEWSLETTER_LIMITS } from "./limits.ts";

/** `POST /api/newsletter/subscribe`: the address to confirm. */
export const newsletterSubscribeSchema = z.strictObject({
  email: line({ message: "newsletter:validation.emailInvalid" })
    .trim()
    .toLowerCase()
    .max(NEWSLETTER_LIMITS.email, "newsletter:validation.emailInvalid")
    .pipe(z.email({ message: "newsletter:validation.emailInvalid" })),
});
export type NewsletterSubscribe = z.infer<typeof newsletterSubscribeSchema>;

/** `POST /api/newsletter/confirm`: the token of the e-mailed link. */
export const newsletterConfirmSchema = z.strictObject({
  token: line({ message: "newsletter:errors.invalidToken" }).max(
    NEWSLETTER_LIMITS.token,
    "newsletter:errors.invalidToken",
  ),
});

export const CONFIRMATION_STATUSES = ["confirmed", "already_confirmed"] as const;
export type ConfirmationStatus = (typeof CONFIRMATION_STATUSES)[number];
