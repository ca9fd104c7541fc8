import type { Database, Transaction } from "../../db/client.server.ts";
import { DomainError, parseOrThrow } from "../errors.ts";
import { OrderRepo, type InstalmentRow, type NewInstalmentRow, type NewOrderItemRow, type NewOrderRow, type OrderItemRow, type OrderRow } from "./repo.server.ts";
import { orderNumber, type OrderStatus } from "./rules.ts";
import { adminOrderQuerySchema, type AdminOrderView, type InstalmentView, type OrderView } from "./schema.ts";

export const ADMIN_PAGE_SIZE = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const orderNotFound = () => new DomainError("not_found", "orders:errors.notFound");

/** The order id of a path, or null for anything that is not a lower-case UUID. */
export function parseOrderId(raw: string): string | null {
  const id = raw.trim().toLowerCase();
  return UUID.test(id) ? id : null;
}

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

export function toOrderView(row: OrderRow, items: OrderItemRow[], receiptToken: string, schedule: InstalmentRow[] = []): OrderView {
  return {
    id: row.id,
    number: orderNumber(row.id),
    status: row.status,
    currency: "usd",
    language: row.language === "fr" ? "fr" : "en",
    customerFirstName: row.customerFirstName,
    customerLastName: row.customerLastName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    customerCompany: row.customerCompany,
    items: items.map((item) => ({
      serviceId: item.serviceId,
      name: item.serviceName,
      description: item.description,
      pricingType: item.pricingType === "custom" ? "custom" : "fixed",
      unitPriceCents: item.unitPriceCents,
      quantity: item.quantity,
      totalCents: item.lineTotalCents,
      dealId: item.dealId,
    })),
    subtotalCents: row.subtotalCents,
    discountCents: row.discountCents,
    taxCents: row.taxCents,
    promoCode: row.promoCode,
    totalCents: row.totalCents,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    payment: row.paymentProvider ? { provider: row.paymentProvider, brand: row.paymentBrand, last4: row.paymentLast4 } : null,
    failureMessage: row.failureMessage,
    paymentMethodType: row.paymentMethodType === "us_bank_account" ? "us_bank_account" : "card",
    paymentPlan: row.paymentPlan && PLANS.has(row.paymentPlan) ? (row.paymentPlan as OrderView["paymentPlan"]) : null,
    schedule: schedule.map(toInstalmentView),
    receiptUrl: `/receipt/${receiptToken}`,
  };
}

/** Orders: storing them, reading them as views, and the staff list. Transitions are checkout's. */
export class OrderService {
  readonly repo: OrderRepo;
  private readonly receiptToken: (orderId: string) => Promise<string>;

  constructor(db: Database, receiptToken: (orderId: string) => Promise<string>) {
    this.repo = new OrderRepo(db);
    this.receiptToken = receiptToken;
  }

  /** Stores a priced order; null when its idempotency key was used already. */
  async insert(order: NewOrderRow, items: NewOrderItemRow[], schedule: NewInstalmentRow[] = []): Promise<OrderRow | null> {
    return this.repo.insert(order, items, schedule);
  }

  async findRow(id: string, tx?: Transaction): Promise<OrderRow | null> {
    return this.repo.find(id, tx);
  }

  async view(row: OrderRow, tx?: Transaction): Promise<OrderView> {
    return toOrderView(row, await this.repo.items(row.id, tx), await this.receiptToken(row.id), await this.repo.instalments(row.id, tx));
  }

  /** An order's view by id; 404 when it does not exist. */
  async get(rawId: string): Promise<OrderView> {
    const id = parseOrderId(rawId);
    const row = id === null ? null : await this.repo.find(id);
    if (!row) throw orderNotFound();
    return this.view(row);
  }

  /** An order with its history, for staff. */
  async getForStaff(rawId: string): Promise<AdminOrderView> {
    const view = await this.get(rawId);
    const history = await this.repo.history(view.id);
    return {
      ...view,
      history: history.map((entry) => ({ from: entry.fromStatus, to: entry.toStatus, cause: entry.cause, eventId: entry.eventId, actor: entry.actor, at: entry.at.toISOString() })),
    };
  }

  /** The Overview's order figures for a period: placed, paid (and still paid), and the paid total in cents. */
  async figuresBetween(start: Date, end: Date): Promise<{ placed: number; paid: number; paidCents: number }> {
    return this.repo.figuresBetween(start, end);
  }

  /** The e-mails, among these, of people who paid an order (compared without case; answered lower-cased). */
  async emailsWithPaidOrders(emails: readonly string[]): Promise<Set<string>> {
    const wanted = [...new Set(emails.map((email) => email.trim().toLowerCase()).filter(Boolean))];
    return new Set(await this.repo.emailsWithPaidOrders(wanted));
  }

  /** Staff's list, newest first, 20 a page, filtered by status and by e-mail or order number. */
  async list(query: unknown): Promise<{ items: OrderView[]; total: number; page: number; pageSize: number }> {
    const { status, q, page } = parseOrThrow(adminOrderQuerySchema, query);
    const { rows, total } = await this.repo.list({ status: status as OrderStatus | undefined, q: q || undefined }, (page - 1) * ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE);
    const items = await this.repo.itemsOf(rows.map((row) => row.id));
    const schedules = await this.repo.instalmentsOf(rows.map((row) => row.id));
    const views = await Promise.all(
      rows.map(async (row) => toOrderView(row, items.filter((item) => item.orderId === row.id), await this.receiptToken(row.id), schedules.filter((entry) => entry.orderId === row.id))),
    );
    return { items: views, total, page, pageSize: ADMIN_PAGE_SIZE };
  }
}
