import { and, desc, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Transaction } from "../../db/client.server.ts";
import { plans, subscriptionInvoices, subscriptions } from "../../db/schema/subscriptions.ts";
import { users } from "../../db/schema/users.ts";
import { DomainError, parseOrThrow } from "../errors.ts";
import { hasControlCharacters } from "../text.ts";
import type { Language } from "../i18n/language.ts";
import { renderEmail, signOff } from "../mail/rules.ts";
import { formatCents } from "../money/money.ts";
import type { PaymentEvent } from "../payments/provider.ts";
import { formatDueDate } from "../instalments/emails.ts";
import type { CheckoutDeps } from "./service.server.ts";

export const SUBSCRIPTION_MESSAGES = {
  unknownPlan: "payments:subscription.unknownPlan",
  nameRequired: "payments:subscription.nameRequired",
  emailInvalid: "payments:subscription.emailInvalid",
  notFound: "payments:subscription.notFound",
  cannotCancel: "payments:subscription.cannotCancel",
  cannotRenew: "payments:subscription.cannotRenew",
  alreadyActive: "payments:subscription.alreadyActive",
} as const;

const M = SUBSCRIPTION_MESSAGES;

export const SUBSCRIPTION_STATUSES = ["incomplete", "active", "past_due", "cancelled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export type SubscriptionEvent = "invoice_paid" | "invoice_failed" | "cancelled";

/**
 * A subscription's next status (pure): a paid invoice activates (or re-activates a past_due one); a
 * failed renewal makes an active one past_due (a failed first invoice leaves it incomplete); cancelled
 * is final, whatever arrives after it.
 */
export function nextSubscriptionStatus(from: SubscriptionStatus, event: SubscriptionEvent): SubscriptionStatus {
  if (from === "cancelled") return "cancelled";
  if (event === "cancelled") return "cancelled";
  if (event === "invoice_paid") return "active";
  return from === "active" ? "past_due" : from;
}

/** POST /api/get-or-create-subscription: the values typed in the form (decision 5), and the plan by name. */
export const subscriptionRequestSchema = z.strictObject({
  name: z.string({ message: M.nameRequired }).trim().min(1, M.nameRequired).max(200, "errors:invalidValue"),
  email: z.string({ message: M.emailInvalid }).trim().max(254, M.emailInvalid).pipe(z.email(M.emailInvalid)),
  // The documents' priceId names the plan; the price itself is always the plan's (decision 4).
  priceId: z.string().trim().max(100).optional(),
  plan: z.string().trim().max(100).optional(),
  language: z.enum(["en", "fr"]).optional(),
});

export interface PlanView {
  name: string;
  priceCents: number;
  description: string;
  features: string[];
}

export interface SubscriptionView {
  id: string;
  plan: string;
  priceCents: number;
  customerEmail: string;
  customerName: string;
  status: SubscriptionStatus;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  createdAt: string;
  invoices: Array<{ id: string; amountCents: number; status: string; periodEnd: string | null }>;
}

type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * Subscriptions (specification 001, sections 2, 4, 7): records of ours, created incomplete with the
 * provider's subscription, then moved only by verified events (first invoice paid: active; renewal paid:
 * period extended and a receipt; renewal failed: past_due and an e-mail; deleted: cancelled).
 */
export class Subscriptions {
  private readonly d: CheckoutDeps;
  private readonly db: Database;
  private readonly handleWebhook: (rawBody: string, signature: string) => Promise<unknown>;

  constructor(deps: CheckoutDeps, db: Database, handleWebhook: (rawBody: string, signature: string) => Promise<unknown>) {
    this.d = deps;
    this.db = db;
    this.handleWebhook = handleWebhook;
  }

  private async planRow(name: string) {
    // A plan's name is plain text: anything else (control characters, a NUL the database refuses) is no plan.
    if (name.length > 100 || hasControlCharacters(name) || /[\r\n\t]/.test(name)) throw new DomainError("not_found", M.unknownPlan, { params: { plan: "" } });
    const [row] = await this.db.select().from(plans).where(and(sql`lower(${plans.name}) = ${name.toLowerCase()}`, eq(plans.active, true)));
    if (!row) throw new DomainError("not_found", M.unknownPlan, { params: { plan: name } });
    return row;
  }

  /** A plan by its name, in the page's language; 404 for an unknown plan. */
  async plan(name: string, language: Language): Promise<PlanView> {
    const row = await this.planRow(name);
    return { name: row.name, priceCents: row.priceCents, description: language === "fr" ? row.descriptionFr : row.descriptionEn, features: language === "fr" ? row.featuresFr : row.featuresEn };
  }

