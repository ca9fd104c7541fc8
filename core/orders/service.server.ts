import type { Database, Transaction } from "../../db/client.server.ts";
import { DomainError, parseOrThrow } from "../errors.ts";
import type { PaymentRow } from "../payments/repo.server.ts";
import { summarise } from "../payments/rules.ts";
import { toPaymentView, toStaffPaymentView, type PaymentService } from "../payments/service.server.ts";
import {
  OrderRepo,
  type InstalmentRow,
  type NewInstalmentRow,
  type NewOrderItemRow,
  type NewOrderRow,
  type OrderItemRow,
  type OrderRow,
} from "./repo.server.ts";
import { cappedTotal, countLimitFor, offsetOf } from "../paging/rules.ts";
import { staffSearchOf } from "../paging/search.ts";
import { deriveOrderStatus, orderNumber, type OrderStatus } from "./rules.ts";
import {
  adminOrderQuerySchema,
  type AdminOrderView,
  type InstalmentView,
  type OrderItemView,
  type OrderView,
} from "./schema.ts";

export { ADMIN_PAGE_SIZE } from "./schema.ts";

/** A page of staff's orders: `total` is exact, or COUNT_CAP with `totalExact` false ("more than 1,000"). */
export interface StaffOrderPage {
  items: OrderView[];
  total: number;
  totalExact: boolean;
  page: number;
  pageSize: number;
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const orderNotFound = () => new DomainError("not_found", "orders:errors.notFound");

/** The order id of a path, or null for anything that is not a lower-case UUID. */
export function parseOrderId(raw: string): string | null {
  const id = raw.trim().toLowerCase();
  return UUID.test(id) ? id : null;
}

/** A day's first instant in UTC (the agency's time zone is passed by the edge). */
const utcDayStart = (isoDate: string, offsetDays = 0) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + offsetDays * 24 * 3600_000);

const PLANS = new Set(["1time", "2times", "3times", "monthly"]);

export function toInstalmentView(row: InstalmentRow): InstalmentView {
  return {
    id: row.id,
    position: row.position,
    amountCents: row.amountCents,
    dueAt: row.dueAt.toISOString(),
    status: row.status as InstalmentView["status"],
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    failureMessage: row.failureMessage,
  };
}

function toItemView(item: OrderItemRow): OrderItemView {
  const custom = item.pricingType === "custom";
  return {
    id: item.id,
    orderId: item.orderId,
    serviceId: item.serviceId,
    serviceName: item.serviceName,
    description: item.description,
    pricingType: custom ? "custom" : "fixed",
    unitPriceCents: item.unitPriceCents,
    ...(custom ? { customPriceCents: item.unitPriceCents } : {}),
    quantity: item.quantity,
    lineTotalCents: item.lineTotalCents,
    serviceData: (item.serviceData ?? {}) as Record<string, unknown>,
    dealId: item.dealId,
    createdAt: item.createdAt.toISOString(),
  };
}

/** An order as its buyer, its receipt and staff read it, from its rows and its payments. */
export function toOrderView(
  row: OrderRow,
  items: OrderItemRow[],
  receiptToken: string,
  schedule: InstalmentRow[],
  payments: PaymentRow[],
): OrderView {
  const charges = payments.filter((payment) => payment.kind === "charge");
  const latest = [...charges].reverse().find((payment) => payment.status !== "cancelled") ?? null;
  const method = latest ?? charges.at(-1) ?? null;
  return {
    id: row.id,
    number: orderNumber(row.id),
    status: row.status as OrderStatus,
    currency: "usd",
    language: row.language === "fr" ? "fr" : "en",
    customerFirstName: row.customerFirstName,
    customerLastName: row.customerLastName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    customerCompany: row.customerCompany,
    orderItems: items.map(toItemView),
    subtotalCents: row.subtotalCents,
    discountCents: row.discountCents,
    taxCents: row.taxCents,
    promoCode: row.promoCode,
    totalCents: row.totalCents,
    paidCents: row.paidCents,
    refundedCents: row.refundedCents,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    payment: latest ? { provider: latest.provider, brand: latest.brand, last4: latest.last4 } : null,
    failureMessage: latest?.status === "failed" ? latest.failureMessage : null,
    paymentMethodType: method?.method === "us_bank_account" ? "us_bank_account" : "card",
    paymentPlan: row.paymentPlan && PLANS.has(row.paymentPlan) ? (row.paymentPlan as OrderView["paymentPlan"]) : null,
    schedule: schedule.map(toInstalmentView),
    payments: payments.map(toPaymentView),
    receiptUrl: `/receipt/${receiptToken}`,
  };
}

