import type { Transaction } from "../../db/client.server.ts";
import type { CurrentUser } from "../auth/schema.ts";
import { enrollmentConfirmationEmail } from "../classes/emails.ts";
import { classPaymentSchema, enrolleeSchema, type HeldEnrollment } from "../classes/enrollment-schema.ts";
import type { Enrollee, EnrollmentService } from "../classes/enrollments.server.ts";
import type { ClassService } from "../classes/service.server.ts";
import { DomainError, parseOrThrow } from "../errors.ts";
import type { Language } from "../i18n/language.ts";
import { singleAmountOrderFields } from "../instalments/schema.ts";
import type { OrderItemRow, OrderRow } from "../orders/repo.server.ts";
import { orderNumber } from "../orders/rules.ts";
import type { CheckoutDeps, PaymentIntentAnswer } from "./service.server.ts";

/** The class line's service id on an order. */
export const CLASS_SERVICE_ID = "class_enrollment";

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

/** The order moves class enrolment asks of checkout. */
export interface ClassEnrollmentHost {
  countOrder(address: string | undefined): Promise<void>;
  startPayment(orderId: string, now?: Date): Promise<PaymentIntentAnswer>;
}

/** The enrolment an order pays for, from its class line, or null for any other order. */
export function enrollmentOfItems(items: Pick<OrderItemRow, "serviceId" | "serviceData">[]): ClassLineData | null {
  const line = items.find((item) => item.serviceId === CLASS_SERVICE_ID);
  const data = line?.serviceData as Partial<ClassLineData> | undefined;
  return data && typeof data.enrollmentId === "string" && typeof data.classId === "number" ? { classId: data.classId, enrollmentId: data.enrollmentId } : null;
}

/** Who takes the seat (decision 6): the signed-in account, or the guest's name and e-mail. */
function enrolleeOf(request: { customerName?: string; customerEmail?: string }, user: CurrentUser | null): Enrollee {
  if (user) {
    const name = [user.firstName, user.lastName].filter(Boolean).join(" ").trim() || user.username || user.email;
    return { userId: user.id, name, email: user.email };
  }
  const guest = parseOrThrow(enrolleeSchema, { customerName: request.customerName, customerEmail: request.customerEmail });
  return { userId: null, name: guest.customerName, email: guest.customerEmail };
}

/**
 * Paid class enrolment (decision 6): a seat is held before anyone pays, the order is of the class's
 * price (the server's), the seat is taken only when the provider says the payment succeeded, given back
 * when it fails, and a payment that finds the class full is refunded.
 */
export class ClassEnrollments {
  private readonly d: CheckoutDeps;
  private readonly host: ClassEnrollmentHost;

  constructor(deps: CheckoutDeps, host: ClassEnrollmentHost) {
    this.d = deps;
    this.host = host;
  }

  private get services(): { classes: ClassService; enrollments: EnrollmentService } {
    if (!this.d.classes || !this.d.enrollments) throw new Error("class enrolment needs the classes and enrollments services");
    return { classes: this.d.classes, enrollments: this.d.enrollments };
  }

  /**
   * Holds a seat for the person (refused with 'Class is Full' when none is left), creates the order of
   * the class's price, and answers the provider's intent for it. A failure after the hold gives it back.
   * With `offer`, the token of a waiting-list offer link, the seat is the one the offer holds, for the
   * person it was offered to (an expired or used offer is refused, see EnrollmentService.holdFromOffer).
   */
  async create(input: unknown, context: { language: Language; user: CurrentUser | null; address?: string; now?: Date }): Promise<ClassPaymentAnswer> {
    const { classes, enrollments } = this.services;
    const request = parseOrThrow(classPaymentSchema, input);
    const language = request.language ?? context.language;
    const now = context.now ?? new Date();
    const found = await classes.getActive(request.classId, language);
    if (found.price < MIN_CHARGE_CENTS) throw new DomainError("conflict", "classes:errors.notPayable");
    const offered = request.offer === undefined ? null : await enrollments.holdFromOffer(request.offer, { userId: context.user?.id ?? null, now });
    if (offered && offered.classId !== found.id) throw new DomainError("validation", "waitlist:errors.invalidOffer", { fields: { offer: "waitlist:errors.invalidOffer" } });
    const who: Enrollee = offered ? { userId: context.user?.id ?? null, name: offered.name, email: offered.email } : enrolleeOf(request, context.user);
    await this.host.countOrder(context.address);
    const hold = offered ?? (await enrollments.hold(found.id, who, now));
    try {
      const row = await this.d.orders.insert(
        { ...singleAmountOrderFields({ customerName: who.name, customerEmail: who.email, language }, { language, userId: who.userId }, hold.amountCents) },
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
      const intent = await this.host.startPayment(row.id, now);
      return {
        ...intent,
        enrollment: {
          enrollmentId: hold.enrollmentId,
          orderId: row.id,
          classId: found.id,
          title: found.title,
          amountCents: hold.amountCents,
          reservedUntil: hold.reservedUntil.toISOString(),
          customerName: who.name,
          customerEmail: who.email,
        },
      };
    } catch (error) {
      await enrollments.release(hold.enrollmentId);
      throw error;
    }
  }

  /** Before a payment is tried (again): the order's seat held anew if its hold was given up or ran out. */
  async renew(tx: Transaction, items: OrderItemRow[], now: Date): Promise<void> {
    const line = enrollmentOfItems(items);
    if (line) await this.services.enrollments.renew(tx, line.enrollmentId, now);
  }

  /**
   * The payment succeeded (inside its event's transaction): the seat is taken and the confirmation
   * queued. False when the class filled up meanwhile: the enrolment is marked and the caller refunds.
   */
  async paid(tx: Transaction, order: OrderRow, items: OrderItemRow[], intentId: string | null): Promise<boolean> {
    const line = enrollmentOfItems(items);
    if (!line) return true;
    const { enrollments } = this.services;
    const seated = await enrollments.confirmPaid(line.enrollmentId, intentId ?? order.stripePaymentIntentId ?? "", new Date(), tx);
    if (!seated) {
      await enrollments.markRefunded(line.enrollmentId, tx);
      return false;
    }
    const described = await enrollments.describe(line.enrollmentId, tx);
    if (described) {
      const language = order.language === "fr" ? "fr" : "en";
      const who = { name: described.enrollment.customerName, email: described.enrollment.customerEmail, amountCents: order.totalCents, orderNumber: orderNumber(order.id) };
      await this.d.mail.enqueue(enrollmentConfirmationEmail(described.class, who, language, this.d.translate, this.d.company), tx);
    }
    return true;
  }

  /** The order was refunded: a student who had the seat gives it back. */
  async refunded(tx: Transaction, items: OrderItemRow[]): Promise<void> {
    const line = enrollmentOfItems(items);
    if (line) await this.services.enrollments.withdraw(line.enrollmentId, tx);
  }

  /** The payment failed or the order was cancelled: the held seat goes back at once. */
  async released(tx: Transaction, items: OrderItemRow[], paymentFailed: boolean): Promise<void> {
    const line = enrollmentOfItems(items);
    if (line) await this.services.enrollments.release(line.enrollmentId, paymentFailed, tx);
  }
}