  /**
   * The subscription of this e-mail to this plan: the live one when it exists (a second call creates
   * nothing), else a new one with the provider. Answers the first invoice's client secret while unpaid.
   */
  async getOrCreate(input: unknown, context: { language: Language; userId?: string | null }): Promise<{ clientSecret: string | null; subscriptionId: string; status: SubscriptionStatus; provider: string; publishableKey: string | null }> {
    const request = parseOrThrow(subscriptionRequestSchema, input);
    const plan = await this.planRow(request.plan ?? request.priceId ?? "Professional");
    const live = () => this.db.select().from(subscriptions).where(and(sql`lower(${subscriptions.customerEmail}) = ${request.email.toLowerCase()}`, eq(subscriptions.planId, plan.id), ne(subscriptions.status, "cancelled")));
    let [row] = await live();
    if (!row) {
      [row] = await this.db
        .insert(subscriptions)
        .values({ planId: plan.id, userId: context.userId ?? null, customerEmail: request.email, customerName: request.name, language: request.language ?? context.language, provider: this.d.provider.name })
        .onConflictDoNothing()
        .returning();
      row ??= (await live())[0];
    }
    const answer = (current: SubscriptionRow) => ({ clientSecret: current.status === "incomplete" ? current.clientSecret : null, subscriptionId: current.id, status: current.status as SubscriptionStatus, provider: this.d.provider.name, publishableKey: this.d.provider.publishableKey });
    if (row.providerSubscriptionId && row.clientSecret) return answer(row);
    let created;
    try {
      created = await this.d.provider.createSubscription({ subscriptionId: row.id, planName: plan.name, customerEmail: row.customerEmail, customerName: row.customerName, priceCents: plan.priceCents, stripePriceId: plan.stripePriceId, idempotencyKey: `subscription-${row.id}` });
    } catch (error) {
      this.d.warn?.("subscription creation failed", { subscriptionId: row.id, error: String(error) });
      throw new DomainError("conflict", "orders:errors.providerUnavailable");
    }
    const [updated] = await this.db
      .update(subscriptions)
      .set({ providerSubscriptionId: created.providerSubscriptionId, providerCustomerId: created.customerId, clientSecret: created.clientSecret, updatedAt: new Date() })
      .where(eq(subscriptions.id, row.id))
      .returning();
    if (created.priceId && created.priceId !== plan.stripePriceId) {
      await this.db.update(plans).set({ stripePriceId: created.priceId }).where(eq(plans.id, plan.id));
    }
    // A signed-in customer's account keeps its Stripe ids too, so that staff and later purchases find them.
    if (row.userId && this.d.provider.name === "stripe") {
      await this.db.update(users).set({ stripeCustomerId: created.customerId, stripeSubscriptionId: created.providerSubscriptionId, updatedAt: new Date() }).where(eq(users.id, row.userId));
    }
    return answer(updated);
  }

