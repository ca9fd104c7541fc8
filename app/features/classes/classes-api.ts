import type { HeldEnrollment } from "../../../core/classes/enrollment-schema.ts";
import type { PublicClass } from "../../../core/classes/schema.ts";
import { api } from "../../lib/api.ts";
import type { PaymentIntentView } from "../../lib/orders-api.ts";

/** POST /api/create-class-payment-intent's answer: the intent of the class's price and the held seat. */
export interface ClassPaymentAnswer extends PaymentIntentView {
  enrollment: HeldEnrollment;
}

/** Holds a seat and starts paying for it; a guest names themselves, a signed-in person is the account. */
export function createClassPayment(input: {
  classId: string;
  customerName?: string;
  customerEmail?: string;
  language: string;
  offer?: string;
}): Promise<ClassPaymentAnswer> {
  return api<ClassPaymentAnswer>("/api/create-class-payment-intent", { json: input });
}

/** A class as the server has it now (its price included), in the page's language. */
export function fetchClass(id: string, language: string, signal?: AbortSignal): Promise<PublicClass> {
  return api<PublicClass>(`/api/classes/${encodeURIComponent(id)}?language=${language}`, { signal });
}
