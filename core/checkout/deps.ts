import type { CatalogueService } from "../catalogue/service.server.ts";
import type { EnrollmentService } from "../classes/enrollments.server.ts";
import type { ClassService } from "../classes/service.server.ts";
import type { DealService } from "../deals/service.server.ts";
import type { RetryPolicy } from "../instalments/rules.ts";
import type { JobQueue } from "../jobs/queue.server.ts";
import type { CompanyDetails, Translate } from "../mail/rules.ts";
import type { MailService } from "../mail/service.server.ts";
import type { OrderService } from "../orders/service.server.ts";
import type { PaymentService } from "../payments/service.server.ts";
import type { PromoService } from "../promotions/service.server.ts";
import type { RateLimitService } from "../rate-limit/service.server.ts";
import type { Signing } from "./signing.server.ts";

/** What the checkout workflows share: the modules they compose and the settings of the shop. */
export interface CheckoutDeps {
  orders: OrderService;
  payments: PaymentService;
  catalogue: CatalogueService;
  promotions: PromoService;
  deals: DealService;
  signing: Signing;
  mail: MailService;
  translate: Translate;
  company: CompanyDetails & { address: string };
  publicUrl: string;
  /** The agency's time zone: dates in e-mails and on receipts are its dates. */
  timeZone: string;
  reservationMinutes: number;
  rateLimits: RateLimitService;
  /** Orders one client address may create per 10 minutes (several people's worth: an office shares one). */
  ordersPerAddress: number;
  /** Orders that hold a deal's claims or a class seat one client address may create per hour. */
  holdsPerAddress: number;
  /** Where failures that do not reach the client are reported (a provider call after a commit). */
  warn?: (message: string, details: Record<string, unknown>) => void;
  /** Background jobs: later instalments are charged by them (none in tests that do not start them). */
  jobs?: JobQueue | null;
  /** Attempts and back-off of a failed instalment's charge. */
  instalmentRetry?: RetryPolicy;
  /** Classes and their seats, for paid enrolments (decision 6). */
  classes?: ClassService;
  enrollments?: EnrollmentService;
}

/** What starting a payment answers the browser: the provider's client secret for the server's amount. */
export interface PaymentIntentAnswer {
  clientSecret: string;
  provider: "sandbox" | "stripe";
  publishableKey: string | null;
  amountCents: number;
}

/** The workflows' names, kept on their orders and payments. */
export const WORKFLOWS = {
  cartOrder: "cart_order",
  customPayment: "custom_payment",
  classSeat: "class_seat",
  bankTransfer: "bank_transfer",
  subscription: "subscription",
} as const;
export type WorkflowName = (typeof WORKFLOWS)[keyof typeof WORKFLOWS];
