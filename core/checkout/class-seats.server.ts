import type { Transaction } from "../../db/client.server.ts";
import type { CurrentUser } from "../auth/schema.ts";
import { enrollmentConfirmationEmail } from "../classes/emails.ts";
import { classPaymentSchema, enrolleeSchema, type HeldEnrollment } from "../classes/enrollment-schema.ts";
import type { Enrollee, EnrollmentService, SeatHold } from "../classes/enrollments.server.ts";
import type { ClassService } from "../classes/service.server.ts";
import { DomainError, parseOrThrow } from "../errors.ts";
import type { Language } from "../i18n/language.ts";
import { singleAmountOrderFields } from "../instalments/schema.ts";
import type { OrderItemRow, OrderRow } from "../orders/repo.server.ts";
import { orderNumber } from "../orders/rules.ts";
import type { PaymentRow } from "../payments/repo.server.ts";
import type { WorkflowEffects } from "../payments/service.server.ts";
import { WORKFLOWS, type CheckoutDeps, type PaymentIntentAnswer } from "./deps.ts";
import { OrderWorkflow } from "./order-workflow.server.ts";
import type { ChargePlan, PayableOrders } from "./payable-orders.server.ts";

/** The class line's service id on an order. */
export const CLASS_SERVICE_ID = "class_enrollment";

/** Why an automatic refund was made when a class filled up while its seat was being paid for. */
export const CLASS_FULL = "class_full";

/** The smallest amount a card payment can carry (the orders' total check). */
const MIN_CHARGE_CENTS = 50;

/** What POST /api/create-class-payment-intent answers: the intent of the server's price, and the held seat. */
export interface ClassPaymentAnswer extends PaymentIntentAnswer {
  enrollment: HeldEnrollment;
}

/** What the class line of an order records about its seat. */
interface ClassLineData {
  classId: number;
  enrollmentId: string;
}

/** The enrolment an order pays for, from its class line, or null for any other order. */
export function enrollmentOfItems(items: Pick<OrderItemRow, "serviceId" | "serviceData">[]): ClassLineData | null {
  const line = items.find((item) => item.serviceId === CLASS_SERVICE_ID);
  const data = line?.serviceData as Partial<ClassLineData> | undefined;
  return data && typeof data.enrollmentId === "string" && typeof data.classId === "number"
    ? { classId: data.classId, enrollmentId: data.enrollmentId }
    : null;
}

/** What the buyer's page learns of the seat held for them. */
function heldEnrollment(hold: SeatHold, orderId: string, title: string, who: Enrollee): HeldEnrollment {
  return {
    enrollmentId: hold.enrollmentId,
    orderId,
    classId: hold.classId,
    title,
    amountCents: hold.amountCents,
    reservedUntil: hold.reservedUntil.toISOString(),
    customerName: who.name,
    customerEmail: who.email,
  };
}

/** Who takes the seat (decision 6): the signed-in account, or the guest's name and e-mail. */
function enrolleeOf(request: { customerName?: string; customerEmail?: string }, user: CurrentUser | null): Enrollee {
  if (user) {
    const name = [user.firstName, user.lastName].filter(Boolean).join(" ").trim() || user.username || user.email;
    return { userId: user.id, name, email: user.email };
  }
  const guest = parseOrThrow(enrolleeSchema, {
    customerName: request.customerName,
    customerEmail: request.customerEmail,
  });
  return { userId: null, name: guest.customerName, email: guest.customerEmail };
}

/**
 * Paid class enrolment (decision 6): a seat is held before anyone pays, the order is of the class's
 * price (the server's), the seat is taken only when the provider says the payment succeeded, given back
 * when it fails, and a payment that finds the class full is refunded at once. A full refund frees the
 * seat, which is offered to the class's waiting list.
 */
export class ClassSeats extends OrderWorkflow {
  readonly name = WORKFLOWS.classSeat;
  private readonly payable: PayableOrders;

  constructor(deps: CheckoutDeps, payable: PayableOrders) {
    super(deps);
    this.payable = payable;
  }

  private get services(): { classes: ClassService; enrollments: EnrollmentService } {
    if (!this.d.classes || !this.d.enrollments)
      throw new Error("class enrolment needs the classes and enrollments services");
    return { classes: this.d.classes, enrollments: this.d.enrollments };
  }

