import { z } from "zod";
import { line } from "../text.ts";

/** The messages of an enrolment request, shared by /payment and the server. */
export const ENROLLMENT_MESSAGES = {
  classUnknown: "classes:errors.notFound",
  nameRequired: "payments:custom.nameRequired",
  emailInvalid: "payments:custom.emailInvalid",
} as const;

const M = ENROLLMENT_MESSAGES;

/**
 * POST /api/create-class-payment-intent: the class, and the guest's name and e-mail (a signed-in
 * person is named by the account instead, decision 6). The price is never part of the request.
 */
export const classPaymentSchema = z.strictObject({
  classId: z.union([z.number().int(), z.string().max(20)], { message: M.classUnknown }),
  customerName: line({ message: M.nameRequired }).max(200, "errors:invalidValue").optional(),
  customerEmail: line({ message: M.emailInvalid }).max(254, M.emailInvalid).optional(),
  language: z.enum(["en", "fr"]).optional(),
  /** The token of a waiting-list offer link: the seat it holds is paid for, by the person it was offered to. */
  offer: z.string({ message: "waitlist:errors.invalidOffer" }).max(100, "waitlist:errors.invalidOffer").optional(),
});

/** The guest who pays for a seat: a name and a valid e-mail, both required. */
export const enrolleeSchema = z.object({
  customerName: line({ message: M.nameRequired }).trim().min(1, M.nameRequired).max(200, "errors:invalidValue"),
  customerEmail: line({ message: M.emailInvalid })
    .trim()
    .toLowerCase()
    .max(254, M.emailInvalid)
    .pipe(z.email(M.emailInvalid)),
});
export type EnrolleeInput = z.input<typeof enrolleeSchema>;

/** The seat POST /api/create-class-payment-intent holds, as the payment page shows it (the server's price). */
export interface HeldEnrollment {
  enrollmentId: string;
  orderId: string;
  classId: number;
  title: string;
  amountCents: number;
  reservedUntil: string;
  customerName: string;
  customerEmail: string;
}
