import type { Transaction } from "../../db/client.server.ts";
import { HOT_DEAL_SERVICE_ID } from "../cart/rules.ts";
import { DomainError, parseOrThrow } from "../errors.ts";
import type { Language } from "../i18n/language.ts";
import type { OrderItemRow, OrderRow } from "../orders/repo.server.ts";
import { idempotencyKeySchema, orderCreateSchema, type OrderView } from "../orders/schema.ts";
import type { PaymentRow } from "../payments/repo.server.ts";
import { PROMO_MESSAGES } from "../promotions/rules.ts";
import type { WorkflowEffects } from "../payments/service.server.ts";
import { WORKFLOWS, type CheckoutDeps } from "./deps.ts";
import { OrderWorkflow } from "./order-workflow.server.ts";
import { PayableOrders, type ChargePlan } from "./payable-orders.server.ts";
import { dealIdOfLine, priceOrder, PRICING_MESSAGES, type PricedDeal, type PricedService } from "./pricing.ts";

/** Why an automatic refund was made, as its reason code (the buyer's pages and e-mails explain it). */
export const DEAL_SOLD_OUT = "deal_sold_out";

/**
 * A cart's order (specification 001, sections 2-5): priced by the server from the catalogue, its hot
 * deals and the promo code; its deals' claims held while the buyer pays and counted when the provider
 * says the payment succeeded. A payment that arrives after its hold ran out, when others took the last
 * claims, is refunded at once: a deal is never sold past its limit. A full refund gives the claims back.
 */
export class CartOrders extends OrderWorkflow {
  readonly name = WORKFLOWS.cartOrder;
  private readonly payable: PayableOrders;

  constructor(deps: CheckoutDeps, payable: PayableOrders) {
    super(deps);
    this.payable = payable;
  }

  /**
   * Creates a guest order from the order-creation payload (specification 001, sections 3 and 5), priced
   * by the server. A retried request with the same Idempotency-Key answers the order it created.
   */
  async create(input: unknown, context: { language: Language; idempotencyKey?: string | null; userId?: string | null; address?: string; now?: Date }): Promise<OrderView> {
    const idempotencyKey = context.idempotencyKey ? parseOrThrow(idempotencyKeySchema, context.idempotencyKey) : null;
    if (idempotencyKey) {
      const existing = await this.d.orders.findByIdempotencyKey(idempotencyKey);
      if (existing) return this.d.orders.view(existing);
    }
    // A retry with its key is free (above); every other attempt counts against the address.
    await this.payable.countOrder(context.address);
    const request = parseOrThrow(orderCreateSchema, input);
    const language = request.language ?? context.language;
    const now = context.now ?? new Date();
    const services = new Map<string, PricedService>();
    const deals = new Map<string, PricedDeal>();
    for (const item of request.items.slice(0, 60)) {
      if (item.serviceId === HOT_DEAL_SERVICE_ID) {
        const key = dealIdOfLine(item);
        if (key === null || deals.has(key)) continue;
        const deal = await this.d.deals.findVisible(key, now, language);
        if (deal) deals.set(key, { id: deal.id, title: deal.title, description: deal.description, discountedPrice: deal.discountedPrice, claimLimit: deal.claimLimit, claimCount: deal.claimCount });
      } else if (!services.has(item.serviceId)) {
        const service = await this.d.catalogue.findOrderable(item.serviceId);
        if (service) {
          services.set(service.id, {
            ...service,
            name: language === "fr" ? service.nameFr : service.nameEn,
            description: language === "fr" ? service.descriptionFr : service.descriptionEn,
          });
        }
      }
    }
    const promo = request.promoCode ? await this.d.promotions.findActive(request.promoCode) : null;
    const returningClient = promo?.firstOrderOnly ? await this.hasPaidOrder(request.customerEmail) : false;
    const priced = priceOrder(request, { services, deals, promo, returningClient });
    if (!priced.ok) {
      throw new DomainError(priced.conflict ? "conflict" : "validation", priced.messageKey, { fields: { [priced.field]: priced.messageKey }, params: priced.params });
    }
    const view = await this.d.orders.insertAndView(
      {
        workflow: this.name,
        userId: context.userId ?? null,
        language,
        customerFirstName: request.customerFirstName,
        customerLastName: request.customerLastName,
        customerEmail: request.customerEmail,
        customerPhone: request.customerPhone,
        customerCompany: request.customerCompany,
        subtotalCents: priced.subtotalCents,
        discountCents: priced.discountCents,
        taxCents: priced.taxCents,
        totalCents: priced.totalCents,
        promoCode: priced.promoCode,
        idempotencyKey,
      },
      priced.lines.map((line, position) => ({ ...line, position })),
    );
    if (view) return view;
    // Another request with the same key won the race: answer its order.
    const existing = idempotencyKey ? await this.d.orders.findByIdempotencyKey(idempotencyKey) : null;
    if (!existing) throw new Error("order insert returned nothing without an idempotency key");
    return this.d.orders.view(existing);
  }

