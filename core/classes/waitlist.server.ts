import { createHash, randomBytes } from "node:crypto";
import { and, asc, count, eq, gt, inArray, lte, or, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server.ts";
import { classWaitlist } from "../../db/schema/class-waitlist.ts";
import { classEnrollments, classes } from "../../db/schema/classes.ts";
import { DomainError, parseOrThrow } from "../errors.ts";
import { isLanguage, type Language } from "../i18n/language.ts";
import { parseId } from "../ids.ts";
import type { JobLogger, JobQueue } from "../jobs/queue.server.ts";
import type { CompanyDetails, Translate } from "../mail/rules.ts";
import type { MailMessage } from "../mail/schema.ts";
import type { RateLimitService } from "../rate-limit/service.server.ts";
import { formatOfferEnd, joinedEmail, offerEmail } from "./waitlist-emails.ts";
import {
  LIVE_STATUSES,
  WAITLIST_BUDGET,
  WAITLIST_STATUSES,
  WAITLIST_TOKEN_BYTES,
  freeSeats,
  isWaitlistToken,
  leaveUrl,
  offerEnds,
  offerState,
  offerUrl,
  positionOf,
  seatLeftForNewcomer,
  type WaitlistStatus,
} from "./waitlist-rules.ts";
import {
  waitlistJoinSchema,
  type StaffWaitlistEntry,
  type WaitlistOffer,
  type WaitlistPlace,
} from "./waitlist-schema.ts";

/** The queue of the periodic sweep that notices ended holds and offers. */
export const WAITLIST_SWEEP_QUEUE = "class-waitlist-sweep";
const SWEEP_EVERY_MS = 60_000;

/** The outbox as this module uses it: a message is queued in the caller's transaction. */
export interface WaitlistMailQueue {
  enqueue(message: MailMessage, tx?: Transaction): Promise<void>;
}

export interface WaitlistDependencies {
  mail: WaitlistMailQueue;
  translate: Translate;
  company: CompanyDetails;
  rateLimits: RateLimitService;
  /** Absolute address of the site, for the e-mailed links. */
  publicUrl: string;
  /** How long a seat offered to the next person waiting stays held for them (CLASS_WAITLIST_OFFER_HOURS). */
  offerHours: number;
  /** The studio's time zone, in which e-mails write an offer's end. */
  timeZone: string;
  /** The job queue that runs the sweep every minute; without it, call `sweep` yourself. */
  jobs?: JobQueue;
  logger?: JobLogger;
}

/** A seat held through an offer, with the person it is held for. */
export interface OfferedHold {
  enrollmentId: string;
  classId: number;
  amountCents: number;
  reservedUntil: Date;
  name: string;
  email: string;
}

const sha256Hex = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(WAITLIST_TOKEN_BYTES).toString("base64url");
const classNotFound = () => new DomainError("not_found", "classes:errors.notFound");
const invalidLink = () =>
  new DomainError("validation", "waitlist:errors.invalidLink", { fields: { token: "waitlist:errors.invalidLink" } });
const invalidOffer = () =>
  new DomainError("validation", "waitlist:errors.invalidOffer", { fields: { offer: "waitlist:errors.invalidOffer" } });
const offerExpired = () =>
  new DomainError("conflict", "waitlist:errors.offerExpired", { fields: { offer: "waitlist:errors.offerExpired" } });
const offerUsed = () =>
  new DomainError("conflict", "waitlist:errors.offerUsed", { fields: { offer: "waitlist:errors.offerUsed" } });
const languageOf = (value: string): Language => (isLanguage(value) ? value : "en");
const statusOf = (value: string): WaitlistStatus =>
  (WAITLIST_STATUSES as readonly string[]).includes(value) ? (value as WaitlistStatus) : "waiting";

/** Live holds of a class (paying visitors' and offers'), counted at `now`. */
async function liveHolds(tx: Transaction, classId: number, now: Date): Promise<number> {
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
  return Number(held?.n ?? 0);
}

/** People waiting (not yet offered a seat) for a class. */
export async function waitingCount(tx: Transaction, classId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(classWaitlist)
    .where(and(eq(classWaitlist.classId, classId), eq(classWaitlist.status, "waiting")));
  return Number(row?.n ?? 0);
}

/** Marks the offer whose seat `enrollmentId` held as claimed, inside the paid enrolment's transaction. */
export async function markOfferClaimed(tx: Transaction, enrollmentId: string, now: Date): Promise<void> {
  await tx
    .update(classWaitlist)
    .set({ status: "claimed", updatedAt: now })
    .where(and(eq(classWaitlist.enrollmentId, enrollmentId), inArray(classWaitlist.status, ["offered", "expired"])));
}

/**
 * The waiting list of full classes (first come first served). When a seat frees (a hold runs out, a
 * payment fails, staff add seats, someone leaves), the first person waiting gets an offer: a `reserved`
 * enrolment that holds the seat for them for `offerHours`, and an e-mail with the link that takes it.
 * An offer that runs out goes to the next person. Every change of a class's offers happens with the
 * class's row locked, the lock `EnrollmentService.hold` takes too, so that on any number of app servers a
 * seat is offered to one person only and never also held by a newcomer.
 */
export class WaitlistService {
  private readonly db: Database;
  private readonly deps: WaitlistDependencies;

  constructor(db: Database, deps: WaitlistDependencies) {
    this.db = db;
    this.deps = deps;
    deps.jobs
      ?.define(WAITLIST_SWEEP_QUEUE, { policy: "stately", retryLimit: 0, expireInSeconds: 300 })
      .work(WAITLIST_SWEEP_QUEUE, async () => {
        // The next run is queued first, so that a failing sweep never stops the ones after it.
        await this.scheduleSweep(SWEEP_EVERY_MS);
        try {
          await this.sweep();
        } catch (error) {
          this.deps.logger?.warn({ err: error }, "class waiting-list sweep failed");
        }
      });
  }

  /** Queues the next sweep (one waits at a time, whichever server asks); called at start-up and by each sweep. */
  async scheduleSweep(afterMs = 0): Promise<void> {
    await this.deps.jobs?.send(
      WAITLIST_SWEEP_QUEUE,
      {},
      { singletonKey: "sweep", ...(afterMs > 0 ? { startAfterMs: afterMs } : {}) },
    );
  }

  /**
   * Puts a person on a full class's waiting list and e-mails them their place. Joining again with the
   * same e-mail while on the list answers the same place, without a second entry or e-mail. A class with
   * a seat left for a newcomer is refused: "This class has seats: enrol instead."
   */
  async join(
    rawClassId: string | number,
    input: unknown,
    context: { language: Language; address?: string; now?: Date },
  ): Promise<WaitlistPlace> {
    const classId = parseId(rawClassId);
    if (classId === null) throw classNotFound();
    const valid = parseOrThrow(waitlistJoinSchema, input);
    const language = valid.language ?? context.language;
    const now = context.now ?? new Date();
    await this.deps.rateLimits.enforce(WAITLIST_BUDGET, { address: context.address, email: valid.email }, now);
    return this.db.transaction(async (tx) => {
      const row = await this.lockClass(tx, classId);
      if (!row || !row.active) throw classNotFound();
      const [existing] = await tx
        .select({ id: classWaitlist.id })
        .from(classWaitlist)
        .where(
          and(
            eq(classWaitlist.classId, classId),
            eq(classWaitlist.email, valid.email),
            inArray(classWaitlist.status, LIVE_STATUSES),
          ),
        )
        .limit(1);
      if (existing) return { position: await this.positionOf(tx, classId, existing.id) };
      if (seatLeftForNewcomer(row, await liveHolds(tx, classId, now), await waitingCount(tx, classId))) {
        throw new DomainError("conflict", "waitlist:errors.hasSeats");
      }
      const token = newToken();
      const [entry] = await tx
        .insert(classWaitlist)
        .values({
          classId,
          name: valid.name,
          email: valid.email,
          language,
          leaveTokenHash: sha256Hex(token),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: classWaitlist.id });
      const position = await this.positionOf(tx, classId, entry.id);
      const classTitle = language === "fr" ? row.titleFr : row.titleEn;
      await this.deps.mail.enqueue(
        joinedEmail(
          { name: valid.name, email: valid.email, language },
          { classTitle, position, leaveUrl: leaveUrl(this.deps.publicUrl, language, token) },
          this.mailContext(),
        ),
        tx,
      );
      return { position };
    });
  }

  /**
   * Whether a class takes people on its waiting list now: it is active and no seat is left for a
   * newcomer (paid seats, live holds and the people already waiting fill it). The class page shows the
   * form when this is true, even while `full` (paid seats only) is not yet.
   */
  async acceptsJoins(rawClassId: string | number, now: Date = new Date()): Promise<boolean> {
    const classId = parseId(rawClassId);
    if (classId === null) return false;
    const [row] = await this.db
      .select({
        active: classes.active,
        maxStudents: classes.maxStudents,
        currentEnrollment: classes.currentEnrollment,
      })
      .from(classes)
      .where(eq(classes.id, classId))
      .limit(1);
    if (!row || !row.active || row.maxStudents === null) return false;
    return this.db.transaction(
      async (tx) => !seatLeftForNewcomer(row, await liveHolds(tx, classId, now), await waitingCount(tx, classId)),
    );
  }

  /**
   * Takes a person off the waiting list with the token of an e-mailed link (the joining e-mail's, or the
   * offer's). An offered seat they held
   * goes to the next person. Leaving twice is no error; an unknown token is 'waitlist:errors.invalidLink'.
   */
  async leave(token: unknown, now: Date = new Date()): Promise<void> {
    if (!isWaitlistToken(token)) throw invalidLink();
    const hash = sha256Hex(token);
    const left = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(classWaitlist)
        .set({ status: "left", updatedAt: now })
        .where(
          and(
            or(eq(classWaitlist.leaveTokenHash, hash), eq(classWaitlist.offerTokenHash, hash)),
            inArray(classWaitlist.status, LIVE_STATUSES),
          ),
        )
        .returning({ classId: classWaitlist.classId, enrollmentId: classWaitlist.enrollmentId });
      if (!row) {
        const [known] = await tx
          .select({ id: classWaitlist.id })
          .from(classWaitlist)
          .where(or(eq(classWaitlist.leaveTokenHash, hash), eq(classWaitlist.offerTokenHash, hash)))
          .limit(1);
        if (!known) throw invalidLink();
        return null;
      }
      if (row.enrollmentId) await this.cancelHolds(tx, [row.enrollmentId]);
      return row;
    });
    if (left?.enrollmentId) await this.seatsMayHaveFreed(left.classId, now);
  }

  /**
   * Offers the class's free seats to the people waiting, first come first served, after ending the
   * offers whose time has passed. Safe to call any number of times from any server: it only acts on
   * what is due, with the class's row locked. Answers how many offers it made.
   */
  async offerFreeSeats(
    classId: number,
    now: Date = new Date(),
    executor: Database | Transaction = this.db,
  ): Promise<number> {
    // Inside the caller's transaction when given one (a savepoint), so that the offer commits with what freed the seat.
    return executor.transaction(async (tx) => {
      const row = await this.lockClass(tx, classId);
      if (!row) return 0;
      const ended = await tx
        .update(classWaitlist)
        .set({ status: "expired", updatedAt: now })
        .where(
          and(
            eq(classWaitlist.classId, classId),
            eq(classWaitlist.status, "offered"),
            lte(classWaitlist.offeredUntil, now),
          ),
        )
        .returning({ enrollmentId: classWaitlist.enrollmentId });
      await this.cancelHolds(
        tx,
        ended.map((entry) => entry.enrollmentId).filter((id): id is string => id !== null),
      );
      if (!row.active) return 0;
      const free = freeSeats(row, await liveHolds(tx, classId, now));
      if (free <= 0) return 0;
      const next = await tx
        .select()
        .from(classWaitlist)
        .where(and(eq(classWaitlist.classId, classId), eq(classWaitlist.status, "waiting")))
        .orderBy(asc(classWaitlist.id))
        .limit(Number.isFinite(free) ? free : 1000)
        .for("update");
      const offeredUntil = offerEnds(now, this.deps.offerHours);
      for (const entry of next) {
        const token = newToken();
        const [hold] = await tx
          .insert(classEnrollments)
          .values({
            classId,
            userId: null,
            customerName: entry.name,
            customerEmail: entry.email,
            amountPaid: row.price,
            reservedUntil: offeredUntil,
            createdAt: now,
          })
          .returning({ id: classEnrollments.id });
        await tx
          .update(classWaitlist)
          .set({
            status: "offered",
            offerTokenHash: sha256Hex(token),
            enrollmentId: hold.id,
            offeredAt: now,
            offeredUntil,
            updatedAt: now,
          })
          .where(eq(classWaitlist.id, entry.id));
        const language = languageOf(entry.language);
        await this.deps.mail.enqueue(
          offerEmail(
            { name: entry.name, email: entry.email, language },
            {
              classTitle: language === "fr" ? row.titleFr : row.titleEn,
              offeredUntil,
              offerUrl: offerUrl(this.deps.publicUrl, language, classId, token),
              // Only hashes are kept, so the offer's own token is what this e-mail's leave link carries.
              leaveUrl: leaveUrl(this.deps.publicUrl, language, token),
            },
            this.mailContext(),
          ),
          tx,
        );
      }
      return next.length;
    });
  }

  /**
   * What the periodic job runs: for every class with people waiting or offers running, ends what has
   * run out and makes the offers now due. Answers how many offers it made.
   */
  async sweep(now: Date = new Date()): Promise<number> {
    const rows = await this.db
      .selectDistinct({ classId: classWaitlist.classId })
      .from(classWaitlist)
      .where(inArray(classWaitlist.status, LIVE_STATUSES));
    let made = 0;
    for (const { classId } of rows) made += await this.offerFreeSeats(classId, now);
    return made;
  }

  /**
   * Offers a class's seats after something may have freed one (a failed payment, a refund, staff adding
   * seats), in the caller's transaction when given. Never fails its caller (inside a transaction, the
   * offer's savepoint is rolled back alone): a miss is caught up by the next sweep.
   */
  async seatsMayHaveFreed(
    classId: number,
    now: Date = new Date(),
    executor: Database | Transaction = this.db,
  ): Promise<void> {
    try {
      await this.offerFreeSeats(classId, now, executor);
    } catch (error) {
      this.deps.logger?.warn({ err: error, classId }, "class waiting-list offer failed; the sweep will retry");
    }
  }

  /**
   * What an offer link holds, for the class page: whose seat, until when (also written out in `language`,
   * in the studio's time zone, as the e-mail says it). Refused like `claim`.
   */
  async offer(token: unknown, options: { language?: Language; now?: Date } = {}): Promise<WaitlistOffer> {
    const entry = await this.liveOffer(this.db, token, options.now ?? new Date());
    const offeredUntil = entry.offeredUntil!;
    return {
      classId: entry.classId,
      name: entry.name,
      email: entry.email,
      offeredUntil: offeredUntil.toISOString(),
      until: formatOfferEnd(offeredUntil, options.language ?? languageOf(entry.language), this.deps.timeZone),
    };
  }

  /**
   * Turns a live offer's token into the seat it holds, priced by the server now, for the offered person
   * (and the signed-in account, when one claims it). An unknown token is 'waitlist:errors.invalidOffer';
   * an offer that ran out, or was given up, 'waitlist:errors.offerExpired'; one already paid,
   * 'waitlist:errors.offerUsed'.
   */
  async claim(token: unknown, options: { userId?: string | null; now?: Date } = {}): Promise<OfferedHold> {
    const now = options.now ?? new Date();
    return this.db.transaction(async (tx) => {
      const entry = await this.liveOffer(tx, token, now, true);
      const row = await this.lockClass(tx, entry.classId);
      if (!row || !row.active) throw classNotFound();
      const [hold] = await tx
        .update(classEnrollments)
        .set({ amountPaid: row.price, ...(options.userId ? { userId: options.userId } : {}) })
        .where(and(eq(classEnrollments.id, entry.enrollmentId!), eq(classEnrollments.enrollmentStatus, "reserved")))
        .returning({ id: classEnrollments.id, reservedUntil: classEnrollments.reservedUntil });
      if (!hold) throw offerExpired();
      return {
        enrollmentId: hold.id,
        classId: entry.classId,
        amountCents: row.price,
        reservedUntil: hold.reservedUntil,
        name: entry.name,
        email: entry.email,
      };
    });
  }

  /** A class's waiting list for staff, in queue order, ended entries after the live ones. */
  async listForStaff(rawClassId: string | number): Promise<StaffWaitlistEntry[]> {
    const classId = parseId(rawClassId);
    const [found] =
      classId === null
        ? []
        : await this.db.select({ id: classes.id }).from(classes).where(eq(classes.id, classId)).limit(1);
    if (!found || classId === null) throw classNotFound();
    const rows = await this.db
      .select()
      .from(classWaitlist)
      .where(eq(classWaitlist.classId, classId))
      .orderBy(
        sql`case when ${classWaitlist.status} in ('waiting', 'offered') then 0 else 1 end`,
        asc(classWaitlist.id),
      );
    let live = 0;
    return rows.map((row) => {
      const status = statusOf(row.status);
      const isLive = (LIVE_STATUSES as readonly string[]).includes(status);
      return {
        id: row.id,
        name: row.name,
        email: row.email,
        language: languageOf(row.language),
        status,
        position: isLive ? positionOf(live++) : null,
        offeredUntil: status === "offered" && row.offeredUntil ? row.offeredUntil.toISOString() : null,
        createdAt: row.createdAt.toISOString(),
      };
    });
  }

  // --- helpers ---------------------------------------------------------------------------------

  private mailContext() {
    return { translate: this.deps.translate, company: this.deps.company, timeZone: this.deps.timeZone };
  }

  /** The class's row, locked for the rest of the transaction (the lock seat holds take too). */
  private async lockClass(tx: Transaction, classId: number) {
    const [row] = await tx
      .select({
        id: classes.id,
        active: classes.active,
        price: classes.price,
        maxStudents: classes.maxStudents,
        currentEnrollment: classes.currentEnrollment,
        titleEn: classes.titleEn,
        titleFr: classes.titleFr,
      })
      .from(classes)
      .where(eq(classes.id, classId))
      .for("update")
      .limit(1);
    return row ?? null;
  }

  private async positionOf(tx: Transaction, classId: number, entryId: number): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(classWaitlist)
      .where(
        and(
          eq(classWaitlist.classId, classId),
          inArray(classWaitlist.status, LIVE_STATUSES),
          sql`${classWaitlist.id} < ${entryId}`,
        ),
      );
    return positionOf(Number(row?.n ?? 0));
  }

  private async cancelHolds(tx: Transaction, enrollmentIds: string[]): Promise<void> {
    if (enrollmentIds.length === 0) return;
    await tx
      .update(classEnrollments)
      .set({ enrollmentStatus: "cancelled" })
      .where(and(inArray(classEnrollments.id, enrollmentIds), eq(classEnrollments.enrollmentStatus, "reserved")));
  }

  private async liveOffer(db: Database | Transaction, token: unknown, now: Date, lock = false) {
    if (!isWaitlistToken(token)) throw invalidOffer();
    const query = db
      .select()
      .from(classWaitlist)
      .where(eq(classWaitlist.offerTokenHash, sha256Hex(token)))
      .limit(1);
    const [entry] = lock ? await query.for("update") : await query;
    if (!entry) throw invalidOffer();
    const state = offerState(entry, now);
    if (state === "claimed") throw offerUsed();
    if (state !== "live" || !entry.enrollmentId) throw offerExpired();
    return entry;
  }
}
