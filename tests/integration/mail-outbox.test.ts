import net from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { MailDispatcher, createMailDispatcher, smtpTransport } from "../../core/mail/dispatcher.server.ts";
import { MAX_ATTEMPTS } from "../../core/mail/rules.ts";
import { COUNT_CAP } from "../../core/paging/rules.ts";
import { mailOutbox } from "../../db/schema/mail.ts";
import { contactSubmissions } from "../../db/schema/contact.ts";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { signInAs } from "../helpers/factories.ts";

const FR = { "accept-language": "fr-FR,fr;q=0.9" };
const FROM = "Atelier <no-reply@atelier.example>";
const MINUTE = 60_000;

describe("mail outbox and dispatcher", () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  const dispatchers: MailDispatcher[] = [];

  const dispatcher = (options: Partial<ConstructorParameters<typeof MailDispatcher>[1]> = {}) => {
    const created = new MailDispatcher(t.services.database.db, {
      transport: smtpTransport(smtp.url, 5_000),
      from: FROM,
      pollMs: 50,
      ...options,
    });
    dispatchers.push(created);
    return created;
  };
  const rows = () => t.services.database.db.select().from(mailOutbox).orderBy(mailOutbox.id);

  beforeAll(async () => {
    t = await createTestApp();
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
    await t.close();
  });
  beforeEach(async () => {
    await t.services.database.db.delete(mailOutbox);
    smtp.received.length = 0;
    smtp.refuseWith = null;
  });
  afterEach(async () => {
    vi.useRealTimers();
    await Promise.all(dispatchers.splice(0).map((d) => d.stop()));
  });

  describe("enqueue", () => {
    it("writes a pending message and sends nothing by itself", async () => {
      await t.services.mail.enqueue({ to: "client@example.com", subject: "Hello", text: "Body", kind: "test.plain" });
      const [row] = await rows();
      expect(row).toMatchObject({
        toAddress: "client@example.com",
        subject: "Hello",
        text: "Body",
        html: null,
        kind: "test.plain",
        status: "pending",
        attempts: 0,
        lastError: null,
        sentAt: null,
      });
      expect(smtp.received).toHaveLength(0);
    });

    it("exists if and only if the caller's transaction commits", async () => {
      const db = t.services.database.db;
      await db.transaction(async (tx) => {
        await tx
          .insert(contactSubmissions)
          .values({ name: "Kept", email: "kept@example.com", message: "A message that stays" });
        await t.services.mail.enqueue({ to: "kept@example.com", subject: "Kept", text: "Kept", kind: "test.tx" }, tx);
      });
      await expect(
        db.transaction(async (tx) => {
          await t.services.mail.enqueue({ to: "lost@example.com", subject: "Lost", text: "Lost", kind: "test.tx" }, tx);
          throw new Error("the cause failed after the e-mail was queued");
        }),
      ).rejects.toThrow("the cause failed");
      expect((await rows()).map((r) => r.toAddress)).toEqual(["kept@example.com"]);
    });

    it("refuses a message that could not be sent (bad address, a line break in the subject)", async () => {
      await expect(
        t.services.mail.enqueue({ to: "not-an-address", subject: "Hi", text: "x", kind: "test" }),
      ).rejects.toMatchObject({ code: "validation" });
      await expect(
        t.services.mail.enqueue({
          to: "a@example.com",
          subject: "Hi\r\nBcc: victim@example.com",
          text: "x",
          kind: "test",
        }),
      ).rejects.toMatchObject({ code: "validation" });
      expect(await rows()).toEqual([]);
    });
  });

  describe("delivery over SMTP", () => {
    it("sends a due message from MAIL_FROM to its recipient with its subject and both bodies, then marks it sent", async () => {
      await t.services.mail.enqueue({
        to: "client@example.com",
        subject: "Votre consultation est confirmée : lundi à 10:00",
        text: "Bonjour Zoé,\n\nÀ bientôt !\n",
        html: "<p>Bonjour Zoé,</p><p>À bientôt !</p>",
        kind: "test.fr",
      });
      const report = await dispatcher().runOnce();
      expect(report).toEqual({ claimed: 1, sent: 1, retrying: 0, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail.envelopeFrom).toBe("no-reply@atelier.example");
      expect(mail.envelopeTo).toEqual(["client@example.com"]);
      expect(mail.headers.from).toContain("no-reply@atelier.example");
      expect(mail.subject).toBe("Votre consultation est confirmée : lundi à 10:00");
      expect(mail.text).toBe("Bonjour Zoé,\n\nÀ bientôt !\n");
      expect(mail.html).toBe("<p>Bonjour Zoé,</p><p>À bientôt !</p>");
      const [row] = await rows();
      expect(row).toMatchObject({ status: "sent", attempts: 1, lockedUntil: null });
      expect(row.sentAt).toBeInstanceOf(Date);
      // Nothing is sent twice.
      expect((await dispatcher().runOnce()).claimed).toBe(0);
      expect(smtp.received).toHaveLength(1);
    });

    it("leaves a message that is not yet due for later", async () => {
      await t.services.mail.enqueue({ to: "later@example.com", subject: "Later", text: "Later", kind: "test" });
      await t.services.database.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() + 10 * MINUTE) });
      expect((await dispatcher().runOnce()).claimed).toBe(0);
      expect(await dispatcher().runOnce(new Date(Date.now() + 11 * MINUTE))).toMatchObject({ claimed: 1, sent: 1 });
    });

    it("keeps a refused message with its error and retries it after the back-off", async () => {
      await t.services.mail.enqueue({
        to: "refused@example.com",
        subject: "Retry me",
        text: "Body",
        kind: "test.retry",
      });
      smtp.refuseWith = "Mailbox unavailable";
      const before = Date.now();
      expect(await dispatcher().runOnce()).toMatchObject({ claimed: 1, sent: 0, retrying: 1 });
      let [row] = await rows();
      expect(row.status).toBe("pending");
      expect(row.attempts).toBe(1);
      expect(row.lastError).toMatch(/550/);
      expect(row.lastError).toMatch(/Mailbox unavailable/);
      expect(row.lockedUntil).toBeNull();
      // First retry one minute later.
      expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + MINUTE);
      expect(row.nextAttemptAt.getTime()).toBeLessThan(Date.now() + MINUTE + 1_000);
      // Not retried before then, even by another dispatcher.
      expect((await dispatcher().runOnce()).claimed).toBe(0);
      smtp.refuseWith = null;
      expect(await dispatcher().runOnce(new Date(row.nextAttemptAt.getTime() + 1))).toMatchObject({
        claimed: 1,
        sent: 1,
      });
      [row] = await rows();
      expect(row).toMatchObject({ status: "sent", attempts: 2 });
      expect(smtp.received.map((m) => m.subject)).toEqual(["Retry me"]);
    });

    it("doubles the wait after each failure and gives up after the last attempt", async () => {
      await t.services.mail.enqueue({ to: "never@example.com", subject: "Never", text: "Body", kind: "test.fail" });
      smtp.refuseWith = "No such user";
      const waits: number[] = [];
      let clock = Date.now();
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const report = await dispatcher().runOnce(new Date(clock));
        expect(report.claimed).toBe(1);
        const [row] = await rows();
        expect(row.attempts).toBe(attempt);
        if (attempt < MAX_ATTEMPTS) {
          expect(row.status).toBe("pending");
          waits.push(Math.round((row.nextAttemptAt.getTime() - Date.now()) / MINUTE));
          clock = row.nextAttemptAt.getTime() + 1;
        } else {
          expect(report.failed).toBe(1);
          expect(row.status).toBe("failed");
          expect(row.lastError).toMatch(/No such user/);
        }
      }
      expect(waits).toEqual([1, 2, 4, 8, 16]);
      expect((await dispatcher().runOnce(new Date(clock + 24 * 60 * MINUTE))).claimed).toBe(0);
      expect(smtp.received).toHaveLength(0);
    });

    it("gives up on a mail server that never answers after the send time-out, and retries later", async () => {
      const sockets = new Set<net.Socket>();
      const silent = net.createServer((socket) => {
        sockets.add(socket);
        socket.on("error", () => {});
      });
      await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
      const port = (silent.address() as net.AddressInfo).port;
      try {
        await t.services.mail.enqueue({ to: "slow@example.com", subject: "Slow", text: "Body", kind: "test.timeout" });
        const slow = dispatcher({ transport: smtpTransport(`smtp://127.0.0.1:${port}`, 60_000), sendTimeoutMs: 300 });
        const started = Date.now();
        expect(await slow.runOnce()).toMatchObject({ claimed: 1, retrying: 1 });
        expect(Date.now() - started).toBeLessThan(10_000);
        const [row] = await rows();
        expect(row).toMatchObject({ status: "pending", attempts: 1 });
        expect(row.lastError).toMatch(/ETIMEDOUT|did not accept/);
      } finally {
        for (const socket of sockets) socket.destroy();
        await new Promise<void>((resolve) => silent.close(() => resolve()));
      }
    });
  });

  describe("several dispatchers (several app servers)", () => {
    it("send one message once when two dispatchers run at the same moment", async () => {
      await t.services.mail.enqueue({ to: "once@example.com", subject: "Only once", text: "Body", kind: "test.once" });
      const [a, b] = await Promise.all([dispatcher().runOnce(), dispatcher().runOnce()]);
      expect(a.claimed + b.claimed).toBe(1);
      expect(a.sent + b.sent).toBe(1);
      expect(smtp.received.map((m) => m.subject)).toEqual(["Only once"]);
      const [row] = await rows();
      expect(row).toMatchObject({ status: "sent", attempts: 1 });
    });

    it("share a backlog without sending any message twice", async () => {
      for (let i = 1; i <= 12; i++)
        await t.services.mail.enqueue({
          to: `user${i}@example.com`,
          subject: `Message ${i}`,
          text: `Body ${i}`,
          kind: "test.backlog",
        });
      const workers = [dispatcher({ batchSize: 2 }), dispatcher({ batchSize: 3 }), dispatcher({ batchSize: 2 })];
      const drain = async (worker: MailDispatcher) => {
        let claimed = 0;
        for (;;) {
          const report = await worker.runOnce();
          if (report.claimed === 0) return claimed;
          claimed += report.claimed;
        }
      };
      const claimed = await Promise.all(workers.map(drain));
      expect(claimed.reduce((sum, n) => sum + n, 0)).toBe(12);
      const subjects = smtp.received
        .map((m) => m.subject)
        .sort((x, y) => Number(x.split(" ")[1]) - Number(y.split(" ")[1]));
      expect(subjects).toEqual(Array.from({ length: 12 }, (_, i) => `Message ${i + 1}`));
      expect((await rows()).every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
    });

    it("a claimed message is not claimed again while its claim holds", async () => {
      await t.services.mail.enqueue({ to: "held@example.com", subject: "Held", text: "Body", kind: "test.lock" });
      const db = t.services.database.db;
      await db
        .update(mailOutbox)
        .set({ lockedUntil: new Date(Date.now() + 5 * MINUTE) })
        .where(eq(mailOutbox.toAddress, "held@example.com"));
      expect((await dispatcher().runOnce()).claimed).toBe(0);
      // A dispatcher that died mid-send: once its claim has expired, another one takes the message over.
      expect(await dispatcher().runOnce(new Date(Date.now() + 6 * MINUTE))).toMatchObject({ claimed: 1, sent: 1 });
    });
  });

  describe("running in the background", () => {
    it("polls until stopped, and sends what is queued meanwhile", async () => {
      // The polls run on a fake clock, which vi.waitUntil moves by its interval at each look; once the
      // dispatcher is stopped, the test lets many poll intervals pass at once.
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
      const background = dispatcher({ pollMs: 200 });
      const polls = vi.spyOn(background, "runOnce");
      const idle = () => polls.mock.settledResults.every((result) => result.type !== "incomplete");
      background.start();
      await vi.waitUntil(() => polls.mock.calls.length > 0 && idle(), { timeout: 4_000, interval: 5 });
      await t.services.mail.enqueue({ to: "bg@example.com", subject: "Background", text: "Body", kind: "test.bg" });
      await vi.waitUntil(() => smtp.received.length > 0, { timeout: 4_000, interval: 20 });
      expect(smtp.received.map((m) => m.subject)).toEqual(["Background"]);
      // Stopped while it waits for its next poll.
      await vi.waitUntil(idle, { timeout: 4_000, interval: 5 });
      await background.stop();
      const pollsWhenStopped = polls.mock.calls.length;
      await t.services.mail.enqueue({ to: "bg@example.com", subject: "After stop", text: "Body", kind: "test.bg" });
      await vi.advanceTimersByTimeAsync(10 * 200);
      expect(polls).toHaveBeenCalledTimes(pollsWhenStopped);
      expect(smtp.received).toHaveLength(1);
      expect((await rows()).map((r) => r.status)).toEqual(["sent", "pending"]);
    });

    it("is not created without MAIL_URL: the outbox keeps every message", () => {
      expect(createMailDispatcher(t.services.database.db, { MAIL_FROM: FROM, MAIL_POLL_SECONDS: 10 })).toBeNull();
      const configured = createMailDispatcher(t.services.database.db, {
        MAIL_URL: smtp.url,
        MAIL_FROM: FROM,
        MAIL_POLL_SECONDS: 10,
      });
      expect(configured).toBeInstanceOf(MailDispatcher);
      dispatchers.push(configured!);
    });
  });

  describe("staff outbox API", () => {
    it("is for staff only: 401 for visitors, 403 for customers", async () => {
      const visitor = await t.client().request("/api/admin/outbox");
      expect(visitor.status).toBe(401);
      const customer = await signInAs(t, "customer");
      const refused = await customer.request("/api/admin/outbox", { headers: FR });
      expect(refused.status).toBe(403);
      expect((await refused.json()).code).toBe("forbidden");
      expect((await customer.request("/api/admin/outbox/1")).status).toBe(403);
    });

    it("lists messages newest first, paginated and filtered by status, and shows one with its bodies", async () => {
      for (let i = 1; i <= 5; i++)
        await t.services.mail.enqueue({
          to: `reader${i}@example.com`,
          subject: `Outbox ${i}`,
          text: `Text ${i}`,
          html: `<p>Html ${i}</p>`,
          kind: "test.list",
        });
      const db = t.services.database.db;
      const all = await rows();
      await db
        .update(mailOutbox)
        .set({ status: "sent", sentAt: new Date(), attempts: 1 })
        .where(eq(mailOutbox.id, all[0].id));
      const staff = await signInAs(t, "staff");

      const first = await staff.request("/api/admin/outbox?pageSize=2");
      expect(first.status).toBe(200);
      const page1 = await first.json();
      expect(page1).toMatchObject({ total: 5, totalExact: true, page: 1, pageSize: 2 });
      expect(first.headers.get("x-total-count")).toBe("5");
      expect(first.headers.get("x-total-count-exact")).toBe("true");
      expect(first.headers.get("link")).toBe(
        [
          '</api/admin/outbox?pageSize=2&page=1>; rel="first"',
          '</api/admin/outbox?pageSize=2&page=2>; rel="next"',
          '</api/admin/outbox?pageSize=2&page=3>; rel="last"',
        ].join(", "),
      );
      expect(page1.items.map((m: { subject: string }) => m.subject)).toEqual(["Outbox 5", "Outbox 4"]);
      expect(page1.items[0]).not.toHaveProperty("text");
      const page3 = await (await staff.request("/api/admin/outbox?pageSize=2&page=3")).json();
      expect(page3.items.map((m: { subject: string }) => m.subject)).toEqual(["Outbox 1"]);

      const sent = await (await staff.request("/api/admin/outbox?status=sent")).json();
      expect(sent.total).toBe(1);
      expect(sent.items[0]).toMatchObject({
        subject: "Outbox 1",
        status: "sent",
        attempts: 1,
        to: "reader1@example.com",
        kind: "test.list",
      });
      const pending = await (await staff.request("/api/admin/outbox?status=pending")).json();
      expect(pending.total).toBe(4);

      const one = await staff.request(`/api/admin/outbox/${all[1].id}`);
      expect(one.status).toBe(200);
      expect(await one.json()).toMatchObject({
        id: all[1].id,
        subject: "Outbox 2",
        text: "Text 2",
        html: "<p>Html 2</p>",
        status: "pending",
      });
    });

    it("answers translated refusals for an unknown message and a bad query", async () => {
      const staff = await signInAs(t, "admin");
      const missing = await staff.request("/api/admin/outbox/999999");
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ code: "not_found", message: "Message not found" });
      const missingFr = await staff.request("/api/admin/outbox/abc", { headers: FR });
      expect(missingFr.status).toBe(404);
      expect((await missingFr.json()).message).toBe("Message introuvable");
      const badStatus = await staff.request("/api/admin/outbox?status=lost");
      expect(badStatus.status).toBe(400);
      expect((await badStatus.json()).message).toBe("Status must be pending, sent or failed");
      const badPage = await staff.request("/api/admin/outbox?pageSize=1000", { headers: FR });
      expect(badPage.status).toBe(400);
      expect((await badPage.json()).message).toBe("La taille de page doit être un nombre entier de 1 à 100");
    });

    it("counts a large outbox only up to the cap, and still knows a deep page's neighbours", async () => {
      await t.services.database.db.execute(sql`
        insert into mail_outbox (to_address, subject, text, kind)
        select 'bulk' || n || '@example.com', 'Bulk ' || n, 'Hello', 'test.bulk' from generate_series(1, 1100) as n`);
      const staff = await signInAs(t, "staff");
      const first = await staff.request("/api/admin/outbox?pageSize=50");
      expect(await first.json()).toMatchObject({ total: COUNT_CAP, totalExact: false, page: 1 });
      expect(first.headers.get("x-total-count-exact")).toBe("false");
      // No "last" link while the count is a lower bound.
      expect(first.headers.get("link")).not.toContain('rel="last"');
      expect(first.headers.get("link")).toContain('</api/admin/outbox?pageSize=50&page=2>; rel="next"');
      const deep = await staff.request("/api/admin/outbox?pageSize=50&page=21");
      const body = await deep.json();
      expect(body.items).toHaveLength(50);
      expect(deep.headers.get("link")).toContain('rel="next"');
    });
  });
});
