import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server.ts";
import { bankAccounts } from "../../db/schema/payments.ts";
import { DomainError, parseOrThrow } from "../errors.ts";
import type { Language } from "../i18n/language.ts";
import { singleAmountOrderFields } from "../instalments/schema.ts";
import type { OrderItemRow, OrderRow } from "../orders/repo.server.ts";
import { accountLast4, BANK_MESSAGES, isValidAccountNumber, isValidRoutingNumber } from "../payments/bank.ts";
import { WORKFLOWS, type CheckoutDeps } from "./deps.ts";
import { achPaymentSchema, verifyBankSchema } from "./schema.ts";
import { OrderWorkflow } from "./order-workflow.server.ts";
import type { ChargePlan, PayableOrders } from "./payable-orders.server.ts";

const M = BANK_MESSAGES;

export interface BankContext {
  language: Language;
  userId?: string | null;
  /** The ids the browser's signed cookie lists: the bank accounts it verified among them. */
  owned: readonly string[];
  /** The visitor's address and browser: the mandate accepted online. */
  ipAddress: string;
  userAgent: string;
  now?: Date;
}

/**
 * Bank transfers (ACH, specification 001, sections 2, 4, 7): a bank account verified (ABA checksum,
 * 4 to 17 digits) and saved with the provider as a us_bank_account method (the full number goes to the
 * provider only, never to our database or logs), then an order debited from it. The order is
 * processing until the provider's event says the bank paid or returned the debit.
 */
export class BankTransfers extends OrderWorkflow {
  readonly name = WORKFLOWS.bankTransfer;
  private readonly db: Database;
  private readonly payable: PayableOrders;

  constructor(deps: CheckoutDeps, db: Database, payable: PayableOrders) {
    super(deps);
    this.db = db;
    this.payable = payable;
  }

  /**
   * Checks and saves a bank account; answers its id (for the payment) and last 4 digits. The caller
   * binds the id to the browser (its signed cookie), as it does an order: `pay` debits the account
   * only for that browser and the e-mail it was verified with.
   */
  async verify(input: unknown, address?: string): Promise<{ bankAccountId: string; last4: string }> {
    const request = parseOrThrow(verifyBankSchema, input);
    const routing = request.routingNumber.replace(/\s/g, "");
    const account = request.accountNumber.replace(/\s/g, "");
    if (!isValidRoutingNumber(routing))
      throw new DomainError("validation", M.routingInvalid, { fields: { routingNumber: M.routingInvalid } });
    if (!isValidAccountNumber(account))
      throw new DomainError("validation", M.accountInvalid, { fields: { accountNumber: M.accountInvalid } });
    // Each account sent to the provider counts against the address's budget of orders, as the debit does.
    await this.payable.countOrder(address);
    const id = `ba_${randomBytes(18).toString("base64url")}`;
    let saved: { paymentMethodId: string; customerId: string | null };
    try {
      saved = await this.d.payments.provider.saveBankAccount({
        customerEmail: request.customerEmail,
        holderName: request.accountHolderName,
        routingNumber: routing,
        accountNumber: account,
        idempotencyKey: id,
      });
    } catch (error) {
      // The provider's message may quote the number: only the last 4 digits are logged.
      this.d.warn?.("bank account verification failed", {
        last4: accountLast4(account),
        error: String(error).replaceAll(account, "****"),
      });
      throw new DomainError("conflict", "orders:errors.providerUnavailable");
    }
    const last4 = accountLast4(account);
    await this.db.insert(bankAccounts).values({
      id,
      customerEmail: request.customerEmail,
      holderName: request.accountHolderName,
      routingNumber: routing,
      last4,
      provider: this.d.payments.provider.name,
      providerPaymentMethodId: saved.paymentMethodId,
      providerCustomerId: saved.customerId,
    });
    return { bankAccountId: id, last4 };
  }

  /** Creates the order and its bank debit; answers the order's id (the success page's). */
  async pay(input: unknown, context: BankContext): Promise<{ orderId: string }> {
    const request = parseOrThrow(achPaymentSchema, input);
    const [account] = await this.db.select().from(bankAccounts).where(eq(bankAccounts.id, request.bankAccountId));
    if (!account || !account.verified)
      throw new DomainError("validation", M.notVerified, { fields: { bankAccountId: M.notVerified } });
    // An id is not a key: another browser that learns it, or the same one paying for another e-mail,
    // must verify its own account rather than debit this one.
    const sameEmail = account.customerEmail.toLowerCase() === request.customerEmail.toLowerCase();
    if (!context.owned.includes(account.id) || !sameEmail) {
      throw new DomainError("forbidden", M.notThisBrowser, { fields: { bankAccountId: M.notThisBrowser } });
    }
    await this.payable.countOrder(context.ipAddress);
    const amountCents = Math.round(request.amount * 100);
    const language = request.language ?? context.language;
    const serviceName = request.serviceName ?? this.d.translate(language, "payments:bank.defaultService");
    const row = await this.d.orders.insert(
      { ...singleAmountOrderFields(request, context, amountCents), workflow: this.name },
      [
        {
          position: 0,
          serviceId: "marketing_consultation",
          serviceName,
          description: "",
          pricingType: "custom",
          unitPriceCents: amountCents,
          quantity: 1,
          lineTotalCents: amountCents,
          serviceData: {},
        },
      ],
    );
    if (!row) throw new Error("bank transfer order insert returned nothing");
    const mandate = { ipAddress: context.ipAddress, userAgent: context.userAgent.slice(0, 500) || "unknown" };
    await this.payable.startPayment(this, row.id, context.now, {
      bankAccount: {
        paymentMethodId: account.providerPaymentMethodId,
        customerId: account.providerCustomerId,
        mandate,
      },
    });
    return { orderId: row.id };
  }

  /** The debit: the order's total from the verified account, confirmed with the mandate accepted online. */
  async prepare(
    _tx: Transaction,
    order: OrderRow,
    _items: OrderItemRow[],
    _now: Date,
    given: Partial<ChargePlan>,
  ): Promise<ChargePlan> {
    // A bank transfer is started once, when its order is made (with its account): never again from a browser.
    if (!given.bankAccount) throw new DomainError("conflict", "orders:errors.cannotPay");
    return { part: null, amountCents: order.totalCents, bankAccount: given.bankAccount };
  }
}
