import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server.ts";
import { plans, subscriptions } from "../../db/schema/subscriptions.ts";
import { users } from "../../db/schema/users.ts";
import { DomainError, parseOrThrow } from "../errors.ts";
import type { Language } from "../i18n/language.ts";
import { renderEmail, signOff } from "../mail/rules.ts";
import { formatCents } from "../money/money.ts";
import { formatDay } from "../orders/status-text.ts";
import type { PaymentRow } from "../payments/repo.server.ts";
import type { ChargeStatus } from "../payments/rules.ts";
import type { PaymentWorkflow, SubscriptionHooks } from "../payments/service.server.ts";
import type { ProviderFact } from "../payments/provider.ts";
import { hasControlCharacters } from "../text.ts";
import { spentBudget, type RateLimitRule } from "../rate-limit/rules.ts";
import { WORKFLOWS, type CheckoutDeps } from "./deps.ts";
import { SUBSCRIPTION_MESSAGES, staffSubscriptionQuerySchema, subscriptionRequestSchema } from "./schema.ts";
import { cappedTotal, countLimitFor, offsetOf, type CappedTotal, type PageRequest } from "../paging/rules.ts";
import { staffSearchOf } from "../paging/search.ts";
import { countUpTo, staffSearchCondition } from "../../db/staff-search.server.ts";

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

export interface PlanView {
  name: string;
  priceCents: number;
  description: string;
  features: string[];
}

/** One invoice of a subscription: what was charged, for which month, and how it went. */
export interface InvoiceView {
  id: string;
  amountCents: number;
  status: "paid" | "failed" | "refunded" | "pending";
  periodStart: string | null;
  periodEnd: string | null;
  paidAt: string | null;
  brand: string | null;
  last4: string | null;
  failureMessage: string | null;
}

/** A subscription as its subscriber (through the signed link) and staff see it. */
export interface SubscriptionView {
  id: string;
  plan: string;
  priceCents: number;
  customerEmail: string;
  customerName: string;
  language: "en" | "fr";
  status: SubscriptionStatus;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** The next charge and its date, while the subscription renews. */
  nextCharge: { amountCents: number; date: string } | null;
  createdAt: string;
  invoices: InvoiceView[];
}

type SubscriptionRow = typeof subscriptions.$inferSelect;
type PlanRow = typeof plans.$inferSelect;

function invoiceView(payment: PaymentRow, refunds: PaymentRow[]): InvoiceView {
  const refunded = refunds
    .filter((refund) => refund.refundOf === payment.id && refund.status === "succeeded")
    .reduce((total, refund) => total + refund.amountCents, 0);
  const status =
    payment.status === "succeeded"
      ? refunded >= payment.amountCents
        ? "refunded"
        : "paid"
      : payment.status === "failed"
        ? "failed"
        : "pending";
  return {
    id: payment.id,
    amountCents: payment.amountCents,
    status,
    periodStart: payment.periodStart?.toISOString() ?? null,
    periodEnd: payment.periodEnd?.toISOString() ?? null,
    paidAt: payment.status === "succeeded" ? (payment.settledAt?.toISOString() ?? null) : null,
    brand: payment.brand,
    last4: payment.last4,
    failureMessage: payment.failureMessage,
  };
}

/**
 * Subscriptions (specification 001, sections 2, 4, 7): records of ours, created incomplete with the
 * provider's subscription, then moved only by verified events (an invoice paid: active, its period
 * extended, a receipt; an invoice refused: past_due and an e-mail; set to end at the period's end, or
 * not; ended: cancelled). Each invoice is a payment. The subscriber manages it without an account
 * through the signed link every subscription e-mail carries.
 */
/** What starting (or resuming) a subscription answers the browser that started it. */
export interface SubscriptionAnswer {
  clientSecret: string | null;
  subscriptionId: string;
  status: SubscriptionStatus;
  provider: string;
  publishableKey: string | null;
  manageToken: string;
}

export class Subscriptions implements PaymentWorkflow, SubscriptionHooks {
  readonly name = WORKFLOWS.subscription;
  private readonly d: CheckoutDeps;
  private readonly db: Database;