  /**
   * Holds a seat for the person (refused with 'Class is Full' when none is left), creates the order of
   * the class's price, and answers the provider's intent for it. A failure after the hold gives it back.
   * With `offer`, the token of a waiting-list offer link, the seat is the one the offer holds, for the
   * person it was offered to (an expired or used offer is refused, see EnrollmentService.holdFromOffer).
   */
  async create(
    input: unknown,
    context: {
      language: Language;
      user: CurrentUser | null;
      address?: string;
      browserOrders?: readonly string[];
      now?: Date;
    },
  ): Promise<ClassPaymentAnswer> {
    const { classes, enrollments } = this.services;
    const request = parseOrThrow(classPaymentSchema, input);
    const language = request.language ?? context.language;
    const now = context.now ?? new Date();
    const found = await classes.getActive(request.classId, language);
    if (found.price < MIN_CHARGE_CENTS) throw new DomainError("conflict", "classes:errors.notPayable");
    const offered =
      request.offer === undefined
        ? null
        : await enrollments.holdFromOffer(request.offer, { userId: context.user?.id ?? null, now });
    if (offered && offered.classId !== found.id)
      throw new DomainError("validation", "waitlist:errors.invalidOffer", {
        fields: { offer: "waitlist:errors.invalidOffer" },
      });
    const who: Enrollee = offered
      ? { userId: context.user?.id ?? null, name: offered.name, email: offered.email }
      : enrolleeOf(request, context.user);
    if (!offered && context.browserOrders?.length) {
      // The person's seat is already held: the same browser (a reload, a second tab) resumes paying its
      // order; any other gets 'already held' (EnrollmentService.hold), never a second seat.
      const held = await enrollments.liveHoldOf(found.id, who, now);
      const orderId = held ? await this.d.orders.orderOfClassSeat(held.enrollmentId, context.browserOrders) : null;
      if (held && orderId) {
        const intent = await this.payable.startPayment(this, orderId, now);
        return { ...intent, enrollment: heldEnrollment(held, orderId, found.title, who) };
      }
    }
    await this.payable.countOrder(context.address);
    if (!offered) await this.payable.countHold(context.address);
    const hold = offered ?? (await enrollments.hold(found.id, who, now));
    try {
      const row = await this.d.orders.insert(
        {
          ...singleAmountOrderFields(
            { customerName: who.name, customerEmail: who.email, language },
            { language, userId: who.userId },
            hold.amountCents,
          ),
          workflow: this.name,
        },
        [
          {
            position: 0,
            serviceId: CLASS_SERVICE_ID,
            serviceName: found.title,
            description: found.instructorName,
            pricingType: "fixed",
            unitPriceCents: hold.amountCents,
            quantity: 1,
            lineTotalCents: hold.amountCents,
            serviceData: { classId: found.id, enrollmentId: hold.enrollmentId } satisfies ClassLineData,
          },
        ],
      );
      if (!row) throw new Error("class order insert returned nothing");
      const intent = await this.payable.startPayment(this, row.id, now);
      return { ...intent, enrollment: heldEnrollment(hold, row.id, found.title, who) };
    } catch (error) {
      await enrollments.release(hold.enrollmentId);
      throw error;
    }
  }

  /** Before a payment is tried (again): the order's seat held anew if its hold was given up or ran out. */
  async prepare(tx: Transaction, order: OrderRow, items: OrderItemRow[], now: Date): Promise<ChargePlan> {
    const line = enrollmentOfItems(items);
    if (line) await this.services.enrollments.renew(tx, line.enrollmentId, now);
    return { part: null, amountCents: order.totalCents };
  }

  /** The seat is taken and the confirmation queued; a class that filled up meanwhile refunds the payment. */
  protected async paid(
    tx: Transaction,
    order: OrderRow,
    items: OrderItemRow[],
    charge: PaymentRow,
    effects: WorkflowEffects,
  ): Promise<boolean> {
    const line = enrollmentOfItems(items);
    if (!line) return true;
    const { enrollments } = this.services;
    const seated = await enrollments.confirmPaid(
      line.enrollmentId,
      charge.providerPaymentId ?? charge.id,
      new Date(),
      tx,
    );
    if (!seated) {
      await enrollments.markRefunded(line.enrollmentId, tx);
      await this.d.orders.note(tx, order, CLASS_FULL, { eventId: effects.eventId });
      await effects.refundInFull(charge, CLASS_FULL);
      return false;
    }
    const described = await enrollments.describe(line.enrollmentId, tx);
    if (described) {
      const language = order.language === "fr" ? "fr" : "en";
      const who = {
        name: described.enrollment.customerName,
        email: described.enrollment.customerEmail,
        amountCents: order.totalCents,
        orderNumber: orderNumber(order.id),
      };
      await this.d.mail.enqueue(
        enrollmentConfirmationEmail(described.class, who, language, this.d.translate, this.d.company),
        tx,
      );
    }
    return true;
  }

  /** The payment failed or the order was cancelled: the held seat goes back at once. */
  protected async released(
    tx: Transaction,
    _order: OrderRow,
    items: OrderItemRow[],
    _charge: PaymentRow | null,
    paymentFailed: boolean,
  ): Promise<void> {
    const line = enrollmentOfItems(items);
    if (line) await this.services.enrollments.release(line.enrollmentId, paymentFailed, tx);
  }

  /** Refunded in full: a student who had the seat gives it back, and it is offered to the waiting list. */
  protected async refundedInFull(tx: Transaction, _order: OrderRow, items: OrderItemRow[]): Promise<void> {
    const line = enrollmentOfItems(items);
    if (line) await this.services.enrollments.withdraw(line.enrollmentId, tx);
  }
}
