import type { Job } from "pg-boss";
import type { Transaction } from "../../db/client.server.ts";
import { DomainError } from "../errors.ts";
import { formatCents } from "../money/money.ts";
import type { JobQueue } from "../jobs/queue.server.ts";
import { PaymentRepo, type PaymentRow } from "./repo.server.ts";
import {
  IntentMissingError,
  RefundRefusedError,
  WebhookSignatureError,
  type ChargeFacts,
  type ChargeInput,
  type ChargeState,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderFact,
  type RefundOutcome,
} from "./provider.ts";
import {
  allocateRefund,
  AUTOMATIC_REFUND_PREFIX,
  DEFAULT_REFUND_RETRY,
  nextChargeStatus,
  nextRefundStatus,
  refundRetryDelayMs,
  summarise,
  type ChargeStatus,
  type MoneySummary,
  type PaymentMethod,
  type RefundRetryPolicy,
  type RefundStatus,
} from "./rules.ts";
import { REFUND_MESSAGES, type PaymentView, type StaffPaymentView } from "./schema.ts";

export const PAYMENT_MESSAGES = {
  webhookSignature: "orders:errors.webhookSignature",
  providerUnavailable: "orders:errors.providerUnavailable",
} as const;

/** The queue of refunds whose provider call is to be made (again). */
export const REFUND_QUEUE = "payment-refund";

/** What a workflow knows and can ask for while it handles a move. */
export interface WorkflowEffects {
  /** The provider event that moved the payment, if an event did (kept in the record's history). */
  eventId: string | null;
  /** Refunds what a charge can still give back, automatically, for the workflow's reason (a code). */
  refundInFull(charge: PaymentRow, reasonCode: string): Promise<void>;
}

/**
 * What one kind of purchase (a workflow of core/checkout) does when its payments move. Each is called
 * inside the transaction that records the move, with the payment's row locked, so that the purchase
 * and its money change together or not at all.
 */
export interface PaymentWorkflow {
  chargeMoved(tx: Transaction, charge: PaymentRow, from: ChargeStatus, effects: WorkflowEffects): Promise<void>;
  refundMoved(
    tx: Transaction,
    refund: PaymentRow,
    charge: PaymentRow,
    from: RefundStatus,
    effects: WorkflowEffects,
  ): Promise<void>;
}

/** How subscription events find their record and change it (the subscription workflow registers them). */
export interface SubscriptionHooks {
  /**
   * The workflow and record of a provider's subscription, and what each of its invoices must bring in
   * (its plan's price), or null for one that is not ours.
   */
  subjectOf(
    tx: Transaction,
    providerSubscriptionId: string,
  ): Promise<{ workflow: string; subjectId: string; amountCents: number } | null>;
  changed(tx: Transaction, subjectId: string, fact: Extract<ProviderFact, { kind: "subscription" }>): Promise<void>;
}

/**
 * Told when a verified event names one of our payments but does not match it (an amount or currency
 * that is not the payment's, metadata naming another payment, a refund of a payment that never
 * succeeded): nothing was changed, the event keeps the problem, and staff should hear of it.
 */
export type RefusedEventHandler = (
  tx: Transaction,
  refused: { payment: PaymentRow; eventId: string | null; problem: string },
) => Promise<void>;

export interface PaymentServiceOptions {
  jobs?: JobQueue | null;
  refundRetry?: RefundRetryPolicy;
  /** How long a refund's provider call may take before another server may try it again. */
  refundLeaseMs?: number;
  /** Where failures that do not reach a caller are reported (a provider call after a commit). */
  warn?: (message: string, details: Record<string, unknown>) => void;
}

export interface OpenChargeInput {
  workflow: string;
  subjectId: string;
  part?: number | null;
  amountCents: number;
  method?: PaymentMethod;
  saveForLater?: ChargeInput["saveForLater"];
  bankAccount?: ChargeInput["bankAccount"];
}

export interface OpenCharge {
  paymentId: string;
  intentId: string;
  clientSecret: string;
  status: ChargeStatus;
}

/** What one transaction of moves carries: the refunds to call the provider for after it commits, and the event applied. */
interface MoveContext {
  after: string[];
  eventId: string | null;
}

const AUTOMATIC_REASON = new RegExp(`^${AUTOMATIC_REFUND_PREFIX}([a-z_]{1,40})$`);

