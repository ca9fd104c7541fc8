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

/** The claims an order's lines make, by deal. */
function claimsOf(lines: ReadonlyArray<{ dealId: number | null; quantity: number }>): Map<number, number> {
  const claims = new Map<number, number>();
  for (const line of lines)
    if (line.dealId !== null) claims.set(line.dealId, (claims.get(line.dealId) ?? 0) + line.quantity);
  return claims;
}

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
  async create(
    input: unknown,
    context: {
      language: Language;
      idempotencyKey?: string | null;
      userId?: string | null;
      address?: string;
      now?: Date;
    },
  ): Promise<OrderView> {
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
        if (deal)
          deals.set(key, {
            id: deal.id,
            title: deal.title,
            description: deal.description,
            discountedPrice: deal.discountedPrice,
            claimLimit: deal.claimLimit,
            claimCount: deal.claimCount,
            perPersonLimit: deal.perPersonLimit,
          });
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
      throw new DomainError(priced.conflict ? "conflict" : "validation", priced.messageKey, {
        fields: { [priced.field]: priced.messageKey },
        params: priced.params,
      });
    }
    const claimed = claimsOf(priced.lines);
    if (claimed.size > 0) {
      // An order of a deal holds its claims while it is paid: one person cannot hold more than the deal
      // allows each, and holds from one address are budgeted, so that nobody can keep a deal "sold out".
      for (const [dealId, quantity] of claimed) {
        const deal = [...deals.values()].find((candidate) => candidate.id === dealId);
        if (!deal) continue;
        const already = await this.d.orders.claimsBeside(dealId, request.customerEmail, null, now);
        if (already.person + quantity > deal.perPersonLimit) {
          throw new DomainError("conflict", PRICING_MESSAGES.dealAlreadyClaimed, {
            params: { name: deal.title, count: deal.perPersonLimit },
          });
        }
      }
      await this.payable.countHold(context.address);
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
    const promo =
      order.promoCode && order.discountCents > 0 ? await this.d.promotions.findActive(order.promoCode, tx) : null;
    if (promo?.firstOrderOnly && (await this.hasPaidOrder(order.customerEmail, tx))) {
      throw new DomainError("conflict", PROMO_MESSAGES.firstOrderOnly, {
        fields: { promoCode: PROMO_MESSAGES.firstOrderOnly },
      });
    }
    const names = new Map<number, string>();
    for (const item of items) if (item.dealId !== null) names.set(item.dealId, item.serviceName);
    const wanted = claimsOf(items);
    if (wanted.size === 0) return { part: null, amountCents: order.totalCents };
    const earlier = new Map(
      (await this.d.orders.reservations(tx, order.id, ["held", "released"])).map((reservation) => [
        reservation.dealId,
        reservation,
      ]),
    );
    for (const [dealId, quantity] of [...wanted].sort(([a], [b]) => a - b)) {
      const name = names.get(dealId) ?? "";
      const deal = await this.d.deals.lockClaims(dealId, tx);
      if (!deal || !deal.active) throw new DomainError("conflict", PRICING_MESSAGES.dealUnavailable);
      const beside = await this.d.orders.claimsBeside(deal.id, order.customerEmail, order.id, now, tx);
      if (beside.person + quantity > deal.perPersonLimit) {
        throw new DomainError("conflict", PRICING_MESSAGES.dealAlreadyClaimed, {
          params: { name, count: deal.perPersonLimit },
        });
      }
      if (deal.claimLimit !== null && deal.claimCount + beside.held + quantity > deal.claimLimit) {
        throw new DomainError("conflict", PRICING_MESSAGES.dealSoldOut, { params: { name } });
      }
      // An order's hold ends when its first hold said: asking to pay again never moves the end, so that
      // unpaid orders cannot keep claims from buyers. Before the end, the order keeps its hold (or takes
      // it back after a declined card); after it, the order may still be paid while claims are left
      // (checked above, and again when the payment arrives), but holds none.
      const previous = earlier.get(deal.id);
      const expiresAt = previous?.expiresAt ?? new Date(now.getTime() + this.d.reservationMinutes * 60_000);
      if (expiresAt > now && !(previous?.state === "held" && previous.quantity === quantity)) {
        await this.d.orders.holdReservation(tx, { orderId: order.id, dealId: deal.id, quantity, expiresAt });
        this.d.deals.holdsChanged();
      }
    }
    return { part: null, amountCents: order.totalCents };
  }

  /** The claims counted with one conditional UPDATE each; a claim that no longer fits refunds the payment. */
  protected async paid(
    tx: Transaction,
    order: OrderRow,
    items: OrderItemRow[],
    charge: PaymentRow,
    effects: WorkflowEffects,
  ): Promise<boolean> {
    const claims = claimsOf(items);
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
      await this.d.orders.setReservation(tx, {
        orderId: order.id,
        dealId: deal?.id ?? dealId,
        quantity,
        state: counted ? "claimed" : "over_limit",
      });
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
    this.d.deals.holdsChanged();
  }

  /** The deals' claims counted for this order are given back, so that others can claim them. */
  protected async refundedInFull(tx: Transaction, order: OrderRow): Promise<void> {
    for (const reservation of await this.d.orders.reservations(tx, order.id, ["claimed"])) {
      await this.d.deals.returnClaim(reservation.dealId, reservation.quantity, tx);
      await this.d.orders.setReservation(tx, {
        orderId: order.id,
        dealId: reservation.dealId,
        quantity: reservation.quantity,
        state: "returned",
      });
    }
  }
}