  /** Links to an existing subscription e-mailed to one address, and new attempts from one client address. */
  private readonly linkBudget: RateLimitRule = { name: "subscriptions:link", limit: 3, windowMs: 60 * 60_000 };
  private readonly attemptBudget: RateLimitRule;

  constructor(deps: CheckoutDeps, db: Database) {
    this.d = deps;
    this.db = db;
    this.attemptBudget = { name: "subscriptions:address", limit: deps.ordersPerAddress, windowMs: 10 * 60_000 };
  }

  private async planRow(name: string): Promise<PlanRow> {
    // A plan's name is plain text: anything else (control characters, a NUL the database refuses) is no plan.
    if (name.length > 100 || hasControlCharacters(name) || /[\r\n\t]/.test(name))
      throw new DomainError("not_found", M.unknownPlan, { params: { plan: "" } });
    const [row] = await this.db
      .select()
      .from(plans)
      .where(and(sql`lower(${plans.name}) = ${name.toLowerCase()}`, eq(plans.active, true)));
    if (!row) throw new DomainError("not_found", M.unknownPlan, { params: { plan: name } });
    return row;
  }

  /** A plan by its name, in the page's language; 404 for an unknown plan. */
  async plan(name: string, language: Language): Promise<PlanView> {
    const row = await this.planRow(name);
    return {
      name: row.name,
      priceCents: row.priceCents,
      description: language === "fr" ? row.descriptionFr : row.descriptionEn,
      features: language === "fr" ? row.featuresFr : row.featuresEn,
    };
  }

  /**
   * The subscription of this e-mail to this plan, for the browser that started it (its signed cookie
   * lists it: `owned`) or the account it was started from: the live one when it exists (a second call
   * creates nothing), else a new one with the provider. Answers the first invoice's client secret while
   * unpaid, and the signed token of its management page. Another browser naming the same e-mail learns
   * nothing of it (no id, status or secret): the link to manage it is e-mailed to that address instead,
   * at most three times an hour, and the answer says only that.
   */
  async getOrCreate(
    input: unknown,
    context: {
      language: Language;
      userId?: string | null;
      owned?: readonly string[];
      address?: string;
      /**
       * Makes a new subscription this browser's before the provider is asked: when the provider cannot be
       * reached, the same browser asking again carries on with it instead of being sent a link to it.
       */
      claim?: (subscriptionId: string) => Promise<void>;
    },
  ): Promise<SubscriptionAnswer | { emailed: true }> {
    const request = parseOrThrow(subscriptionRequestSchema, input);
    const plan = await this.planRow(request.plan ?? request.priceId ?? "Professional");
    const live = () =>
      this.db
        .select()
        .from(subscriptions)
        .where(
          and(
            sql`lower(${subscriptions.customerEmail}) = ${request.email.toLowerCase()}`,
            eq(subscriptions.planId, plan.id),
            ne(subscriptions.status, "cancelled"),
          ),
        );
    let [row] = await live();
    if (row && !context.owned?.includes(row.id) && !(row.userId && row.userId === context.userId)) {
      const decision = await this.d.rateLimits.hit(this.linkBudget, row.customerEmail.toLowerCase());
      if (decision.allowed) await this.mail(null, row, "link", null);
      return { emailed: true };
    }
    if (!row) {
      await this.countAttempt(context.address);
      const [inserted] = await this.db
        .insert(subscriptions)
        .values({
          planId: plan.id,
          userId: context.userId ?? null,
          customerEmail: request.email,
          customerName: request.name,
          language: request.language ?? context.language,
          provider: this.d.payments.provider.name,
        })
        .onConflictDoNothing()
        .returning();
      if (inserted) await context.claim?.(inserted.id);
      // Else another request made it at the same moment (a double click): the same answer for both.
      row = inserted ?? (await live())[0];
    }
    const provider = this.d.payments.provider;
    const answer = (current: SubscriptionRow) => this.answerOf(current);
    if (row.providerSubscriptionId && row.clientSecret) return answer(row);
    let created;
    try {
      created = await provider.createSubscription({
        subscriptionId: row.id,
        planName: plan.name,
        customerEmail: row.customerEmail,
        customerName: row.customerName,
        priceCents: plan.priceCents,
        providerPriceId: plan.stripePriceId,
        idempotencyKey: `subscription-${row.id}`,
      });
    } catch (error) {
      this.d.warn?.("subscription creation failed", { subscriptionId: row.id, error: String(error) });
      throw new DomainError("conflict", "orders:errors.providerUnavailable");
    }
    const [updated] = await this.db
      .update(subscriptions)
      .set({
        providerSubscriptionId: created.providerSubscriptionId,
        providerCustomerId: created.customerId,
        clientSecret: created.clientSecret,
        updatedAt: new Date(),
      })
      .where(eq(subscriptions.id, row.id))
      .returning();
    if (created.priceId && created.priceId !== plan.stripePriceId) {
      await this.db.update(plans).set({ stripePriceId: created.priceId }).where(eq(plans.id, plan.id));
    }
    // A signed-in customer's account keeps its Stripe ids too, so that staff and later purchases find them.
    if (row.userId && provider.name === "stripe") {
      await this.db
        .update(users)
        .set({
          stripeCustomerId: created.customerId,
          stripeSubscriptionId: created.providerSubscriptionId,
          updatedAt: new Date(),
        })
        .where(eq(users.id, row.userId));
    }
    return answer(updated);
  }

