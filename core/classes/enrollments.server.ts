import { and, count, eq, gt, or, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server.ts";
import { classEnrollments, classes } from "../../db/schema/classes.ts";
import type { ContentEvents } from "../cache/content-cache.ts";
import { DomainError } from "../errors.ts";
import { parseId } from "../ids.ts";
import { seatLeftForNewcomer } from "./waitlist-rules.ts";
import { markOfferClaimed, waitingCount, type OfferedHold, type WaitlistService } from "./waitlist.server.ts";

/** Who takes a seat (decision 6): the signed-in user, or the guest named at payment. Never a placeholder. */
export interface Enrollee {
  userId: string | null;
  name: string;
  email: string;
}

export interface SeatHold {
  enrollmentId: string;
  classId: number;
  amountCents: number;
  reservedUntil: Date;
}

type Executor = Database | Transaction;

const classFull = () => new DomainError("conflict", "classes:errors.full");
/** 409: the person already holds a seat of this class, paid for in another browser or tab; it frees at its end. */
const seatAlreadyHeld = (hold: Pick<SeatHold, "reservedUntil">, now: Date) =>
  new DomainError("conflict", "classes:errors.seatHeld", {
    params: { count: Math.max(1, Math.ceil((hold.reservedUntil.getTime() - now.getTime()) / 60_000)) },
  });
const classNotFound = () => new DomainError("not_found", "classes:errors.notFound");

/**
 * Seats of classes: held while a person pays, taken when the payment provider confirms, given back
 * when the payment fails or the hold runs out. A hold is a `reserved` enrolment with an end time;
 * a seat is free while enrolled students plus live holds stay below `max_students`.
 */
export class EnrollmentService {
  private readonly db: Database;
  private readonly holdMinutes: number;
  private readonly content?: ContentEvents;
  private readonly waitlist?: WaitlistService;

  constructor(db: Database, options: { holdMinutes: number; content?: ContentEvents; waitlist?: WaitlistService }) {
    this.db = db;
    this.holdMinutes = options.holdMinutes;
    this.content = options.content;
    this.waitlist = options.waitlist;
  }

  /**
   * Holds one seat of an active class for `who` until the hold time passes. The class's row is locked,
   * so concurrent holds are decided one at a time, each counting the others' live holds: with N seats
   * left, exactly N holds succeed and the others get 'Class is Full' before anyone pays. Seats that free
   * while people wait on the class's waiting list are theirs (first come first served), not a newcomer's.
   * The price is the class's, decided here.
   */
  async hold(rawClassId: string | number, who: Enrollee, now: Date = new Date()): Promise<SeatHold> {
    const classId = parseId(rawClassId);
    if (classId === null) throw classNotFound();
    const hold = await this.db.transaction(async (tx) => {
      // The class's row is locked first, so that one person's concurrent requests are decided one at a time.
      const row = await this.lockClass(tx, classId);
      const held = await this.liveHoldOf(classId, who, now, tx);
      if (held) throw seatAlreadyHeld(held, now);
      await this.checkRoom(tx, row, now);
      const reservedUntil = new Date(now.getTime() + this.holdMinutes * 60_000);
      const [enrollment] = await tx
        .insert(classEnrollments)
        .values({
          classId,
          userId: who.userId,
          customerName: who.name,
          customerEmail: who.email,
          amountPaid: row.price,
          reservedUntil,
          createdAt: now,
        })
        .returning({ id: classEnrollments.id });
      return { enrollmentId: enrollment.id, classId, amountCents: row.price, reservedUntil };
    });
    this.content?.changed("classes");
    return hold;
  }

  /**
   * The seat a person holds now in a class (by e-mail, in any case, or by account), or null: one person
   * holds at most one seat of a class at a time, so that nobody can keep a class full without paying.
   */
  async liveHoldOf(
    classId: number,
    who: Pick<Enrollee, "userId" | "email">,
    now: Date,
    executor: Executor = this.db,
  ): Promise<SeatHold | null> {
    const person =
      who.userId === null
        ? sql`lower(${classEnrollments.customerEmail}) = lower(${who.email})`
        : or(
            sql`lower(${classEnrollments.customerEmail}) = lower(${who.email})`,
            eq(classEnrollments.userId, who.userId),
          );
    const [row] = await executor
      .select({
        enrollmentId: classEnrollments.id,
        classId: classEnrollments.classId,
        amountCents: classEnrollments.amountPaid,
        reservedUntil: classEnrollments.reservedUntil,
      })
      .from(classEnrollments)
      .where(
        and(
          eq(classEnrollments.classId, classId),
          eq(classEnrollments.enrollmentStatus, "reserved"),
          gt(classEnrollments.reservedUntil, now),
          person,
        ),
      )
      .limit(1);
    return row ?? null;
  }

  /**
   * Records a paid enrolment, called by the payment's verified webhook only: the hold becomes a seat with
   * one conditional UPDATE that adds a student only while the class has room, so that even a payment
   * arriving after its hold ran out can never pass `max_students`. False when the seat could not be
   * taken (the class filled up meanwhile: the caller refunds), the enrolment was not a live hold, or the
   * seat was already paid by another payment; a repeated event changes nothing and answers true.
   */
  async confirmPaid(
    enrollmentId: string,
    paymentIntentId: string,
    now: Date = new Date(),
    executor: Executor = this.db,
  ): Promise<boolean> {
    // Inside the payment event's transaction when given one (a savepoint), so that both commit together.
    return executor.transaction(async (tx) => {
      const [enrollment] = await tx
        .select()
        .from(classEnrollments)
        .where(eq(classEnrollments.id, enrollmentId))
        .for("update")
        .limit(1);
      if (!enrollment) return false;
      // A repeated event of the same payment changes nothing; a second payment for a seat already paid
      // (two orders for one offered seat) is refused, so that the caller refunds it.
      if (enrollment.enrollmentStatus === "active") return enrollment.paymentIntentId === paymentIntentId;
      if (enrollment.enrollmentStatus !== "reserved") return false;
      // A payment whose hold ran out comes after the people who hold a seat now or wait for one, as a
      // newcomer would: it takes a seat only if one is left beside theirs (else the caller refunds it).
      if (enrollment.reservedUntil <= now) {
        const room = await this.lockRoom(tx, enrollment.classId, now).then(
          () => true,
          (error: unknown) => {
            if (error instanceof DomainError) return false;
            throw error;
          },
        );
        if (!room) return false;
      }
      const taken = await tx
        .update(classes)
        .set({ currentEnrollment: sql`${classes.currentEnrollment} + 1`, updatedAt: now })
        .where(
          and(
            eq(classes.id, enrollment.classId),
            sql`(${classes.maxStudents} is null or ${classes.currentEnrollment} < ${classes.maxStudents})`,
          ),
        )
        .returning({ id: classes.id });
      if (taken.length === 0) return false;
      await tx
        .update(classEnrollments)
        .set({ enrollmentStatus: "active", paymentStatus: "paid", paymentIntentId, enrolledAt: now })
        .where(eq(classEnrollments.id, enrollmentId));
      await markOfferClaimed(tx, enrollmentId, now);
      this.content?.changed("classes");
      return true;
    });
  }

  /**
   * Locks an active class's row and checks it has room for one more hold: enrolled students plus live
   * holds plus the people on its waiting list below `max_students`. 'Class Not Found' or 'Class is Full'
   * otherwise.
   */
  private async lockRoom(tx: Transaction, classId: number, now: Date) {
    return this.checkRoom(tx, await this.lockClass(tx, classId), now);
  }

  /** An active class's seat figures, its row locked until the transaction ends; 'Class Not Found' otherwise. */
  private async lockClass(tx: Transaction, classId: number) {
    const [row] = await tx
      .select({
        id: classes.id,
        active: classes.active,
        price: classes.price,
        maxStudents: classes.maxStudents,
        currentEnrollment: classes.currentEnrollment,
      })
      .from(classes)
      .where(eq(classes.id, classId))
      .for("update")
      .limit(1);
    if (!row || !row.active) throw classNotFound();
    return row;
  }

  /** 'Class is Full' unless a locked class has room for one more hold (see lockRoom). */
  private async checkRoom<T extends { id: number; maxStudents: number | null; currentEnrollment: number }>(
    tx: Transaction,
    row: T,
    now: Date,
  ): Promise<T> {
    const classId = row.id;
    if (row.maxStudents !== null) {
      const [held] = await tx
        .select({ n: count() })
        .from(classEnrollments)
        .where(
          and(
            eq(classEnrollments.classId, classId),
            eq(classEnrollments.enrollmentStatus, "reserved"),
            gt(classEnrollments.reservedUntil, now),
          ),
        );
      if (!seatLeftForNewcomer(row, Number(held?.n ?? 0), await waitingCount(tx, classId))) throw classFull();
    }
    return row;
  }

  /**
   * Before an enrolment's payment is tried once more (a retry after a declined card, or after its hold
   * ran out): nothing to do while the hold is live or the seat is paid. Otherwise the class's row is
   * locked and, if the class still has room, the enrolment waits for its payment again, but its hold
   * keeps the end it was first given: asking again never holds a seat longer, so that unpaid requests
   * cannot keep a class full. Past that end it holds nothing (the payment takes a seat only if one is
   * left when it arrives). No room: 'Class is Full' and nothing is charged.
   */
  async renew(tx: Transaction, enrollmentId: string, now: Date = new Date()): Promise<void> {
    const [enrollment] = await tx
      .select()
      .from(classEnrollments)
      .where(eq(classEnrollments.id, enrollmentId))
      .for("update")
      .limit(1);
    if (!enrollment) throw classNotFound();
    if (enrollment.enrollmentStatus === "active") return;
    if (enrollment.enrollmentStatus === "reserved" && enrollment.reservedUntil > now) return;
    await this.lockRoom(tx, enrollment.classId, now);
    await tx
      .update(classEnrollments)
      .set({ enrollmentStatus: "reserved", paymentStatus: "pending" })
      .where(eq(classEnrollments.id, enrollmentId));
    if (enrollment.reservedUntil > now) this.content?.changed("classes");
  }

  /**
   * A paid enrolment whose money was given back (a refund): the student leaves and the seat is free
   * again. Only an active enrolment gives a seat back, so a repeated refund event changes nothing.
   */
  async withdraw(enrollmentId: string, executor: Executor = this.db, now: Date = new Date()): Promise<void> {
    await executor.transaction(async (tx) => {
      const left = await tx
        .update(classEnrollments)
        .set({ enrollmentStatus: "cancelled", paymentStatus: "refunded", notes: "refunded" })
        .where(and(eq(classEnrollments.id, enrollmentId), eq(classEnrollments.enrollmentStatus, "active")))
        .returning({ classId: classEnrollments.classId });
      if (left.length === 0) return;
      await tx
        .update(classes)
        .set({ currentEnrollment: sql`${classes.currentEnrollment} - 1`, updatedAt: now })
        .where(and(eq(classes.id, left[0].classId), gt(classes.currentEnrollment, 0)));
      this.content?.changed("classes");
      // The freed seat goes to the first person on the waiting list, in the same transaction.
      await this.waitlist?.seatsMayHaveFreed(left[0].classId, now, tx);
    });
  }

  /** Marks a paid enrolment whose seat could not be taken (the class filled meanwhile) as refunded. */
  async markRefunded(enrollmentId: string, executor: Executor = this.db): Promise<void> {
    await executor
      .update(classEnrollments)
      .set({
        enrollmentStatus: "cancelled",
        paymentStatus: "refunded",
        notes: "refunded: the class was full when the payment arrived",
      })
      .where(and(eq(classEnrollments.id, enrollmentId), sql`${classEnrollments.enrollmentStatus} <> 'active'`));
  }

  /** An enrolment with its class (for the confirmation e-mail), read within the caller's transaction. */
  async describe(
    enrollmentId: string,
    executor: Executor = this.db,
  ): Promise<{ enrollment: typeof classEnrollments.$inferSelect; class: typeof classes.$inferSelect } | null> {
    const [row] = await executor
      .select({ enrollment: classEnrollments, class: classes })
      .from(classEnrollments)
      .innerJoin(classes, eq(classes.id, classEnrollments.classId))
      .where(eq(classEnrollments.id, enrollmentId))
      .limit(1);
    return row ?? null;
  }

  /**
   * Gives a held seat back (the payment failed or was abandoned) and offers it to the first person on the
   * waiting list, in `executor`'s transaction when given; an enrolment already paid is kept. A seat
   * offered from the waiting list stays held for its person until the offer ends, so that a declined card
   * can be replaced by another.
   */
  async release(
    enrollmentId: string,
    paymentFailed = false,
    executor: Executor = this.db,
    now: Date = new Date(),
  ): Promise<void> {
    const released = await executor
      .update(classEnrollments)
      .set({ enrollmentStatus: "cancelled", paymentStatus: paymentFailed ? "failed" : "pending" })
      .where(
        and(
          eq(classEnrollments.id, enrollmentId),
          eq(classEnrollments.enrollmentStatus, "reserved"),
          sql`not exists (select 1 from class_waitlist w where w.enrollment_id = ${classEnrollments.id} and w.status = 'offered' and w.offered_until > ${now.toISOString()}::timestamptz)`,
        ),
      )
      .returning({ classId: classEnrollments.classId });
    if (released.length === 0) return;
    this.content?.changed("classes");
    await this.waitlist?.seatsMayHaveFreed(released[0].classId, now, executor);
  }

  /**
   * The seat a waiting-list offer holds, from the token of its link, for the person it was offered to
   * (see WaitlistService.claim): what `POST /api/create-class-payment-intent` pays when given `offer`.
   */
  async holdFromOffer(
    token: unknown,
    options: { userId?: string | null; now?: Date } = {},
  ): Promise<OfferedHold & SeatHold> {
    if (!this.waitlist) throw new DomainError("validation", "waitlist:errors.invalidOffer");
    return this.waitlist.claim(token, options);
  }
}