/** What settling an order changed: its row before and after, and the payments it was settled from. */
export interface Settlement {
  before: OrderRow;
  after: OrderRow;
  payments: PaymentRow[];
}

/** What a caller already holds of an order, so that its view does not read it again. */
export interface KnownParts {
  items?: OrderItemRow[];
  schedule?: InstalmentRow[];
  payments?: PaymentRow[];
}

/**
 * Orders: storing them, their schedules and deal reservations, deriving their status from their
 * payments, and reading them as views. The only user of the orders' tables; the checkout workflows
 * decide what happens to an order and call these methods.
 */
export class OrderService {
  private readonly repo: OrderRepo;
  private readonly payments: PaymentService;
  private readonly receiptToken: (orderId: string) => Promise<string>;

  constructor(db: Database, payments: PaymentService, receiptToken: (orderId: string) => Promise<string>) {
    this.repo = new OrderRepo(db);
    this.payments = payments;
    this.receiptToken = receiptToken;
  }

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.repo.transaction(work);
  }

  /** Stores a priced order; null when its idempotency key was used already. */
  async insert(
    order: NewOrderRow,
    items: NewOrderItemRow[],
    schedule: NewInstalmentRow[] = [],
  ): Promise<OrderRow | null> {
    return this.repo.insert(order, items, schedule);
  }

  async findRow(id: string, tx?: Transaction): Promise<OrderRow | null> {
    return this.repo.find(id, tx);
  }

  async findByIdempotencyKey(key: string): Promise<OrderRow | null> {
    return this.repo.findByIdempotencyKey(key);
  }

  /** The order, its row locked until the transaction ends. */
  async lock(tx: Transaction, id: string): Promise<OrderRow | null> {
    return this.repo.lock(tx, id);
  }

  async items(orderId: string, tx?: Transaction): Promise<OrderItemRow[]> {
    return this.repo.items(orderId, tx);
  }

  /** Appends a history note that does not change the status (a claim that could not be counted...). */
  async note(
    tx: Transaction,
    order: OrderRow,
    cause: string,
    who: { eventId?: string | null; actor?: string | null; detail?: string | null } = {},
  ): Promise<void> {
    await this.repo.note(tx, order, cause, who.eventId ?? null, who.actor ?? null, who.detail ?? null);
  }

  /** Marks an order cancelled by staff (its status follows in settle). */
  async markCancelled(tx: Transaction, order: OrderRow): Promise<OrderRow> {
    return this.repo.update(tx, order, { cancelledAt: order.cancelledAt ?? new Date() });
  }

  /**
   * Derives the order's status again from its payments (inside the transaction that moved them, the
   * order locked), keeps what they add up to on the order, and appends a history entry when the status
   * changes, with its cause.
   */
  async settle(
    tx: Transaction,
    order: string | OrderRow,
    cause: string,
    who: { eventId?: string | null; actor?: string | null } = {},
  ): Promise<Settlement> {
    // A caller that holds the order's lock passes its row (as it is now): no second read.
    const before = typeof order === "string" ? await this.repo.lock(tx, order) : order;
    if (!before) throw orderNotFound();
    const payments = await this.payments.ofSubject(before.id, tx);
    const money = summarise(payments);
    const status = deriveOrderStatus({ totalCents: before.totalCents, cancelled: before.cancelledAt !== null }, money);
    const changes = {
      paidCents: money.chargedCents,
      refundedCents: money.refundedCents,
      ...(status === "paid" && before.paidAt === null ? { paidAt: new Date() } : {}),
    };
    if (
      status === before.status &&
      changes.paidCents === before.paidCents &&
      changes.refundedCents === before.refundedCents &&
      !changes.paidAt
    )
      return { before, after: before, payments };
    const after = await this.repo.update(
      tx,
      before,
      changes,
      status !== before.status
        ? { to: status, cause, eventId: who.eventId ?? null, actor: who.actor ?? null }
        : undefined,
    );
    return { before, after, payments };
  }

  /** An order's view; `known` parts (read already in the same transaction) are not read again. */
  async view(row: OrderRow, tx?: Transaction, known: KnownParts = {}): Promise<OrderView> {
    // Only a custom payment has a schedule: the others skip reading one.
    const schedule = known.schedule ?? (row.paymentPlan ? this.repo.instalments(row.id, tx) : []);
    const [items, token, instalments, payments] = await Promise.all([
      known.items ?? this.repo.items(row.id, tx),
      this.receiptToken(row.id),
      schedule,
      known.payments ?? this.payments.ofSubject(row.id, tx),
    ]);
    return toOrderView(row, items, token, instalments, payments);
  }

  /** Stores a priced order and answers its view from what was stored (nothing read back); null when its idempotency key was used already. */
  async insertAndView(order: NewOrderRow, items: NewOrderItemRow[]): Promise<OrderView | null> {
    const stored = await this.repo.insertReturning(order, items);
    if (!stored) return null;
    return this.view(stored.row, undefined, { items: stored.items, schedule: [], payments: [] });
  }

  /** An order's view by id; 404 when it does not exist. */
  async get(rawId: string): Promise<OrderView> {
    const id = parseOrderId(rawId);
    const row = id === null ? null : await this.repo.find(id);
    if (!row) throw orderNotFound();
    return this.view(row);
  }

  /** An order with its history and what staff see of its payments (who refunded, why). */
  async getForStaff(rawId: string): Promise<AdminOrderView> {
    const view = await this.get(rawId);
    const [history, payments] = await Promise.all([this.repo.history(view.id), this.payments.ofSubject(view.id)]);
    return {
      ...view,
      payments: payments.map(toStaffPaymentView),
      history: history.map((entry) => ({
        from: entry.fromStatus,
        to: entry.toStatus,
        cause: entry.cause,
        eventId: entry.eventId,
        actor: entry.actor,
        detail: entry.detail,
        at: entry.at.toISOString(),
      })),
    };
  }

  /** The Overview's order figures for a period: placed, and paid in full in it (still paid). */
  async figuresBetween(start: Date, end: Date): Promise<{ placed: number; paid: number; paidCents: number }> {
    return this.repo.figuresBetween(start, end);
  }

  /** The e-mails, among these, of people who paid an order (compared without case; answered lower-cased). */
  async emailsWithPaidOrders(emails: readonly string[], tx?: Transaction): Promise<Set<string>> {
    const wanted = [...new Set(emails.map((email) => email.trim().toLowerCase()).filter(Boolean))];
    return new Set(await this.repo.emailsWithPaidOrders(wanted, tx));
  }

  /** Orders by id (the payments export names their numbers and customers). */
  async rowsByIds(ids: readonly string[]): Promise<OrderRow[]> {
    return this.repo.findMany(ids);
  }

  /**
   * Staff's list, newest first, 20 a page unless asked otherwise, filtered by status, by a search (name,
   * e-mail, company, phone or order number) and by the days it was placed in (`dayStart` turns a day into
   * its first instant in the agency's time zone). Its count stops past COUNT_CAP (`totalExact` false).
   */
  async list(
    query: unknown,
    dayStart: (isoDate: string, offsetDays?: number) => Date = utcDayStart,
  ): Promise<StaffOrderPage> {
    const { status, q, page, limit, from, to } = parseOrThrow(adminOrderQuerySchema, query);
    const request = { page, limit };
    const { rows, counted } = await this.repo.list(
      {
        status: status as OrderStatus | undefined,
        search: staffSearchOf(q),
        from: from ? dayStart(from) : undefined,
        to: to ? dayStart(to, 1) : undefined,
      },
      offsetOf(request),
      limit,
      countLimitFor(request),
    );
    const { total, exact } = cappedTotal(counted, request);
    const ids = rows.map((row) => row.id);
    const [items, schedules, payments] = await Promise.all([
      this.repo.itemsOf(ids),
      this.repo.instalmentsOf(ids),
      this.payments.ofSubjects(ids),
    ]);
    const views = await Promise.all(
      rows.map(async (row) =>
        toOrderView(
          row,
          items.filter((item) => item.orderId === row.id),
          await this.receiptToken(row.id),
          schedules.filter((entry) => entry.orderId === row.id),
          payments.filter((payment) => payment.subjectId === row.id),
        ),
      ),
    );
    return { items: views, total, totalExact: exact, page, pageSize: limit };
  }

  // ---- Schedules (custom payments) ----

  async instalments(orderId: string, tx?: Transaction): Promise<InstalmentRow[]> {
    return this.repo.instalments(orderId, tx);
  }

  async findInstalment(id: number, tx?: Transaction): Promise<InstalmentRow | null> {
    return this.repo.findInstalment(id, tx);
  }

  async lockInstalment(tx: Transaction, id: number): Promise<InstalmentRow | null> {
    return this.repo.lockInstalment(tx, id);
  }

  async updateInstalment(
    tx: Transaction | Database,
    id: number,
    changes: Partial<InstalmentRow>,
  ): Promise<InstalmentRow> {
    return this.repo.updateInstalment(tx, id, changes);
  }

  async addInstalment(tx: Transaction, orderId: string, entry: NewInstalmentRow): Promise<InstalmentRow | null> {
    return this.repo.addInstalment(tx, orderId, entry);
  }

  /** Claims an instalment for one off-session charge (see OrderRepo.claimInstalmentCharge). */
  async claimInstalmentCharge(id: number, attempt: number, now: Date): Promise<InstalmentRow | null> {
    return this.repo.claimInstalmentCharge(id, attempt, now);
  }

  async dueInstalments(now: Date, limit = 100): Promise<InstalmentRow[]> {
    return this.repo.dueInstalments(now, limit);
  }

  /** Instalments still to collect (due, processing or failed) and the failed ones, in cents and count. */
  async scheduleFigures(): Promise<{ toCollectCents: number; toCollect: number; failedCents: number; failed: number }> {
    return this.repo.scheduleFigures();
  }

  // ---- Deal reservations ----

  /** Claims of a deal held by unpaid orders other than `exceptOrderId`, not yet expired at `now`. */
  async heldClaims(tx: Transaction, dealId: number, exceptOrderId: string, now: Date): Promise<number> {
    return this.repo.heldClaims(tx, dealId, exceptOrderId, now);
  }

  async orderOfClassSeat(enrollmentId: string, orderIds: readonly string[]): Promise<string | null> {
    return this.repo.orderOfClassSeat(enrollmentId, orderIds);
  }

  /** A deal's claims other orders hold now, and a person's in their other orders: see OrderRepo.claimsBeside. */
  async claimsBeside(
    dealId: number,
    email: string,
    exceptOrderId: string | null,
    now: Date,
    tx?: Transaction,
  ): Promise<{ held: number; person: number }> {
    return this.repo.claimsBeside(dealId, email, exceptOrderId, now, tx);
  }

  async holdReservation(
    tx: Transaction,
    reservation: { orderId: string; dealId: number; quantity: number; expiresAt: Date },
  ): Promise<void> {
    await this.repo.holdReservation(tx, reservation);
  }

  async releaseReservations(tx: Transaction, orderId: string): Promise<void> {
    await this.repo.settleReservations(tx, orderId, "released");
  }

  async reservations(tx: Transaction, orderId: string, states: readonly string[]) {
    return this.repo.reservations(tx, orderId, states);
  }

  async setReservation(
    tx: Transaction,
    reservation: { orderId: string; dealId: number; quantity: number; state: string },
  ): Promise<void> {
    await this.repo.setReservation(tx, reservation);
  }
}
