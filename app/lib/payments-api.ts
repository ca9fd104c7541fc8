import { api } from "./api.ts";
import type { InstalmentView } from "../../core/orders/schema.ts";
import type { PaymentIntentView } from "./orders-api.ts";

export interface CustomPaymentRequest {
  amount: number;
  paymentPlan: string;
  serviceName: string;
  customerName: string;
  customerEmail: string;
  language: string;
}

/** POST /api/create-custom-payment's answer: the first instalment's intent and the payment's data. */
export interface CustomPaymentAnswer extends PaymentIntentView {
  paymentData: {
    orderId: string;
    amount: number;
    paymentPlan: string;
    serviceName: string;
    schedule: InstalmentView[];
  };
}

export function createCustomPayment(input: CustomPaymentRequest): Promise<CustomPaymentAnswer> {
  return api<CustomPaymentAnswer>("/api/create-custom-payment", { json: input });
}

export interface BankVerifyRequest {
  accountNumber: string;
  routingNumber: string;
  accountHolderName: string;
  customerEmail: string;
  customerName: string;
}

export function verifyBankAccount(
  input: BankVerifyRequest,
): Promise<{ success: true; message: string; bankAccountId: string; last4: string }> {
  return api("/api/verify-bank-account", { json: input });
}

export function createAchPayment(input: {
  amount: number;
  customerEmail: string;
  customerName: string;
  serviceName: string;
  bankAccountId: string;
  language: string;
}): Promise<{ success: true; message: string; orderId: string }> {
  return api("/api/create-ach-payment", { json: input });
}

/** Asks the server to send this browser's order's receipt (a failure is ignored by the caller). */
export function sendReceipt(orderId: string): Promise<unknown> {
  return api("/api/send-receipt", { json: { orderId } });
}

/** What a class enrolment leaves in the browser session for /payment (the classes feature writes it). */
export const CLASS_ENROLLMENT_KEY = "atelier.classEnrollment";

export interface ClassEnrollmentData {
  classId: string;
  serviceName: string;
  amount: number;
  returnUrl: string;
  /** A seat held from the waiting list: the token of its offer link, and whom it is held for. */
  offer?: SeatOfferHold;
}

/** A waiting-list offer as /payment carries it to POST /api/create-class-payment-intent. */
export interface SeatOfferHold {
  token: string;
  name: string;
  email: string;
}

function offerOf(value: unknown): SeatOfferHold | undefined {
  const offer = value as Partial<SeatOfferHold> | null | undefined;
  return offer && typeof offer.token === "string" && typeof offer.name === "string" && typeof offer.email === "string"
    ? { token: offer.token, name: offer.name, email: offer.email }
    : undefined;
}

/** The stored class enrolment, or null when none (or an unreadable one) is stored. */
export function readClassEnrollment(): ClassEnrollmentData | null {
  try {
    const raw = typeof sessionStorage === "undefined" ? null : sessionStorage.getItem(CLASS_ENROLLMENT_KEY);
    if (!raw) return null;
    const data = JSON.parse(raw) as Partial<ClassEnrollmentData>;
    if (
      typeof data.serviceName !== "string" ||
      typeof data.amount !== "number" ||
      typeof data.returnUrl !== "string" ||
      !data.returnUrl.startsWith("/")
    )
      return null;
    const offer = offerOf(data.offer);
    return {
      classId: String(data.classId ?? ""),
      serviceName: data.serviceName,
      amount: data.amount,
      returnUrl: data.returnUrl,
      ...(offer ? { offer } : {}),
    };
  } catch {
    return null;
  }
}

/** Leaves a class enrolment in the browser session for /payment (Enroll Now on a class page). */
export function storeClassEnrollment(data: ClassEnrollmentData): void {
  try {
    sessionStorage.setItem(CLASS_ENROLLMENT_KEY, JSON.stringify(data));
  } catch {
    // Storage refused (private mode, quota): /payment then shows the plain custom payment.
  }
}