  // ---- What the payments module calls ----

  async subjectOf(
    tx: Transaction,
    providerSubscriptionId: string,
  ): Promise<{ workflow: string; subjectId: string; amountCents: number } | null> {
    const [row] = await tx
      .select({ id: subscriptions.id, priceCents: plans.priceCents })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
    return row ? { workflow: this.name, subjectId: row.id, amountCents: row.priceCents } : null;
  }

  /** An invoice was paid or refused (its payment moved): the subscription's status and period, and its e-mail. */
  async chargeMoved(tx: Transaction, invoice: PaymentRow, from: ChargeStatus): Promise<void> {
    if (invoice.status !== "succeeded" && invoice.status !== "failed") return;
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, invoice.subjectId)).for("update");
    if (!row) return;
    const before = row.status as SubscriptionStatus;
    const paid = invoice.status === "succeeded";
    const to = nextSubscriptionStatus(before, paid ? "invoice_paid" : "invoice_failed");
    // Out of order, a period never goes back: the latest end seen is kept.
    const periodEnd =
      paid && invoice.periodEnd && (!row.currentPeriodEnd || invoice.periodEnd > row.currentPeriodEnd)
        ? invoice.periodEnd
        : row.currentPeriodEnd;
    const periodStart = periodEnd !== row.currentPeriodEnd ? invoice.periodStart : row.currentPeriodStart;
    const [updated] = await tx
      .update(subscriptions)
      .set({
        status: to,
        currentPeriodEnd: periodEnd,
        currentPeriodStart: periodStart,
        ...(paid ? { clientSecret: null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(subscriptions.id, row.id))
      .returning();
    if (before === "cancelled") return;
    if (paid && from !== "succeeded") await this.mail(tx, updated, "receipt", invoice);
    // A failed first invoice is shown on the page the subscriber is on; a failed renewal is e-mailed.
    else if (!paid && (before === "active" || before === "past_due")) await this.mail(tx, updated, "failed", invoice);
  }

  async refundMoved(): Promise<void> {
    // An invoice refunded from the provider's dashboard shows on the subscription's invoices; nothing else changes.
  }

  /** The provider says the subscription will end at its period's end (or no longer), or has ended. */
  async changed(
    tx: Transaction,
    subjectId: string,
    fact: Extract<ProviderFact, { kind: "subscription" }>,
  ): Promise<void> {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subjectId)).for("update");
    if (!row || row.status === "cancelled") return;
    if (fact.ended) {
      const [ended] = await tx
        .update(subscriptions)
        .set({ status: "cancelled", cancelledAt: new Date(), clientSecret: null, updatedAt: new Date() })
        .where(eq(subscriptions.id, row.id))
        .returning();
      if (row.status !== "incomplete") await this.mail(tx, ended, "ended", null);
      return;
    }
    if (fact.cancelAtPeriodEnd === row.cancelAtPeriodEnd) return;
    const [updated] = await tx
      .update(subscriptions)
      .set({
        cancelAtPeriodEnd: fact.cancelAtPeriodEnd,
        ...(fact.currentPeriodEnd && !row.currentPeriodEnd ? { currentPeriodEnd: fact.currentPeriodEnd } : {}),
        updatedAt: new Date(),
      })
      .where(eq(subscriptions.id, row.id))
      .returning();
    await this.mail(tx, updated, fact.cancelAtPeriodEnd ? "cancelScheduled" : "resumed", null);
  }

  /** Counts a new subscription attempt against the client address's budget (429 past it), as orders are. */
  private async countAttempt(address: string | undefined): Promise<void> {
    if (address === undefined) return;
    const decision = await this.d.rateLimits.hit(this.attemptBudget, address);
    if (!decision.allowed) throw spentBudget("orders:errors.tooManyOrders", decision);
  }

  /** A subscription's e-mail, in the transaction that moved it (null: none, a link asked for). */
  private async mail(
    tx: Transaction | null,
    row: SubscriptionRow,
    kind: "receipt" | "failed" | "cancelScheduled" | "resumed" | "ended" | "link",
    invoice: PaymentRow | null,
  ) {
    const lang = row.language === "fr" ? "fr" : "en";
    const [plan] = await (tx ?? this.db).select().from(plans).where(eq(plans.id, row.planId));
    const token = await this.d.signing.subscriptionToken(row.id);
    const manageUrl = `${this.d.publicUrl}${lang === "fr" ? "/fr" : ""}/subscription/${token}`;
    const day = (date: Date | null) => (date ? formatDay(date.toISOString(), lang, this.d.timeZone) : "");
    const params = {
      company: this.d.company.name,
      plan: plan?.name ?? "",
      amount: formatCents(invoice?.amountCents ?? plan?.priceCents ?? 0),
      date: day(row.currentPeriodEnd),
      reason: invoice?.failureMessage ?? this.d.translate(lang, "mail:instalments.noReason"),
      email: this.d.company.email,
    };
    const t = (key: string) => this.d.translate(lang, key, params);
    const receiptUrl =
      invoice && kind === "receipt"
        ? `${this.d.publicUrl}/api/subscriptions/manage/${token}/invoices/${invoice.id}.pdf`
        : null;
    const rendered = renderEmail({
      language: lang,
      subject: t(`mail:subscription.${kind}Subject`),
      greeting: this.d.translate(lang, "mail:orderReceipt.greeting", { name: row.customerName.split(/\s+/)[0] }),
      paragraphs: [t(`mail:subscription.${kind}Intro`)],
      details: [
        {
          label: t("mail:subscription.planLabel"),
          value: `${params.plan} · ${this.d.translate(lang, "payments:subscription.perMonth", { price: formatCents(plan?.priceCents ?? 0) })}`,
        },
        ...(kind === "receipt" && invoice
          ? [{ label: t("mail:subscription.chargedLabel"), value: params.amount }]
          : []),
        ...(receiptUrl ? [{ label: t("mail:subscription.receiptLabel"), value: receiptUrl }] : []),
        ...(row.status === "active" && !row.cancelAtPeriodEnd && row.currentPeriodEnd
          ? [
              {
                label: t("mail:subscription.nextChargeLabel"),
                value: `${formatCents(plan?.priceCents ?? 0)} · ${params.date}`,
              },
            ]
          : []),
      ],
      action: { label: t("mail:subscription.manage"), url: manageUrl },
      after: [t(`mail:subscription.${kind}Next`)],
      closing: signOff(this.d.translate, lang, this.d.company),
    });
    // A mail's kind is lower-case (core/mail/schema.ts): "subscription.cancel_scheduled".
    const mailKind = `subscription.${kind.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`;
    await this.d.mail.enqueue(
      { to: row.customerEmail, subject: rendered.subject, text: rendered.text, html: rendered.html, kind: mailKind },
      tx ?? undefined,
    );
  }

  // ---- Reading ----

  private async views(rows: Array<{ s: SubscriptionRow; plan: PlanRow }>): Promise<SubscriptionView[]> {
    const payments = await this.d.payments.ofSubjects(rows.map((row) => row.s.id));
    return rows.map(({ s, plan }) => {
      const mine = payments.filter((payment) => payment.subjectId === s.id);
      const invoices = mine.filter((payment) => payment.kind === "charge").reverse();
      const renews = s.status === "active" && !s.cancelAtPeriodEnd && s.currentPeriodEnd;
      return {
        id: s.id,
        plan: plan.name,
        priceCents: plan.priceCents,
        customerEmail: s.customerEmail,
        customerName: s.customerName,
        language: s.language === "fr" ? "fr" : "en",
        status: s.status as SubscriptionStatus,
        currentPeriodEnd: s.currentPeriodEnd?.toISOString() ?? null,
        cancelAtPeriodEnd: s.cancelAtPeriodEnd,
        nextCharge: renews ? { amountCents: plan.priceCents, date: s.currentPeriodEnd!.toISOString() } : null,
        createdAt: s.createdAt.toISOString(),
        invoices: invoices.map((invoice) => invoiceView(invoice, mine)),
      };
    });
  }

  /**
   * Staff's list, newest first, with each one's invoices, a page at a time: searched by any part of the
   * e-mail or name (accents and case ignored; one or two characters, the start of the e-mail), counted up
   * to COUNT_CAP (docs/decisions/0036-lists-a-page-at-a-time.md).
   */
  async list(query: unknown = {}): Promise<{ items: SubscriptionView[]; request: PageRequest; counted: CappedTotal }> {
    const { q, page, limit } = parseOrThrow(staffSubscriptionQuerySchema, query);
    const request = { page, limit };
    const search = staffSearchOf(q);
    const where = search
      ? staffSearchCondition(search, subscriptions.searchText, [sql`lower(${subscriptions.customerEmail})`])
      : undefined;
    const [rows, counted] = await Promise.all([
      this.db
        .select({ s: subscriptions, plan: plans })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(where)
        .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
        .limit(limit)
        .offset(offsetOf(request)),
      countUpTo(this.db, subscriptions, where, countLimitFor(request)),
    ]);
    return { items: await this.views(rows), request, counted: cappedTotal(counted, request) };
  }

  private async find(id: string): Promise<SubscriptionRow> {
    const valid = /^[0-9a-f-]{36}$/.test(id) ? id : null;
    const [row] = valid ? await this.db.select().from(subscriptions).where(eq(subscriptions.id, valid)) : [];
    if (!row) throw new DomainError("not_found", M.notFound);
    return row;
  }

  /** One subscription's view by id (staff). */
  async get(id: string): Promise<SubscriptionView> {
    const row = await this.find(id);
    const [plan] = await this.db.select().from(plans).where(eq(plans.id, row.planId));
    return (await this.views([{ s: row, plan }]))[0];
  }

  /** The subscription a management link names; 404 for any other token. */
  async byToken(token: string): Promise<SubscriptionView> {
    const id = await this.d.signing.readSubscriptionToken(token);
    if (!id) throw new DomainError("not_found", M.notFound);
    return this.get(id);
  }

  /**
   * What paying a subscription's first invoice needs, by its management link: the subscriber who started
   * it in another browser (the link was e-mailed to them) pays it from there. 409 when nothing is left to
   * pay (paid, or ended); 404 for any other token.
   */
  async paymentByToken(token: string): Promise<SubscriptionAnswer> {
    const id = await this.d.signing.readSubscriptionToken(token);
    if (!id) throw new DomainError("not_found", M.notFound);
    const row = await this.find(id);
    if (row.status !== "incomplete" || !row.clientSecret)
      throw new DomainError("conflict", "payments:manage.nothingToPay");
    return this.answerOf(row);
  }

  private async answerOf(row: SubscriptionRow): Promise<SubscriptionAnswer> {
    const provider = this.d.payments.provider;
    return {
      clientSecret: row.status === "incomplete" ? row.clientSecret : null,
      subscriptionId: row.id,
      status: row.status as SubscriptionStatus,
      provider: provider.name,
      publishableKey: provider.publishableKey,
      manageToken: await this.d.signing.subscriptionToken(row.id),
    };
  }

  /** An invoice's payment, for its receipt: only one of the subscription the link names. */
  async invoiceByToken(
    token: string,
    paymentId: string,
  ): Promise<{ subscription: SubscriptionView; invoice: InvoiceView }> {
    const subscription = await this.byToken(token);
    const invoice = subscription.invoices.find(
      (entry) => entry.id === paymentId && (entry.status === "paid" || entry.status === "refunded"),
    );
    if (!invoice) throw new DomainError("not_found", M.notFound);
    return { subscription, invoice };
  }

  /**
   * Ends a subscription through the provider, now or at its period's end; the provider's event then
   * records it (and e-mails the subscriber). Staff may do either; the subscriber, only at period end.
   */
  async cancel(id: string, atPeriodEnd: boolean): Promise<SubscriptionView> {
    const row = await this.find(id);
    if (row.status === "cancelled" || !row.providerSubscriptionId || (atPeriodEnd && row.cancelAtPeriodEnd))
      throw new DomainError("conflict", M.cannotCancel);
    try {
      await this.d.payments.provider.cancelSubscription(row.providerSubscriptionId, atPeriodEnd);
    } catch (error) {
      this.d.warn?.("subscription cancellation failed", { subscriptionId: row.id, error: String(error) });
      throw new DomainError("conflict", "orders:errors.providerUnavailable");
    }
    return this.get(row.id);
  }

  /** Undoes an end set for the period's end, before that end. */
  async resume(id: string): Promise<SubscriptionView> {
    const row = await this.find(id);
    if (row.status === "cancelled" || !row.cancelAtPeriodEnd || !row.providerSubscriptionId)
      throw new DomainError("conflict", M.cannotResume);
    try {
      await this.d.payments.provider.resumeSubscription(row.providerSubscriptionId);
    } catch (error) {
      this.d.warn?.("subscription resumption failed", { subscriptionId: row.id, error: String(error) });
      throw new DomainError("conflict", "orders:errors.providerUnavailable");
    }
    return this.get(row.id);
  }

  /** What the sandbox's test clock needs to renew a subscription now: its provider id, price and period's start. */
  async renewal(id: string): Promise<{ providerSubscriptionId: string; amountCents: number; periodStart: Date }> {
    const row = await this.find(id);
    if ((row.status !== "active" && row.status !== "past_due") || !row.providerSubscriptionId)
      throw new DomainError("conflict", M.cannotRenew);
    const [plan] = await this.db.select().from(plans).where(eq(plans.id, row.planId));
    return {
      providerSubscriptionId: row.providerSubscriptionId,
      amountCents: plan.priceCents,
      periodStart: row.currentPeriodEnd ?? new Date(),
    };
  }

  /** Monthly recurring revenue: the plans' prices of active subscriptions (those set to end included until they do). */
  async monthlyRecurringCents(): Promise<{ cents: number; active: number }> {
    const [row] = await this.db
      .select({ cents: sql<string>`coalesce(sum(${plans.priceCents}), 0)`, n: sql<string>`count(*)` })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(inArray(subscriptions.status, ["active"]));
    return { cents: Number(row?.cents ?? 0), active: Number(row?.n ?? 0) };
  }

  /** Subscriptions by id, with their customers (the payments export names them). */
  async rowsByIds(ids: readonly string[]): Promise<SubscriptionRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(subscriptions)
      .where(inArray(subscriptions.id, [...ids]));
  }
}
