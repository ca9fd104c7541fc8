import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.server.ts";
import { bankAccounts } from "../../db/schema/instalments.ts";
import { DomainError, parseOrThrow } from "../errors.ts";
import type { Language } from "../i18n/language.ts";
import { CUSTOM_PAYMENT_MESSAGES, isWholeCents, singleAmountOrderFields } from "../instalments/schema.ts";
import { CUSTOM_AMOUNT_MAX_CENTS, CUSTOM_AMOUNT_MIN_CENTS } from "../instalments/rules.ts";
import { accountLast4, BANK_MESSAGES, isValidAccountNumber, isValidRoutingNumber } from "../payments/bank.ts";
import type { SandboxProvider } from "../payments/sandbox.server.ts";
import type { CheckoutDeps } from "./service.server.ts";

const M = BANK_MESSAGES;
const text = (max: number) => z.string({ message: M.missing }).trim().min(1, M.missing).max(max, "errors:invalidValue");

/** POST /api/verify-bank-account (specification 001, section 7): every field required. */
export const verifyBankSchema = z.strictObject({
  accountNumber: z.string({ message: M.missing }).trim().min(1, M.missing).max(40, M.accountInvalid),
  routingNumber: z.string({ message: M.missing }).trim().min(1, M.missing).max(20, M.routingInvalid),
  accountHolderName: text(200),
  customerEmail: text(254).pipe(z.email(M.emailInvalid)),
  customerName: z.string().trim().max(200).optional(),
});

const amountSchema = z.preprocess(
  (value) => (typeof value === "string" && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value),
  z
    .number({ message: CUSTOM_PAYMENT_MESSAGES.amountNumber })
    .min(CUSTOM_AMOUNT_MIN_CENTS / 100, CUSTOM_PAYMENT_MESSAGES.amountMin)
    .max(CUSTOM_AMOUNT_MAX_CENTS / 100, CUSTOM_PAYMENT_MESSAGES.amountMax)
    .refine(isWholeCents, CUSTOM_PAYMENT_MESSAGES.amountStep),
);

/** POST /api/create-ach-payment: the amount checked as a custom payment's, and the verified account. */
export const achPaymentSchema = z.strictObject({
  amount: amountSchema,
  customerEmail: text(254).pipe(z.email(M.emailInvalid)),
  customerName: text(200),
  serviceName: z.string().trim().min(1).max(200).optional(),
  bankAccountId: z.string({ message: M.notVerified }).regex(/^ba_[A-Za-z0-9_-]{16,64}$/, M.notVerified),
  language: z.enum(["en", "fr"]).optional(),
});

export interface BankContext {
  language: Language;
  userId?: string | null;
  /** The visitor's address and browser: the mandate accepted online. */
  ipAddress: string;
  userAgent: string;
  now?: Date;
}

/**
 * Bank transfers (ACH, specification 001, sections 2, 4, 7): a bank account verified (ABA checksum,
 * 4 to 17 digits) and saved with the provider as a us_bank_account method (the full number goes to the
 * provider only, never to our database or logs), then an order debited from it. The order waits in
 * requires_payment ("processing") until the provider's event says the debit succeeded or failed.
 */
export class BankTransfers {
  private readonly d: CheckoutDeps;
  private readonly db: Database;
  private readonly sandbox: SandboxProvider | null;
  private readonly start: (orderId: string) => Promise<void>;

  constructor(deps: CheckoutDeps, db: Database, start: (orderId: string) => Promise<void>) {
    this.d = deps;
    this.db = db;
    this.sandbox = deps.sandbox;
    this.start = start;
  }

  /** Checks and saves a bank account; answers its id (for the payment) and last 4 digits. */
  async verify(input: unknown): Promise<{ bankAccountId: string; last4: string }> {
    const request = parseOrThrow(verifyBankSchema, input);
    const routing = request.routingNumber.replace(/\s/g, "");
    const account = request.accountNumber.replace(/\s/g, "");
    if (!isValidRoutingNumber(routing)) throw new DomainError("validation", M.routingInvalid, { fields: { routingNumber: M.routingInvalid } });
    if (!isValidAccountNumber(account)) throw new DomainError("validation", M.accountInvalid, { fields: { accountNumber: M.accountInvalid } });
    const id = `ba_${randomBytes(18).toString("base64url")}`;
    let saved: { paymentMethodId: string; customerId: string | null };
    try {
      saved = this.sandbox
        ? await this.sandbox.saveBankAccount({ accountNumber: account })
        : await this.d.provider.saveBankAccount({ customerEmail: request.customerEmail, holderName: request.accountHolderName, routingNumber: routing, accountNumber: account, idempotencyKey: id });
    } catch (error) {
      // The provider's message may quote the number: only the last 4 digits are logged.
      this.d.warn?.("bank account verification failed", { last4: accountLast4(account), error: String(error).replaceAll(account, "****") });
      throw new DomainError("conflict", "orders:errors.providerUnavailable");
    }
    const last4 = accountLast4(account);
    await this.db.insert(bankAccounts).values({
      id,
      customerEmail: request.customerEmail,
      holderName: request.accountHolderName,
      routingNumber: routing,
      last4,
      provider: this.d.provider.name,
      providerPaymentMethodId: saved.paymentMethodId,
      providerCustomerId: saved.customerId,
    });
    return { bankAccountId: id, last4 };
  }

  /** Creates the order and its bank debit; answers the order's id (the success page's). */
  async pay(input: unknown, context: BankContext): Promise<{ orderId: string }> {
    const request = parseOrThrow(achPaymentSchema, input);
    const [account] = await this.db.select().from(bankAccounts).where(eq(bankAccounts.id, request.bankAccountId));
    if (!account || !account.verified) throw new DomainError("validation", M.notVerified, { fields: { bankAccountId: M.notVerified } });
    const amountCents = Math.round(request.amount * 100);
    const serviceName = request.serviceName ?? (context.language === "fr" ? "Consultation marketing" : "Marketing Consultation");
    const row = await this.d.orders.insert(
      {
        ...singleAmountOrderFields(request, context, amountCents),
        paymentMethodType: "us_bank_account",
        paymentBrand: "bank",
        paymentLast4: account.last4,
      },
      [{ position: 0, serviceId: "marketing_consultation", serviceName, description: "", pricingType: "custom", unitPriceCents: amountCents, quantity: 1, lineTotalCents: amountCents, serviceData: {} }],
    );
    if (!row) throw new Error("bank transfer order insert returned nothing");
    await this.start(row.id);
    let intent;
    try {
      intent = await this.d.provider.createIntent({
        orderId: row.id,
        amountCents,
        currency: "usd",
        idempotencyKey: `order-${row.id}`,
        bankAccount: { paymentMethodId: account.providerPaymentMethodId, customerId: account.providerCustomerId, mandate: { ipAddress: context.ipAddress, userAgent: context.userAgent.slice(0, 500) || "unknown" } },
      });
    } catch (error) {
      this.d.warn?.("bank debit creation failed", { orderId: row.id, error: String(error) });
      throw new DomainError("conflict", "orders:errors.providerUnavailable");
    }
    await this.d.orders.repo.transaction(async (tx) => {
      const current = await this.d.orders.repo.lock(tx, row.id);
      if (current && current.stripePaymentIntentId !== intent.id) await this.d.orders.repo.update(tx, current, { stripePaymentIntentId: intent.id, paymentProvider: this.d.provider.name });
    });
    return { orderId: row.id };
  }
}