  /** Whether an e-mail (any case) has a paid order: "a first order" is one from an e-mail that has none. */
  private async hasPaidOrder(email: string, tx?: Transaction): Promise<boolean> {
    return (await this.d.orders.emailsWithPaidOrders([email], tx)).size > 0;
  }

  /**
   * Before a payment is tried (again): a first-order-only discount is still the buyer's first (several
   * orders placed with it before any was paid are paid one at most), then the order's deal claims held until the reservation time passes,
   * each deal's row locked so that concurrent buyers are decided one at a time against the claims
   * counted and held by others. 409 when a deal is sold out; nothing is charged then.
   */
  async prepare(tx: Transaction, order: OrderRow, items: OrderItemRow[], now: Date): Promise<ChargePlan> {
    const promo = order.promoCode && order.discountCents > 0 ? await this.d.promotions.findActive(order.promoCode, tx) : null;
    if (promo?.firstOrderOnly && (await this.hasPaidOrder(order.customerEmail, tx))) {
      throw new DomainError("conflict", PROMO_MESSAGES.firstOrderOnly, { fields: { promoCode: PROMO_MESSAGES.firstOrderOnly } });
    }
    const wanted = new Map<number, { quantity: number; name: string }>();
    for (const item of items) {
      if (item.dealId === null) continue;
      const entry = wanted.get(item.dealId) ?? { quantity: 0, name: item.serviceName };
      entry.quantity += item.quantity;
      wanted.set(item.dealId, entry);
    }
    const expiresAt = new Date(now.getTime() + this.d.reservationMinutes * 60_000);
    for (const [dealId, { quantity, name }] of [...wanted].sort(([a], [b]) => a - b)) {
      const deal = await this.d.deals.lockClaims(dealId, tx);
      if (!deal || !deal.active) throw new DomainError("conflict", PRICING_MESSAGES.dealUnavailable);
      const held = await this.d.orders.heldClaims(tx, deal.id, order.id, now);
      if (deal.claimLimit !== null && deal.claimCount + held + quantity > deal.claimLimit) {
        throw new DomainError("conflict", PRICING_MESSAGES.dealSoldOut, { params: { name } });
      }
      await this.d.orders.holdReservation(tx, { orderId: order.id, dealId: deal.id, quantity, expiresAt });
    }
    return { part: null, amountCents: order.totalCents };
  }

  /** The claims counted with one conditional UPDATE each; a claim that no longer fits refunds the payment. */
  protected async paid(tx: Transaction, order: OrderRow, items: OrderItemRow[], charge: PaymentRow, effects: WorkflowEffects): Promise<boolean> {
    const claims = new Map<number, number>();
    for (const item of items) if (item.dealId !== null) claims.set(item.dealId, (claims.get(item.dealId) ?? 0) + item.quantity);
    if (claims.size === 0) return true;
    // Counted already (a second charge of the same order): nothing more to count.
    if ((await this.d.orders.reservations(tx, order.id, ["claimed", "over_limit"])).length > 0) return true;
    let fulfilled = true;
    const now = new Date();
    const held = await this.d.orders.reservations(tx, order.id, ["held"]);
    for (const [dealId, quantity] of [...claims].sort(([a], [b]) => a - b)) {
      const deal = await this.d.deals.lockClaims(dealId, tx);
      let counted = false;
      if (deal) {
        // A payment whose hold ran out comes after the buyers who hold claims now: it counts only if
        // the claims left beside theirs still fit. Every count is a conditional UPDATE within the limit.
        const live = held.some((reservation) => reservation.dealId === deal.id && reservation.expiresAt > now);
        const othersHold = live ? 0 : await this.d.orders.heldClaims(tx, deal.id, order.id, now);
        const fits = deal.claimLimit === null || deal.claimCount + othersHold + quantity <= deal.claimLimit;
        counted = fits && (await this.d.deals.recordClaim(deal.id, quantity, tx));
      }
      await this.d.orders.setReservation(tx, { orderId: order.id, dealId: deal?.id ?? dealId, quantity, state: counted ? "claimed" : "over_limit" });
      if (!counted) fulfilled = false;
    }
    if (!fulfilled) {
      // Its reservation ran out and others took the last claims meanwhile: the money goes back at once.
      await this.d.orders.note(tx, order, DEAL_SOLD_OUT, { eventId: effects.eventId });
      await effects.refundInFull(charge, DEAL_SOLD_OUT);
    }
    return fulfilled;
  }

  protected async released(tx: Transaction, order: OrderRow): Promise<void> {
    await this.d.orders.releaseReservations(tx, order.id);
  }

  /** The deals' claims counted for this order are given back, so that others can claim them. */
  protected async refundedInFull(tx: Transaction, order: OrderRow): Promise<void> {
    for (const reservation of await this.d.orders.reservations(tx, order.id, ["claimed"])) {
      await this.d.deals.returnClaim(reservation.dealId, reservation.quantity, tx);
      await this.d.orders.setReservation(tx, { orderId: order.id, dealId: reservation.dealId, quantity: reservation.quantity, state: "returned" });
    }
  }
}