  /** Applies a verified subscription event inside the transaction that records it. */
  async apply(tx: Transaction, event: PaymentEvent): Promise<void> {
    const facts = event.subscription;
    if (!facts) return;
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, facts.subscriptionId)).for("update");
    if (!row) return;
    const from = row.status as SubscriptionStatus;
    if (event.kind === "subscription_cancelled") {
      if (from !== "cancelled") await tx.update(subscriptions).set({ status: "cancelled", cancelledAt: new Date(), clientSecret: null, updatedAt: new Date() }).where(eq(subscriptions.id, row.id));
      return;
    }
    if (event.kind !== "invoice_paid" && event.kind !== "invoice_failed") return;
    const paid = event.kind === "invoice_paid";
    if (facts.invoiceId) {
      const inserted = await tx
        .insert(subscriptionInvoices)
        .values({ id: facts.invoiceId, subscriptionId: row.id, amountCents: facts.amountCents, status: paid ? "paid" : "failed", periodStart: facts.periodStart, periodEnd: facts.periodEnd })
        .onConflictDoUpdate({ target: subscriptionInvoices.id, set: { status: paid ? "paid" : sql`${subscriptionInvoices.status}` } })
        .returning({ status: subscriptionInvoices.status, createdAt: subscriptionInvoices.createdAt });
      void inserted;
    }
    const to = nextSubscriptionStatus(from, paid ? "invoice_paid" : "invoice_failed");
    // Out of order, a period never goes back: the latest end seen is kept.
    const periodEnd = paid && facts.periodEnd && (!row.currentPeriodEnd || facts.periodEnd > row.currentPeriodEnd) ? facts.periodEnd : row.currentPeriodEnd;
    const periodStart = periodEnd !== row.currentPeriodEnd ? facts.periodStart : row.currentPeriodStart;
    await tx.update(subscriptions).set({ status: to, currentPeriodEnd: periodEnd, currentPeriodStart: periodStart, ...(paid ? { clientSecret: null } : {}), updatedAt: new Date() }).where(eq(subscriptions.id, row.id));
    if (from === "cancelled") return;
    const [plan] = await tx.select().from(plans).where(eq(plans.id, row.planId));
    if (paid) await this.mail(tx, row, "receipt", { amount: formatCents(facts.amountCents), plan: plan?.name ?? "", date: periodEnd ? formatDueDate(periodEnd.toISOString(), row.language === "fr" ? "fr" : "en") : "" });
    else if (from === "active" || from === "past_due") await this.mail(tx, row, "failed", { amount: formatCents(facts.amountCents), plan: plan?.name ?? "", reason: event.failureMessage ?? "" });
  }

  private async mail(tx: Transaction, row: SubscriptionRow, kind: "receipt" | "failed", params: Record<string, string>) {
    const lang = row.language === "fr" ? "fr" : "en";
    const t = (key: string, extra?: Record<string, unknown>) => this.d.translate(lang, key, { company: this.d.company.name, ...params, ...extra });
    const rendered = renderEmail({
      language: lang,
      subject: t(`mail:subscription.${kind}Subject`),
      greeting: t("mail:orderReceipt.greeting", { name: row.customerName.split(/\s+/)[0] }),
      paragraphs: [t(`mail:subscription.${kind}Intro`)],
      details: [],
      after: [t(`mail:subscription.${kind}Next`, { email: this.d.company.email })],
      closing: signOff(this.d.translate, lang, this.d.company),
    });
    await this.d.mail.enqueue({ to: row.customerEmail, subject: rendered.subject, text: rendered.text, html: rendered.html, kind: `subscription.${kind}` }, tx);
  }

  /** Staff's list, newest first, with each one's invoices. */
  async list(): Promise<SubscriptionView[]> {
    const rows = await this.db.select({ s: subscriptions, plan: plans }).from(subscriptions).innerJoin(plans, eq(plans.id, subscriptions.planId)).orderBy(desc(subscriptions.createdAt)).limit(200);
    const invoices = await this.db.select().from(subscriptionInvoices).orderBy(desc(subscriptionInvoices.createdAt));
    return rows.map(({ s, plan }) => ({
      id: s.id,
      plan: plan.name,
      priceCents: plan.priceCents,
      customerEmail: s.customerEmail,
      customerName: s.customerName,
      status: s.status as SubscriptionStatus,
      currentPeriodEnd: s.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      createdAt: s.createdAt.toISOString(),
      invoices: invoices.filter((invoice) => invoice.subscriptionId === s.id).map((invoice) => ({ id: invoice.id, amountCents: invoice.amountCents, status: invoice.status, periodEnd: invoice.periodEnd?.toISOString() ?? null })),
    }));
  }

  private async find(id: string): Promise<SubscriptionRow> {
    const valid = /^[0-9a-f-]{36}$/.test(id) ? id : null;
    const [row] = valid ? await this.db.select().from(subscriptions).where(eq(subscriptions.id, valid)) : [];
    if (!row) throw new DomainError("not_found", M.notFound);
    return row;
  }

  /** Staff cancel through the provider, now or at the period's end; the provider's event ends it. */
  async cancel(id: string, atPeriodEnd: boolean): Promise<void> {
    const row = await this.find(id);
    if (row.status === "cancelled" || !row.providerSubscriptionId) throw new DomainError("conflict", M.cannotCancel);
    await this.d.provider.cancelSubscription(row.providerSubscriptionId, atPeriodEnd);
    if (atPeriodEnd) {
      await this.db.update(subscriptions).set({ cancelAtPeriodEnd: true, updatedAt: new Date() }).where(eq(subscriptions.id, row.id));
      return;
    }
    if (this.d.sandbox) {
      const event = await this.d.sandbox.cancellationEvent(row.providerSubscriptionId);
      await this.handleWebhook(event.rawBody, event.signature);
    }
  }

  /**
   * The sandbox's clock moved to the period's end: the renewal invoice is charged (or declined) and its
   * event goes through the webhook path, as Stripe's would. A subscription cancelled at period end ends instead.
   */
  async renewInSandbox(id: string): Promise<void> {
    const sandbox = this.d.sandbox;
    if (!sandbox) throw new DomainError("not_found", "orders:errors.sandboxOff");
    const row = await this.find(id);
    if ((row.status !== "active" && row.status !== "past_due") || !row.providerSubscriptionId) throw new DomainError("conflict", M.cannotRenew);
    const event = row.cancelAtPeriodEnd
      ? await sandbox.cancellationEvent(row.providerSubscriptionId)
      : await sandbox.renewSubscription(row.providerSubscriptionId, (await this.db.select().from(plans).where(eq(plans.id, row.planId)))[0].priceCents, row.currentPeriodEnd ?? new Date());
    await this.handleWebhook(event.rawBody, event.signature);
  }

  /** The public state of a subscription, for its success page. */
  async status(id: string): Promise<{ status: SubscriptionStatus }> {
    return { status: (await this.find(id)).status as SubscriptionStatus };
  }
}