/** A payment as the buyer and the receipt see it. */
export function toPaymentView(row: PaymentRow): PaymentView {
  return {
    id: row.id,
    kind: row.kind === "refund" ? "refund" : "charge",
    status: row.status as PaymentView["status"],
    method: row.method === "us_bank_account" ? "us_bank_account" : "card",
    amountCents: row.amountCents,
    currency: "usd",
    brand: row.brand,
    last4: row.last4,
    // A refund's trouble (a provider's error text) is staff's business; a charge's refusal is the buyer's.
    failureMessage: row.kind === "refund" ? null : row.failureMessage,
    part: row.part,
    refundOf: row.refundOf,
    automatic: row.reason ? (AUTOMATIC_REASON.exec(row.reason)?.[1] ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

/** The same, with what staff see besides: the reason and who asked for a refund, and its attempts. */
export function toStaffPaymentView(row: PaymentRow): StaffPaymentView {
  const view = toPaymentView(row);
  return {
    ...view,
    failureMessage: row.failureMessage,
    reason: view.automatic ? null : row.reason,
    actor: row.actor,
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  };
}

/**
 * The payments module (docs/decisions/0028): it starts charges with the provider, records every money
 * movement, applies the provider's verified events by their id (once), refunds what was paid and not
 * yet given back (never more, whatever the concurrency) with retries, and tells the workflow that owns
 * a payment when it moves. It knows no order, class or plan.
 */
export class PaymentService {
  readonly repo: PaymentRepo;
  readonly provider: PaymentProvider;
  private readonly workflows = new Map<string, PaymentWorkflow>();
  private subscriptionHooks: SubscriptionHooks | null = null;
  private refusedHandler: RefusedEventHandler | null = null;
  private readonly jobs: JobQueue | null;
  private readonly retry: RefundRetryPolicy;
  private readonly leaseMs: number;
  private readonly warn: (message: string, details: Record<string, unknown>) => void;

  constructor(repo: PaymentRepo, provider: PaymentProvider, options: PaymentServiceOptions = {}) {
    this.repo = repo;
    this.provider = provider;
    this.jobs = options.jobs ?? null;
    this.retry = options.refundRetry ?? DEFAULT_REFUND_RETRY;
    this.leaseMs = options.refundLeaseMs ?? 60_000;
    this.warn = options.warn ?? (() => {});
    this.jobs
      ?.define(REFUND_QUEUE, { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 })
      .work<{ refundId: string }>(REFUND_QUEUE, async (job: Job<{ refundId: string }>) => {
        await this.processRefund(job.data.refundId);
      });
  }

  /** Registers what a workflow does when its payments move. */
  register(workflow: string, handlers: PaymentWorkflow): void {
    this.workflows.set(workflow, handlers);
  }

  /** Who hears of events refused because they do not match the payment they name (checkout alerts staff). */
  onRefusedEvent(handler: RefusedEventHandler): void {
    this.refusedHandler = handler;
  }

  /** An event that names `payment` but does not match it: recorded with its problem, nothing else changes. */
  private async refuseEvent(tx: Transaction, ctx: MoveContext, payment: PaymentRow, problem: string): Promise<void> {
    this.warn("a payment event was refused", { paymentId: payment.id, eventId: ctx.eventId, problem });
    if (ctx.eventId) await this.repo.setEventProblem(tx, ctx.eventId, payment.id, problem);
    await this.refusedHandler?.(tx, { payment, eventId: ctx.eventId, problem });
  }

  registerSubscriptions(hooks: SubscriptionHooks): void {
    this.subscriptionHooks = hooks;
  }

  private workflowOf(row: PaymentRow): PaymentWorkflow {
    const workflow = this.workflows.get(row.workflow);
    if (!workflow) throw new Error(`no workflow registered for payments of "${row.workflow}"`);
    return workflow;
  }

  private effects(tx: Transaction, ctx: MoveContext): WorkflowEffects {
    return {
      eventId: ctx.eventId,
      refundInFull: async (charge, reasonCode) => {
        const rows = await this.repo.ofSubject(charge.subjectId, tx);
        const left = summarise(
          rows.filter((row) => row.id === charge.id || row.refundOf === charge.id),
        ).refundableCents;
        if (left > 0)
          ctx.after.push(
            ...(await this.insertRefunds(
              tx,
              [{ chargeId: charge.id, amountCents: left }],
              rows,
              `${AUTOMATIC_REFUND_PREFIX}${reasonCode}`,
              null,
            )),
          );
      },
    };
  }

  /** Runs `work` in a transaction, then makes the provider calls of the refunds it asked for. */
  private async transact<T>(
    work: (tx: Transaction, ctx: MoveContext) => Promise<T>,
    eventId: string | null = null,
  ): Promise<T> {
    const ctx: MoveContext = { after: [], eventId };
    const result = await this.repo.transaction((tx) => work(tx, ctx));
    await this.processRefunds(ctx.after);
    return result;
  }

  private async processRefunds(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      try {
        await this.processRefund(id);
      } catch (error) {
        // Its job (queued with it) or the sweep tries again.
        this.warn("refund call failed", { refundId: id, error: String(error) });
      }
    }
  }

  // ---- Charges ----

  /**
   * The charge a workflow's record pays its part with, inside the caller's transaction: the open charge
   * of that part when there is one (a charge that failed waits for another card again), else a new one.
   * Its intent is made after the commit (ensureIntent): a provider is never called inside a transaction.
   */
  async prepareCharge(
    tx: Transaction,
    input: OpenChargeInput,
    lockedCharges?: readonly PaymentRow[],
  ): Promise<PaymentRow> {
    const part = input.part ?? null;
    // The caller may hold the record's charges locked already (lockCharges): its open one is among them.
    let row = lockedCharges
      ? ([...lockedCharges]
          .reverse()
          .find(
            (charge) =>
              charge.part === part &&
              (charge.status === "requires_payment" || charge.status === "processing" || charge.status === "failed"),
          ) ?? null)
      : await this.repo.openCharge(input.subjectId, part, tx);
    if (row && row.amountCents !== input.amountCents && row.status !== "processing") {
      // The amount to pay changed (it never does for an order's part): the old charge can no longer be paid.
      await this.repo.update(tx, row.id, { status: "cancelled" });
      row = null;
    }
    if (row?.status === "failed")
      row = lockedCharges
        ? await this.repo.updateRow(tx, row, { status: "requires_payment", failureMessage: null })
        : await this.repo.update(tx, row.id, { status: "requires_payment", failureMessage: null });
    if (row) return row;
    const id = crypto.randomUUID();
    const inserted = await this.repo.insert(
      {
        id,
        workflow: input.workflow,
        subjectId: input.subjectId,
        part,
        kind: "charge",
        status: "requires_payment",
        method: input.method ?? (input.bankAccount ? "us_bank_account" : "card"),
        amountCents: input.amountCents,
        provider: this.provider.name,
        idempotencyKey: `charge-${id}`,
      },
      tx,
    );
    const created = inserted ?? (await this.repo.openCharge(input.subjectId, part, tx));
    if (!created) throw new Error(`charge of ${input.subjectId} could not be recorded`);
    return created;
  }

  /**
   * The provider's intent of a prepared charge, made once (the payment's own idempotency key: asking
   * again finds the same intent, and a charge that has one calls no provider). 409 when the provider
   * cannot be reached.
   */
  async ensureIntent(
    row: PaymentRow,
    input: Pick<OpenChargeInput, "saveForLater" | "bankAccount"> = {},
  ): Promise<OpenCharge> {
    if (row.providerPaymentId && row.clientSecret)
      return {
        paymentId: row.id,
        intentId: row.providerPaymentId,
        clientSecret: row.clientSecret,
        status: row.status as ChargeStatus,
      };
    if (row.providerPaymentId) {
      // An intent made before its secret was kept (an order of the earlier release): the same intent, asked
      // again, so that a browser still holding it and a new one pay the same charge.
      // An intent already made is never replaced: a payment of it must still find its row.
      const current = await this.provider.retrieveIntent(row.providerPaymentId).catch(() => null);
      if (!current?.clientSecret) throw new DomainError("conflict", PAYMENT_MESSAGES.providerUnavailable);
      await this.repo.update(this.repo.db, row.id, { clientSecret: current.clientSecret });
      const moved = current.state === "requires_payment" ? row : await this.moveCharge(row.id, current);
      return {
        paymentId: row.id,
        intentId: row.providerPaymentId,
        clientSecret: current.clientSecret,
        status: moved.status as ChargeStatus,
      };
    }
    let intent;
    try {
      intent = await this.provider.createIntent({
        paymentId: row.id,
        amountCents: row.amountCents,
        currency: "usd",
        idempotencyKey: row.idempotencyKey,
        saveForLater: input.saveForLater ?? null,
        bankAccount: input.bankAccount ?? null,
      });
    } catch (error) {
      this.warn("payment intent creation failed", {
        paymentId: row.id,
        subjectId: row.subjectId,
        error: String(error),
      });
      throw new DomainError("conflict", PAYMENT_MESSAGES.providerUnavailable);
    }
    // Not the whole row: the provider may have delivered an event for it meanwhile (a bank debit's).
    const recorded = await this.repo.setIntent(row.id, {
      providerPaymentId: intent.id,
      clientSecret: intent.clientSecret,
      provider: this.provider.name,
    });
    let status = recorded.status as ChargeStatus;
    if (intent.state !== "requires_payment" && nextChargeStatus(status, intent.state).kind === "move") {
      // A bank debit is processing from its creation (its event may have said so already).
      status = (await this.moveCharge(row.id, { state: intent.state })).status as ChargeStatus;
    }
    return { paymentId: row.id, intentId: intent.id, clientSecret: intent.clientSecret, status };
  }

  /** prepareCharge and ensureIntent, for a caller without a transaction of its own. */
  async openCharge(input: OpenChargeInput): Promise<OpenCharge> {
    const row = await this.repo.transaction((tx) => this.prepareCharge(tx, input));
    return this.ensureIntent(row, input);
  }

  /**
   * Charges a record's saved payment method off-session (a later instalment) once per key: a second
   * call with the same key answers the first charge. The outcome is applied as its event would be.
   */
  async chargeSaved(input: {
    workflow: string;
    subjectId: string;
    part: number | null;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<PaymentRow> {
    const saved = await this.repo.savedMethodOf(input.subjectId);
    const row =
      (await this.repo.insert({
        workflow: input.workflow,
        subjectId: input.subjectId,
        part: input.part,
        kind: "charge",
        status: "requires_payment",
        method: saved?.method ?? "card",
        amountCents: input.amountCents,
        provider: this.provider.name,
        idempotencyKey: input.idempotencyKey,
      })) ?? (await this.repo.findByKey(input.idempotencyKey));
    if (!row) throw new Error(`charge ${input.idempotencyKey} could not be recorded`);
    if (row.status !== "requires_payment") return row;
    let facts: ChargeFacts;
    try {
      if (!saved?.savedMethodId) throw new Error("no saved payment method");
      facts = await this.provider.chargeSaved({
        paymentId: row.id,
        amountCents: row.amountCents,
        savedMethodId: saved.savedMethodId,
        customerId: saved.providerCustomerId,
        idempotencyKey: row.idempotencyKey,
      });
    } catch (error) {
      this.warn("off-session charge failed", { paymentId: row.id, error: String(error) });
      return this.moveCharge(row.id, { state: "failed", failureMessage: null });
    }
    if (facts.intentId && !row.providerPaymentId) {
      const taken = await this.repo.findByProviderId(facts.intentId);
      if (!taken) await this.repo.update(this.repo.db, row.id, { providerPaymentId: facts.intentId });
    }
    return this.moveCharge(row.id, { ...facts, amountCents: facts.amountCents || row.amountCents });
  }

  /** Applies a charge's state as the provider reported it, in a transaction, and tells its workflow. */
  private async moveCharge(
    paymentId: string,
    facts: Partial<ChargeFacts> & { state: ChargeState },
  ): Promise<PaymentRow> {
    return this.transact(async (tx, ctx) => {
      const row = await this.repo.lock(tx, paymentId);
      if (!row) throw new Error(`payment ${paymentId} does not exist`);
      return this.applyCharge(tx, row, facts, ctx);
    });
  }

  private async applyCharge(
    tx: Transaction,
    row: PaymentRow,
    facts: Partial<ChargeFacts> & { state: ChargeState },
    ctx: MoveContext,
  ): Promise<PaymentRow> {
    if (
      facts.state === "succeeded" &&
      ((facts.amountCents !== undefined && facts.amountCents !== row.amountCents) ||
        (facts.currency && facts.currency !== row.currency))
    ) {
      // A payment is ours only for the amount we asked: anything else is recorded and reported, never applied.
      await this.refuseEvent(
        tx,
        ctx,
        row,
        `received ${facts.amountCents ?? "?"} ${(facts.currency || row.currency).toUpperCase()} cents where ${row.amountCents} ${row.currency.toUpperCase()} cents were asked`,
      );
      return row;
    }
    const from = row.status as ChargeStatus;
    const move = nextChargeStatus(from, facts.state);
    const details = {
      brand: facts.brand ?? row.brand,
      last4: facts.last4 ?? row.last4,
      savedMethodId: facts.savedMethodId ?? row.savedMethodId,
      providerCustomerId: facts.customerId ?? row.providerCustomerId,
    };
    if (move.kind === "ignore") {
      // What a late event carries that the first did not (the card, the saved method) is still kept.
      const changed =
        details.brand !== row.brand ||
        details.last4 !== row.last4 ||
        details.savedMethodId !== row.savedMethodId ||
        details.providerCustomerId !== row.providerCustomerId;
      return changed ? this.repo.updateRow(tx, row, details) : row;
    }
    const settled = move.to === "succeeded" || move.to === "failed";
    const updated = await this.repo.updateRow(tx, row, {
      ...details,
      status: move.to,
      failureMessage: move.to === "failed" ? (facts.failureMessage ?? null) : null,
      ...(settled ? { settledAt: new Date() } : {}),
    });
    await this.workflowOf(updated).chargeMoved(tx, updated, from, this.effects(tx, ctx));
    return updated;
  }

  /**
   * A record's charge as the provider sees it now (decision 7), applied when the webhook has not
   * arrived yet: what the success page's refresh asks for.
   */
  async refresh(paymentId: string): Promise<PaymentRow | null> {
    const row = await this.repo.find(paymentId);
    // A declined card's intent can be confirmed again in the browser: a charge shown failed is asked about too.
    if (
      !row ||
      !row.providerPaymentId ||
      row.kind !== "charge" ||
      (row.status !== "requires_payment" && row.status !== "processing" && row.status !== "failed")
    )
      return row;
    let facts: ChargeFacts;
    try {
      facts = await this.provider.retrieveIntent(row.providerPaymentId);
    } catch (error) {
      this.warn("payment intent retrieval failed", { paymentId: row.id, error: String(error) });
      return row;
    }
    if (facts.state === "requires_payment") return row;
    return this.moveCharge(row.id, facts);
  }

  /** The charges of a record, locked (the first lock every writer of a record takes). */
  lockCharges(tx: Transaction, subjectId: string): Promise<PaymentRow[]> {
    return this.repo.lockCharges(tx, subjectId);
  }

  /**
   * Cancels with the provider every open charge of a record that is not processing (so that nobody can
   * pay it any more); the caller then marks them cancelled in its own transaction (cancelCharges).
   */
  async cancelIntents(subjectId: string): Promise<void> {
    for (const row of await this.repo.ofSubject(subjectId)) {
      if (
        row.kind !== "charge" ||
        !row.providerPaymentId ||
        (row.status !== "requires_payment" && row.status !== "failed")
      )
        continue;
      try {
        await this.provider.cancelIntent(row.providerPaymentId);
      } catch (error) {
        this.warn("payment intent cancellation failed", { paymentId: row.id, error: String(error) });
      }
    }
  }

  /** Marks the open charges among `charges` (locked by the caller) cancelled, without telling their workflow. */
  async cancelCharges(tx: Transaction, charges: readonly PaymentRow[]): Promise<void> {
    for (const row of charges) {
      if (
        row.kind === "charge" &&
        nextChargeStatus(row.status as ChargeStatus, "cancelled").kind === "move" &&
        row.status !== "processing"
      ) {
        await this.repo.update(tx, row.id, { status: "cancelled" });
      }
    }
  }

  // ---- Events ----

  /**
   * A provider event, verified over its raw body (400 when the signature does not hold), recorded by
   * its id first so that a redelivery has no second effect, then applied to its payment.
   */
  async handleWebhook(rawBody: string, signature: string | undefined): Promise<{ duplicate: boolean }> {
    let event: ProviderEvent;
    try {
      event = await this.provider.verifyEvent(rawBody, signature);
    } catch (error) {
      if (error instanceof WebhookSignatureError)
        throw new DomainError("validation", PAYMENT_MESSAGES.webhookSignature);
      throw error;
    }
    return this.applyEvent(event);
  }

  private async applyEvent(event: ProviderEvent): Promise<{ duplicate: boolean }> {
    const fact = event.fact;
    const paidAtProvider = fact?.kind === "refunds" ? await this.paidAtProvider(fact.intentId) : null;
    const vouched = fact?.kind === "charge" ? await this.intentVouchedFor(fact) : false;
    return this.transact(async (tx, ctx) => {
      // A charge's payment is known (and locked) before the event is recorded, so that it is recorded with it.
      const charge =
        fact?.kind === "charge" && fact.intentId ? await this.repo.lockByProviderId(tx, fact.intentId) : null;
      if (!(await this.repo.recordEvent(tx, { id: event.id, type: event.type, paymentId: charge?.id ?? null })))
        return { duplicate: true };
      if (!fact) return { duplicate: false };
      if (charge && fact.kind === "charge" && fact.paymentId && fact.paymentId !== charge.id) {
        // The intent is this payment's; metadata naming another one is not believed, for either.
        await this.refuseEvent(
          tx,
          ctx,
          charge,
          `its metadata names payment ${fact.paymentId}, not the payment of intent ${fact.intentId}`,
        );
        return { duplicate: false };
      }
      const moved = await this.applyFact(tx, fact, ctx, charge, paidAtProvider, vouched);
      if (moved && moved !== charge?.id) await this.repo.setEventPayment(tx, event.id, moved);
      return { duplicate: false };
    }, event.id);
  }

  /**
   * For a refund event about a charge we have not seen succeed: whether the provider itself says the
   * charge succeeded (its payment's event is late), asked before the transaction. Null when there is
   * nothing to ask; a provider that cannot answer fails the delivery, which the provider sends again.
   */
  private async paidAtProvider(intentId: string): Promise<boolean | null> {
    const charge = await this.repo.findByProviderId(intentId);
    if (!charge || charge.kind !== "charge" || charge.status === "succeeded") return null;
    try {
      return (await this.provider.retrieveIntent(intentId)).state === "succeeded";
    } catch (error) {
      this.warn("could not ask the provider about a refunded payment", { intentId, error: String(error) });
      throw new DomainError("conflict", PAYMENT_MESSAGES.providerUnavailable);
    }
  }

  /**
   * For a charge event whose intent we have not recorded (the event overtook the creation's answer, or
   * the server stopped in between): whether the provider itself says that intent was made for the
   * payment its metadata names, asked before the transaction. The event's own metadata is not believed
   * alone. A provider that cannot answer fails the delivery, which the provider sends again.
   */
  private async intentVouchedFor(fact: ChargeFacts): Promise<boolean> {
    if (!fact.intentId || !fact.paymentId || (await this.repo.findByProviderId(fact.intentId))) return false;
    try {
      return (await this.provider.retrieveIntent(fact.intentId)).paymentId === fact.paymentId;
    } catch (error) {
      if (error instanceof IntentMissingError) return false;
      this.warn("could not ask the provider about an unrecorded payment intent", {
        intentId: fact.intentId,
        error: String(error),
      });
      throw new DomainError("conflict", PAYMENT_MESSAGES.providerUnavailable);
    }
  }

  /** Applies one fact (`locked`: its charge, locked already); answers the payment it moved, if any. */
  private async applyFact(
    tx: Transaction,
    fact: ProviderFact,
    ctx: MoveContext,
    locked: PaymentRow | null = null,
    paidAtProvider: boolean | null = null,
    vouched = false,
  ): Promise<string | null> {
    switch (fact.kind) {
      case "charge": {
        const row = locked ?? (await this.chargeOfFact(tx, fact, ctx, vouched));
        if (!row) return null;
        await this.applyCharge(tx, row, fact, ctx);
        return row.id;
      }
      case "refunds":
        return this.reconcileRefunds(tx, fact, ctx, paidAtProvider);
      case "refund":
        return this.applyRefundFact(tx, fact, ctx);
      case "invoice":
        return this.applyInvoice(tx, fact, ctx);
      case "subscription": {
        const target = await this.subscriptionHooks?.subjectOf(tx, fact.providerSubscriptionId);
        if (target) await this.subscriptionHooks!.changed(tx, target.subjectId, fact);
        return null;
      }
    }
  }

  /**
   * The charge an event is about, locked: by the provider's intent id first; by the payment id of its
   * metadata only for a charge whose intent is not recorded yet (the event overtook the creation's
   * answer) and only when the provider vouches that the intent is that payment's (`vouched`), never to
   * move a charge another intent pays. An intent the provider does not vouch for changes nothing and is
   * told to staff.
   */
  private async chargeOfFact(
    tx: Transaction,
    fact: ChargeFacts,
    ctx: MoveContext,
    vouched: boolean,
  ): Promise<PaymentRow | null> {
    const byIntent = fact.intentId ? await this.repo.lockByProviderId(tx, fact.intentId) : null;
    if (byIntent) return byIntent;
    if (!fact.paymentId) return null;
    const row = await this.repo.lock(tx, fact.paymentId);
    if (!row || row.kind !== "charge" || row.providerPaymentId !== null) return null;
    if (!vouched) {
      await this.refuseEvent(
        tx,
        ctx,
        row,
        `its intent ${fact.intentId} names this payment, but the provider does not say it was made for it`,
      );
      return null;
    }
    return this.repo.updateRow(tx, row, { providerPaymentId: fact.intentId });
  }

  private async applyInvoice(
    tx: Transaction,
    fact: Extract<ProviderFact, { kind: "invoice" }>,
    ctx: MoveContext,
  ): Promise<string | null> {
    const target = await this.subscriptionHooks?.subjectOf(tx, fact.providerSubscriptionId);
    if (!target || fact.amountCents < 1) return null;
    let row = await this.repo.findByInvoice(fact.invoiceId, tx);
    if (!row) {
      const intentFree = fact.intentId ? !(await this.repo.findByProviderId(fact.intentId, tx)) : false;
      // An invoice that does not bring in what the plan asks is kept closed, so that it never stands in
      // the way of the subscription's real invoice (one open charge per record); it is refused below.
      const asked = fact.amountCents === target.amountCents && (!fact.currency || fact.currency === "usd");
      row = await this.repo.insert(
        {
          workflow: target.workflow,
          subjectId: target.subjectId,
          kind: "charge",
          status: asked ? "requires_payment" : "cancelled",
          // What the plan asks, not what the event says: an invoice for any other amount is refused below.
          amountCents: target.amountCents,
          provider: this.provider.name,
          providerInvoiceId: fact.invoiceId,
          providerPaymentId: intentFree ? fact.intentId : null,
          periodStart: fact.periodStart,
          periodEnd: fact.periodEnd,
          idempotencyKey: `invoice-${fact.invoiceId}`,
        },
        tx,
      );
      if (!row) return null;
    }
    const locked = await this.repo.lock(tx, row.id);
    if (!locked) return null;
    await this.applyCharge(
      tx,
      locked,
      {
        state: fact.paid ? "succeeded" : "failed",
        failureMessage: fact.failureMessage,
        brand: fact.brand,
        last4: fact.last4,
        amountCents: fact.amountCents,
        currency: fact.currency || undefined,
      },
      ctx,
    );
    return locked.id;
  }

  // ---- Refunds ----

  /**
   * Refunds `amountCents` of a record's charges, the most recent first, with a reason: never more than
   * they brought in less what was refunded or is being refunded, whoever else refunds at the same time
   * (the charges stay locked while the refunds are recorded). The provider is called after the commit;
   * answers the refunds made, pending until the provider confirms them.
   */
  async refund(
    subjectId: string,
    request: { amountCents: number; reason: string; actor: string | null },
    tx?: Transaction,
  ): Promise<string[]> {
    const record = async (transaction: Transaction) => {
      await this.repo.lockCharges(transaction, subjectId);
      const rows = await this.repo.ofSubject(subjectId, transaction);
      const summary = summarise(rows);
      if (summary.refundableCents === 0) throw new DomainError("conflict", REFUND_MESSAGES.nothingToRefund);
      const parts = allocateRefund(rows, request.amountCents);
      if (!parts) {
        throw new DomainError("validation", REFUND_MESSAGES.amountTooHigh, {
          fields: { amountCents: REFUND_MESSAGES.amountTooHigh },
          params: { amount: formatCents(summary.refundableCents) },
        });
      }
      return this.insertRefunds(transaction, parts, rows, request.reason, request.actor);
    };
    if (tx) return record(tx);
    const ids = await this.repo.transaction(record);
    await this.processRefunds(ids);
    return ids;
  }

  /** Makes the provider calls of refunds recorded in a caller's transaction, once it has committed. */
  async afterRefunds(ids: readonly string[]): Promise<void> {
    await this.processRefunds(ids);
  }

  private async insertRefunds(
    tx: Transaction,
    parts: Array<{ chargeId: string; amountCents: number }>,
    rows: readonly PaymentRow[],
    reason: string,
    actor: string | null,
  ): Promise<string[]> {
    const ids: string[] = [];
    for (const part of parts) {
      const charge = rows.find((row) => row.id === part.chargeId)!;
      const id = crypto.randomUUID();
      await this.repo.insert(
        {
          id,
          workflow: charge.workflow,
          subjectId: charge.subjectId,
          part: charge.part,
          kind: "refund",
          status: "pending",
          method: charge.method,
          amountCents: part.amountCents,
          provider: charge.provider,
          refundOf: charge.id,
          brand: charge.brand,
          last4: charge.last4,
          reason,
          actor,
          idempotencyKey: `refund-${id}`,
        },
        tx,
      );
      if (this.jobs?.isStarted)
        await this.jobs.send(REFUND_QUEUE, { refundId: id }, { tx, startAfterMs: this.leaseMs });
      ids.push(id);
    }
    return ids;
  }

  /**
   * One provider call for a pending refund, claimed so that one server makes it. Its answer moves the
   * refund; a refusal fails it at once; a time-out or an outage is tried again later with back-off (the
   * same idempotency key, so the provider refunds once), and fails after the last attempt.
   */
  async processRefund(refundId: string, now: Date = new Date()): Promise<void> {
    const claimed = await this.repo.claimRefund(refundId, now, this.leaseMs);
    if (!claimed) return;
    const charge = claimed.refundOf ? await this.repo.find(claimed.refundOf) : null;
    if (!charge?.providerPaymentId) {
      await this.moveRefund(claimed.id, {
        state: "failed",
        failureMessage: "The payment has no provider charge to refund.",
      });
      return;
    }
    let outcome: RefundOutcome;
    try {
      // A new round uses a new key: the refund the earlier round may have made is looked for first.
      const found =
        claimed.round > 0 && claimed.attempts === 1
          ? await this.provider.findRefund(charge.providerPaymentId, claimed.id)
          : null;
      outcome =
        // A refund the provider refused moved no money: the new round asks for one again.
        (found?.state === "failed" ? null : found) ??
        (await this.provider.refund({
          intentId: charge.providerPaymentId,
          amountCents: claimed.amountCents,
          refundId: claimed.id,
          idempotencyKey: claimed.round > 0 ? `${claimed.idempotencyKey}-${claimed.round}` : claimed.idempotencyKey,
        }));
    } catch (error) {
      if (error instanceof RefundRefusedError) {
        await this.moveRefund(claimed.id, { state: "failed", failureMessage: error.message.slice(0, 500) });
        return;
      }
      const delay = refundRetryDelayMs(claimed.attempts, this.retry);
      this.warn("refund call failed", { refundId: claimed.id, attempts: claimed.attempts, error: String(error) });
      if (delay === null) {
        await this.moveRefund(claimed.id, {
          state: "failed",
          failureMessage: "The payment provider could not be reached.",
        });
        return;
      }
      await this.repo.update(this.repo.db, claimed.id, {
        nextAttemptAt: new Date(now.getTime() + delay),
        failureMessage: String(error).slice(0, 500),
      });
      if (this.jobs?.isStarted) await this.jobs.send(REFUND_QUEUE, { refundId: claimed.id }, { startAfterMs: delay });
      return;
    }
    await this.moveRefund(claimed.id, {
      state: outcome.state,
      failureMessage: outcome.failureMessage,
      providerRefundId: outcome.providerRefundId,
    });
  }

  /** Pending refunds whose provider call is due, called again (the sweep behind the queued jobs). */
  async processDueRefunds(now: Date = new Date()): Promise<number> {
    const due = await this.repo.dueRefunds(now);
    for (const row of due)
      await this.processRefund(row.id, now).catch((error) =>
        this.warn("refund call failed", { refundId: row.id, error: String(error) }),
      );
    return due.length;
  }

  /** Applies a refund's state: the charge, then the refund locked, and its workflow told. */
  private async moveRefund(
    refundId: string,
    facts: { state: RefundStatus; failureMessage: string | null; providerRefundId?: string },
  ): Promise<PaymentRow | null> {
    return this.transact(async (tx, ctx) => {
      const current = await this.repo.find(refundId, tx);
      if (!current?.refundOf) return null;
      const charge = await this.repo.lock(tx, current.refundOf);
      const row = await this.repo.lock(tx, refundId);
      if (!charge || !row) return null;
      return this.applyRefund(tx, row, charge, facts, ctx);
    });
  }

  private async applyRefund(
    tx: Transaction,
    row: PaymentRow,
    charge: PaymentRow,
    facts: { state: RefundStatus; failureMessage: string | null; providerRefundId?: string },
    ctx: MoveContext,
  ): Promise<PaymentRow> {
    const idChange =
      facts.providerRefundId &&
      !row.providerPaymentId &&
      !(await this.repo.findByProviderId(facts.providerRefundId, tx))
        ? { providerPaymentId: facts.providerRefundId }
        : {};
    const from = row.status as RefundStatus;
    const move = nextRefundStatus(from, facts.state);
    if (move.kind === "ignore") {
      if (facts.state === "pending") return this.repo.update(tx, row.id, { ...idChange, nextAttemptAt: null });
      return Object.keys(idChange).length > 0 ? this.repo.update(tx, row.id, idChange) : row;
    }
    const updated = await this.repo.update(tx, row.id, {
      ...idChange,
      status: move.to,
      nextAttemptAt: null,
      failureMessage: move.to === "failed" ? facts.failureMessage : null,
      settledAt: new Date(),
    });
    await this.workflowOf(updated).refundMoved(tx, updated, charge, from, this.effects(tx, ctx));
    return updated;
  }

  /** Staff try a failed refund again: pending anew, a new round of provider calls. */
  async retryRefund(refundId: string, actor: string): Promise<PaymentRow> {
    const retried = await this.repo.transaction(async (tx) => {
      const current = await this.repo.find(refundId, tx);
      if (!current || current.kind !== "refund") throw new DomainError("not_found", REFUND_MESSAGES.notFound);
      if (current.refundOf) await this.repo.lock(tx, current.refundOf);
      const row = await this.repo.lock(tx, refundId);
      if (!row || row.status !== "failed") throw new DomainError("conflict", REFUND_MESSAGES.notRetryable);
      // Retrying must not pass what the charge can give back (another refund may have taken it meanwhile).
      const siblings = current.refundOf ? await this.repo.refundsOf(current.refundOf, tx) : [];
      const charge = current.refundOf ? await this.repo.find(current.refundOf, tx) : null;
      const taken = siblings
        .filter((entry) => entry.id !== row.id && (entry.status === "succeeded" || entry.status === "pending"))
        .reduce((total, entry) => total + entry.amountCents, 0);
      if (!charge || taken + row.amountCents > charge.amountCents)
        throw new DomainError("conflict", REFUND_MESSAGES.amountTooHigh, {
          params: { amount: formatCents(Math.max(0, (charge?.amountCents ?? 0) - taken)) },
        });
      return this.repo.update(tx, row.id, {
        status: "pending",
        attempts: 0,
        nextAttemptAt: null,
        round: row.round + 1,
        failureMessage: null,
        actor: row.actor ?? actor,
      });
    });
    await this.processRefunds([retried.id]);
    return (await this.repo.find(retried.id)) ?? retried;
  }

  /**
   * charge.refunded: the charge's refunded total at the provider, whoever refunded it. Our pending
   * refunds it covers are confirmed; what it refunded beyond ours (Stripe's dashboard) is recorded as a
   * refund made outside Atelier, so that totals always match the provider's.
   */
  private async reconcileRefunds(
    tx: Transaction,
    fact: Extract<ProviderFact, { kind: "refunds" }>,
    ctx: MoveContext,
    paidAtProvider: boolean | null,
  ): Promise<string | null> {
    let charge = await this.repo.lockByProviderId(tx, fact.intentId);
    if (!charge || charge.kind !== "charge") return null;
    if (fact.currency && fact.currency !== charge.currency) {
      await this.refuseEvent(
        tx,
        ctx,
        charge,
        `refunds in ${fact.currency.toUpperCase()} for a payment in ${charge.currency.toUpperCase()}`,
      );
      return null;
    }
    if (charge.status !== "succeeded") {
      // A refund can only follow a payment. When its event overtakes the payment's, the provider has said
      // the payment succeeded (paidAtProvider) and it is applied first; otherwise nothing moves.
      if (!paidAtProvider) {
        await this.refuseEvent(tx, ctx, charge, `a refund of a payment that never succeeded (it is ${charge.status})`);
        return null;
      }
      charge = await this.applyCharge(tx, charge, { state: "succeeded", amountCents: charge.amountCents }, ctx);
      if (charge.status !== "succeeded") return null;
    }
    const refunds = await this.repo.refundsOf(charge.id, tx);
    const succeeded = refunds
      .filter((row) => row.status === "succeeded")
      .reduce((total, row) => total + row.amountCents, 0);
    let uncovered = Math.min(fact.refundedCents, charge.amountCents) - succeeded;
    for (const pending of refunds.filter((row) => row.status === "pending")) {
      if (pending.amountCents > uncovered) continue;
      const locked = await this.repo.lock(tx, pending.id);
      if (!locked) continue;
      await this.applyRefund(tx, locked, charge, { state: "succeeded", failureMessage: null }, ctx);
      uncovered -= pending.amountCents;
    }
    if (uncovered > 0) {
      const id = crypto.randomUUID();
      const outside = await this.repo.insert(
        {
          id,
          workflow: charge.workflow,
          subjectId: charge.subjectId,
          part: charge.part,
          kind: "refund",
          status: "pending",
          method: charge.method,
          amountCents: uncovered,
          provider: charge.provider,
          refundOf: charge.id,
          brand: charge.brand,
          last4: charge.last4,
          reason: `${AUTOMATIC_REFUND_PREFIX}outside`,
          idempotencyKey: `refund-outside-${fact.intentId}-${fact.refundedCents}`,
        },
        tx,
      );
      if (outside) await this.applyRefund(tx, outside, charge, { state: "succeeded", failureMessage: null }, ctx);
    }
    return charge.id;
  }

  /** refund.updated / refund.failed: one refund's state, found by the provider's id or ours in its metadata. */
  private async applyRefundFact(
    tx: Transaction,
    fact: Extract<ProviderFact, { kind: "refund" }>,
    ctx: MoveContext,
  ): Promise<string | null> {
    const found =
      (await this.repo.findByProviderId(fact.providerRefundId, tx)) ??
      (fact.refundId ? await this.repo.find(fact.refundId, tx) : null);
    if (!found || found.kind !== "refund" || !found.refundOf) return null;
    if (found.providerPaymentId && found.providerPaymentId !== fact.providerRefundId) return null;
    const charge = await this.repo.lock(tx, found.refundOf);
    const row = await this.repo.lock(tx, found.id);
    if (!charge || !row) return null;
    await this.applyRefund(
      tx,
      row,
      charge,
      { state: fact.state, failureMessage: fact.failureMessage, providerRefundId: fact.providerRefundId },
      ctx,
    );
    return row.id;
  }

  // ---- Reading ----

  async ofSubject(subjectId: string, tx?: Transaction): Promise<PaymentRow[]> {
    return this.repo.ofSubject(subjectId, tx);
  }

  async ofSubjects(subjectIds: readonly string[]): Promise<PaymentRow[]> {
    return this.repo.ofSubjects(subjectIds);
  }

  async summaryOf(subjectId: string, tx?: Transaction): Promise<MoneySummary> {
    return summarise(await this.repo.ofSubject(subjectId, tx));
  }

  async find(paymentId: string): Promise<PaymentRow | null> {
    return this.repo.find(paymentId);
  }

  /** A record's open charge of a part (what a success page refreshes, or staff's test bank settles). */
  async openChargeOf(subjectId: string, part: number | null = null): Promise<PaymentRow | null> {
    return this.repo.openCharge(subjectId, part);
  }

  /** Money received and given back in [start, end), in cents. */
  async movedBetween(
    start: Date,
    end: Date,
  ): Promise<{ chargedCents: number; refundedCents: number; netCents: number }> {
    const moved = await this.repo.movedBetween(start, end);
    return { ...moved, netCents: moved.chargedCents - moved.refundedCents };
  }

  /** The charges that succeeded in [start, end) with what was refunded of each (the staff's export). */
  async chargesBetween(start: Date, end: Date, limit: number) {
    return this.repo.chargesBetween(start, end, limit);
  }
}
