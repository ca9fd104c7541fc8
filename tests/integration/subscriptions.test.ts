// The app first: its modules extend zod with OpenAPI before any schema is made.
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextSubscriptionStatus, type SubscriptionView } from "../../core/checkout/subscriptions.server.ts";
import { mailOutbox } from "../../db/schema/mail.ts";
import { paymentEvents, payments } from "../../db/schema/payments.ts";
import { subscriptions } from "../../db/schema/subscriptions.ts";
import { pdfText } from "../helpers/pdf-text.ts";
import { signInAs } from "../helpers/factories.ts";

const SANDBOX_SECRET = "whsec_subscriptions_test_secret";
const ZONE = "America/New_York";
const ORIGIN = "http://localhost:3000";
const signer = new Stripe("sk_test_signer");
const day = (iso: string | Date) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: ZONE }).format(new Date(iso));
const monthAfter = (iso: string) => {
  const end = new Date(iso);
  end.setUTCMonth(end.getUTCMonth() + 1);
  return end.toISOString();
};

interface Delivered {
  rawBody: string;
  signature: string;
  event: { id: string; type: string; data: { object: Record<string, unknown> } };
}

describe("subscriptions", () => {
  let t: TestApp;
  let visitor: TestClient;
  let staff: Awaited<ReturnType<typeof signInAs>>;
  // Every signed event the sandbox delivered to the webhook code path, as Stripe's dashboard lists them.
  const delivered: Delivered[] = [];

  const subscribe = (body: Record<string, unknown>) =>
    visitor.request("/api/get-or-create-subscription", {
      method: "POST",
      json: { name: "Ada Lovelace", email: "ada.sub@example.com", priceId: "Professional", ...body },
    });
  const pay = (clientSecret: string, cardNumber = "4242 4242 4242 4242") =>
    visitor.request("/api/payments/sandbox/confirm", {
      method: "POST",
      json: { clientSecret, cardNumber, expiry: "12 / 40", cvc: "123" },
    });
  const staffList = async (): Promise<SubscriptionView[]> => {
    const response = await staff.request("/api/admin/subscriptions");
    expect(response.status).toBe(200);
    return (await response.json()).data;
  };
  const find = async (id: string) => (await staffList()).find((entry) => entry.id === id)!;
  const renew = async (id: string): Promise<SubscriptionView> => {
    const response = await staff.request(`/api/admin/subscriptions/${id}/renew`, { method: "POST" });
    expect(response.status).toBe(200);
    return (await response.json()).data;
  };
  const mails = async (kind: string, to: string) =>
    (
      await t.services.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, kind), eq(mailOutbox.toAddress, to)))
    ).sort((a, b) => a.id - b.id);
  const allMails = async (to: string) =>
    (await t.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to))).length;
  const webhook = (rawBody: string, signature: string) =>
    t.app.request("/api/webhooks/stripe", {
      method: "POST",
      body: rawBody,
      headers: { "content-type": "application/json", "stripe-signature": signature },
    });
  /** A Stripe-format event signed with the sandbox's secret, as a late or repeated delivery would arrive. */
  const resend = (
    event: Delivered["event"],
    changes: { id: string; type?: string; object?: Record<string, unknown> },
  ) => {
    const rawBody = JSON.stringify({
      ...event,
      id: changes.id,
      type: changes.type ?? event.type,
      created: Math.floor(Date.now() / 1000),
      data: { object: { ...event.data.object, ...changes.object } },
    });
    return webhook(rawBody, signer.webhooks.generateTestHeaderString({ payload: rawBody, secret: SANDBOX_SECRET }));
  };
  /** A new subscriber who paid the first invoice with `card`: the subscription, its management token. */
  const subscribed = async (email: string, name: string, card = "4242 4242 4242 4242") => {
    const created = await (await subscribe({ email, name })).json();
    expect((await (await pay(created.clientSecret, card)).json()).data.status).toBe("succeeded");
    return {
      id: created.subscriptionId as string,
      token: created.manageToken as string,
      clientSecret: created.clientSecret as string,
    };
  };

  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET, BOOKING_TIME_ZONE: ZONE });
    visitor = t.client();
    staff = await signInAs(t, "admin");
    // The same code path the app wires (server/services.server.ts), noting each event on its way.
    t.services.sandbox!.deliverTo(async (rawBody, signature) => {
      delivered.push({ rawBody, signature, event: JSON.parse(rawBody) });
      return t.services.payments.handleWebhook(rawBody, signature);
    });
  }, 120_000);
  afterAll(async () => t.close());

  it("reads the plan from the server by name; an unknown plan is a 404 with a clear message", async () => {
    const plan = await visitor.request("/api/plans/Professional");
    expect((await plan.json()).data).toMatchObject({
      name: "Professional",
      priceCents: 99_900,
      description: "Complete marketing solution",
      features: expect.arrayContaining(["24/7 AI Phone Support", "Priority Support"]),
    });
    const french = await visitor.request("/api/plans/professional", { headers: { "accept-language": "fr-FR" } });
    expect((await french.json()).data.description).toBe("Solution marketing complète");
    const unknown = await visitor.request("/api/plans/Enterprise");
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe("Plan not found: Enterprise");
  });

  it("uses the values typed in the form, refuses missing ones, and creates one subscription per e-mail and plan", async () => {
    const missing = await subscribe({ name: "" });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ success: false, message: "Full name is required" });
    const [first, second] = await Promise.all([subscribe({}), subscribe({ email: "ADA.SUB@example.com" })]);
    const a = await first.json();
    const b = await second.json();
    expect(a).toMatchObject({ success: true, status: "incomplete", provider: "sandbox" });
    expect(a.clientSecret).toMatch(/_secret_/);
    expect(b.subscriptionId).toBe(a.subscriptionId);
    expect(b.clientSecret).toBe(a.clientSecret);
    // A price in the request never sets what is charged.
    const priced = await subscribe({ price: 1 });
    expect(priced.status).toBe(400);
    expect((await t.services.sandbox!.intentOfSecret(a.clientSecret))?.amountCents).toBe(99_900);
    const stored = await find(a.subscriptionId);
    expect(stored).toMatchObject({
      customerName: "Ada Lovelace",
      status: "incomplete",
      invoices: [],
      nextCharge: null,
    });
    // The two requests race: the e-mail is kept as the one that created the subscription typed it.
    expect(stored.customerEmail.toLowerCase()).toBe("ada.sub@example.com");
  });

  it("is activated by its first paid invoice, not by a declined one, and e-mails a receipt", async () => {
    const email = "grace.sub@example.com";
    const created = await (await subscribe({ email, name: "Grace Hopper" })).json();
    // A declined first card: still incomplete, the page says so, nothing is e-mailed.
    const declined = await (await pay(created.clientSecret, "4000 0000 0000 0002")).json();
    expect(declined.data).toEqual({ status: "failed", message: "Your card was declined." });
    expect(await find(created.subscriptionId)).toMatchObject({
      status: "incomplete",
      invoices: [{ status: "failed", failureMessage: "Your card was declined." }],
    });
    expect(await allMails(email)).toBe(0);

    expect((await (await pay(created.clientSecret)).json()).data.status).toBe("succeeded");
    const record = await find(created.subscriptionId);
    expect(record).toMatchObject({
      status: "active",
      cancelAtPeriodEnd: false,
      invoices: [{ amountCents: 99_900, status: "paid", brand: "visa", last4: "4242", failureMessage: null }],
    });
    expect(record.invoices[0].periodEnd).toBe(record.currentPeriodEnd);
    expect(record.currentPeriodEnd).toBe(monthAfter(record.invoices[0].periodStart!));
    expect(new Date(record.currentPeriodEnd!).getTime()).toBeGreaterThan(Date.now() + 27 * 24 * 3600_000);
    expect(record.nextCharge).toEqual({ amountCents: 99_900, date: record.currentPeriodEnd });
    // Calling again for an active subscription answers it, with nothing to pay.
    const again = await (await subscribe({ email, name: "Grace Hopper" })).json();
    expect(again).toMatchObject({ subscriptionId: created.subscriptionId, status: "active", clientSecret: null });

    const [receipt] = await mails("subscription.receipt", email);
    expect(receipt.subject).toBe("Atelier: your Professional subscription receipt");
    expect(receipt.text).toContain("Hello Grace,");
    expect(receipt.text).toContain("We have received $999.00 for your Professional subscription.");
    expect(receipt.text).toContain(`Your subscription now runs until ${day(record.currentPeriodEnd!)}`);
    expect(await mails("subscription.failed", email)).toHaveLength(0);
  });

  it("writes a French subscriber's e-mails in French, with the French page's management link", async () => {
    const email = "lea.sub@example.com";
    const created = await (await subscribe({ email, name: "Léa Moreau", language: "fr" })).json();
    await pay(created.clientSecret);
    const record = await find(created.subscriptionId);
    expect(record.language).toBe("fr");
    const [receipt] = await mails("subscription.receipt", email);
    const date = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeZone: ZONE }).format(
      new Date(record.currentPeriodEnd!),
    );
    expect(receipt.subject).toBe("Atelier\u202f: reçu de votre abonnement Professional");
    expect(receipt.text).toContain("Bonjour Léa,");
    expect(receipt.text).toContain(`Prochain prélèvement\u202f: $999.00 · ${date}`);
    expect(receipt.text).toContain(`Gérer votre abonnement\u202f:\n${ORIGIN}/fr/subscription/${created.manageToken}`);
    expect(receipt.text.replace(/https?:\/\/\S+/g, "")).not.toMatch(/[^\u202f][:;!?]/);
  });

  it("renews for a month at each period's end, e-mailing a receipt with the amount, its PDF, the next charge and the signed management link", async () => {
    const email = "renewal.sub@example.com";
    const { id } = await subscribed(email, "Katherine Johnson");
    const first = await find(id);

    expect((await visitor.request(`/api/admin/subscriptions/${id}/renew`, { method: "POST" })).status).toBe(401);
    const renewed = await renew(id);
    expect(renewed.status).toBe("active");
    expect(renewed.invoices).toHaveLength(2);
    expect(renewed.currentPeriodEnd).toBe(monthAfter(first.currentPeriodEnd!));
    expect(renewed.invoices[0]).toMatchObject({
      amountCents: 99_900,
      status: "paid",
      periodStart: first.currentPeriodEnd,
      periodEnd: renewed.currentPeriodEnd,
      last4: "4242",
    });
    expect(renewed.nextCharge).toEqual({ amountCents: 99_900, date: renewed.currentPeriodEnd });
    expect(await find(id)).toEqual(renewed);

    const receipts = await mails("subscription.receipt", email);
    expect(receipts).toHaveLength(2);
    const text = receipts[1].text;
    expect(text).toContain("We have received $999.00 for your Professional subscription.");
    expect(text).toContain("Plan: Professional · $999.00/month");
    expect(text).toContain("Amount charged: $999.00");
    expect(text).toContain(`Next charge: $999.00 · ${day(renewed.currentPeriodEnd!)}`);
    expect(text).toContain(`Your subscription now runs until ${day(renewed.currentPeriodEnd!)} and renews monthly.`);
    const pdfLink = new RegExp(
      `^Receipt: ${ORIGIN}/api/subscriptions/manage/([^/\\s]+)/invoices/${renewed.invoices[0].id}\\.pdf$`,
      "m",
    ).exec(text);
    expect(pdfLink).not.toBeNull();
    const manage = new RegExp(`^Manage your subscription:\\n${ORIGIN}/subscription/(\\S+)$`, "m").exec(text);
    expect(manage?.[1]).toBe(pdfLink?.[1]);
    expect(receipts[1].html).toContain(`href="${ORIGIN}/subscription/${manage?.[1]}"`);

    // The receipt's link opens its PDF without an account.
    const pdf = await t.client().request(pdfLink![0].slice(`Receipt: ${ORIGIN}`.length));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("cache-control")).toBe("private, no-store");
    const lines = pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(lines).toContain(`Receipt ${renewed.invoices[0].id.slice(0, 8).toUpperCase()}`);
    expect(lines).toContain("Status: Paid");
    expect(lines).toContain("Customer: Katherine Johnson <renewal.sub@example.com>");
    expect(lines).toContain("Payment method: Visa •••• 4242");
    expect(lines).toContain(`${day(first.currentPeriodEnd!)} to ${day(renewed.currentPeriodEnd!)}`);
    expect(lines).toContain("Total: $999.00");
  });

  it("is past_due with an e-mail when a renewal is declined; staff see the failed invoice and may end it at once", async () => {
    const email = "declined.sub@example.com";
    // Stripe's test card whose later charges are declined.
    const { id, token } = await subscribed(email, "Dorothy Vaughan", "4000 0000 0000 0341");
    const record = await renew(id);
    expect(record).toMatchObject({
      status: "past_due",
      nextCharge: null,
      invoices: [
        { status: "failed", failureMessage: "Your card was declined.", amountCents: 99_900 },
        { status: "paid" },
      ],
    });
    // A failed renewal does not move the period.
    expect(record.currentPeriodEnd).toBe(record.invoices[1].periodEnd);
    const [failed] = await mails("subscription.failed", email);
    expect(failed.subject).toBe("Atelier: your Professional subscription payment failed");
    expect(failed.text).toContain(
      "We could not charge $999.00 for your Professional subscription: Your card was declined.",
    );
    expect(failed.text).toContain("Your subscription is past due.");
    expect(failed.text).toContain(`${ORIGIN}/subscription/${token}`);
    expect(await mails("subscription.receipt", email)).toHaveLength(1);
    // The subscriber's link shows what staff see.
    expect((await (await t.client().request(`/api/subscriptions/manage/${token}`)).json()).data).toEqual(
      await find(id),
    );

    const cancelled = await staff.request(`/api/admin/subscriptions/${id}/cancel`, {
      method: "POST",
      json: { atPeriodEnd: false },
    });
    expect((await cancelled.json()).data.status).toBe("cancelled");
    expect(await mails("subscription.ended", email)).toHaveLength(1);
    const twice = await staff.request(`/api/admin/subscriptions/${id}/cancel`, { method: "POST", json: {} });
    expect(twice.status).toBe(409);
    expect((await twice.json()).message).toBe("This subscription is already cancelled, or already set to end.");
    // A new subscription can start after a cancelled one.
    const fresh = await (await subscribe({ email, name: "Dorothy Vaughan" })).json();
    expect(fresh).toMatchObject({ status: "incomplete" });
    expect(fresh.subscriptionId).not.toBe(id);
  });

  it("is managed without an account through its signed link: plan, invoices and next charge; cancelled at the period's end, undone, then ended by the test clock", async () => {
    const email = "managed.sub@example.com";
    const { id, token } = await subscribed(email, "Mary Jackson");
    const stranger = t.client();
    const read = async () => {
      const response = await stranger.request(`/api/subscriptions/manage/${token}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      return (await response.json()).data as SubscriptionView;
    };

    const shown = await read();
    expect(shown).toMatchObject({
      id,
      plan: "Professional",
      priceCents: 99_900,
      customerName: "Mary Jackson",
      customerEmail: email,
      status: "active",
      cancelAtPeriodEnd: false,
      invoices: [{ status: "paid", amountCents: 99_900 }],
    });
    expect(shown.nextCharge).toEqual({ amountCents: 99_900, date: shown.currentPeriodEnd });
    expect(shown).toEqual(await find(id));

    // Cancelled at the period's end: it keeps running until then, with nothing more to charge.
    const cancel = await stranger.request(`/api/subscriptions/manage/${token}/cancel`, { method: "POST" });
    expect(cancel.status).toBe(200);
    const ending: SubscriptionView = (await cancel.json()).data;
    expect(ending).toMatchObject({
      status: "active",
      cancelAtPeriodEnd: true,
      nextCharge: null,
      currentPeriodEnd: shown.currentPeriodEnd,
    });
    expect(await find(id)).toEqual(ending);
    const [scheduled] = await mails("subscription.cancel_scheduled", email);
    const end = day(shown.currentPeriodEnd!);
    expect(scheduled.subject).toBe(`Atelier: your Professional subscription will end on ${end}`);
    expect(scheduled.text).toContain(
      `As asked, your Professional subscription will end on ${end}, at the end of the period you have paid for. You will not be charged again.`,
    );
    expect(scheduled.text).not.toContain("Next charge");
    expect(scheduled.text).toContain(`${ORIGIN}/subscription/${token}`);
    const again = await stranger.request(`/api/subscriptions/manage/${token}/cancel`, { method: "POST" });
    expect(again.status).toBe(409);

    // Undone before the end: it renews again.
    const resume = await stranger.request(`/api/subscriptions/manage/${token}/resume`, { method: "POST" });
    expect(resume.status).toBe(200);
    const resumed: SubscriptionView = (await resume.json()).data;
    expect(resumed).toMatchObject({
      status: "active",
      cancelAtPeriodEnd: false,
      nextCharge: { amountCents: 99_900, date: shown.currentPeriodEnd },
    });
    const [carryOn] = await mails("subscription.resumed", email);
    expect(carryOn.text).toContain(`Your Professional subscription will carry on: it renews on ${end}.`);
    expect(carryOn.text).toContain(`Next charge: $999.00 · ${end}`);
    const nothingToUndo = await stranger.request(`/api/subscriptions/manage/${token}/resume`, { method: "POST" });
    expect(nothingToUndo.status).toBe(409);
    expect((await nothingToUndo.json()).message).toBe(
      "This subscription is not set to end, so there is nothing to undo.",
    );

    // Cancelled again: the test clock reaching the period's end ends it, without a charge.
    expect((await stranger.request(`/api/subscriptions/manage/${token}/cancel`, { method: "POST" })).status).toBe(200);
    const ended = await renew(id);
    expect(ended).toMatchObject({ status: "cancelled", nextCharge: null, invoices: [{ status: "paid" }] });
    expect(ended.invoices).toHaveLength(1);
    expect(await read()).toEqual(ended);
    const [goodbye] = await mails("subscription.ended", email);
    expect(goodbye.subject).toBe("Atelier: your Professional subscription has ended");
    expect(goodbye.text).toContain("You will not be charged again.");
    expect(await mails("subscription.receipt", email)).toHaveLength(1);
    for (const action of ["cancel", "resume"])
      expect((await stranger.request(`/api/subscriptions/manage/${token}/${action}`, { method: "POST" })).status).toBe(
        409,
      );
    expect((await staff.request(`/api/admin/subscriptions/${id}/renew`, { method: "POST" })).status).toBe(409);
  });

  it("lets staff undo a cancellation set for the period's end, once; an unknown subscription is a 404", async () => {
    const email = "staff.resume@example.com";
    const { id } = await subscribed(email, "Katherine Goble");
    const cancel = await staff.request(`/api/admin/subscriptions/${id}/cancel`, {
      method: "POST",
      json: { atPeriodEnd: true },
    });
    expect((await cancel.json()).data).toMatchObject({ status: "active", cancelAtPeriodEnd: true, nextCharge: null });

    const resume = await staff.request(`/api/admin/subscriptions/${id}/resume`, { method: "POST" });
    expect(resume.status).toBe(200);
    const resumed: SubscriptionView = (await resume.json()).data;
    expect(resumed).toMatchObject({ status: "active", cancelAtPeriodEnd: false, nextCharge: { amountCents: 99_900 } });
    expect(await find(id)).toEqual(resumed);
    expect(await mails("subscription.resumed", email)).toHaveLength(1);

    const again = await staff.request(`/api/admin/subscriptions/${id}/resume`, { method: "POST" });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe("This subscription is not set to end, so there is nothing to undo.");
    expect(await mails("subscription.resumed", email)).toHaveLength(1);
    const unknown = await staff.request(`/api/admin/subscriptions/${crypto.randomUUID()}/resume`, { method: "POST" });
    expect(unknown.status).toBe(404);
  });

  it("answers 404 to an altered or unknown management link, and for an invoice the link does not own", async () => {
    const mine = await subscribed("owner.sub@example.com", "Annie Easley");
    const other = await subscribed("other.sub@example.com", "Christine Darden");
    // The token is the subscription's id, "_", and its signature (base64url, which may hold "_" too).
    const cut = mine.token.indexOf("_");
    const [id, mac] = [mine.token.slice(0, cut), mine.token.slice(cut + 1)];
    expect(id).toBe(mine.id);
    expect(mac).toHaveLength(32);
    const flipped = `${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`;
    const otherInvoice = (await find(other.id)).invoices[0].id;
    const myInvoice = (await find(mine.id)).invoices[0].id;
    const altered = [
      `${id}_${flipped}`,
      `${other.id}_${mac}`,
      `${id}_${mac}x`,
      id,
      "not-a-token",
      `${crypto.randomUUID()}_${mac}`,
    ];
    const stranger = t.client();
    for (const token of altered) {
      const read = await stranger.request(`/api/subscriptions/manage/${encodeURIComponent(token)}`);
      expect(read.status, token).toBe(404);
      expect((await read.json()).message).toBe("Subscription not found");
      for (const action of ["cancel", "resume"])
        expect(
          (
            await stranger.request(`/api/subscriptions/manage/${encodeURIComponent(token)}/${action}`, {
              method: "POST",
            })
          ).status,
          `${action} ${token}`,
        ).toBe(404);
      expect(
        (await stranger.request(`/api/subscriptions/manage/${encodeURIComponent(token)}/invoices/${myInvoice}.pdf`))
          .status,
      ).toBe(404);
    }
    expect(
      (await stranger.request(`/api/subscriptions/manage/${mine.token}/invoices/${otherInvoice}.pdf`)).status,
    ).toBe(404);
    expect((await stranger.request(`/api/subscriptions/manage/${mine.token}/invoices/${myInvoice}`)).status).toBe(404);
    expect((await stranger.request(`/api/subscriptions/manage/${mine.token}/invoices/${myInvoice}.pdf`)).status).toBe(
      200,
    );
    // Nothing changed for either subscription.
    for (const subscription of [mine, other])
      expect(await find(subscription.id)).toMatchObject({ status: "active", cancelAtPeriodEnd: false });
  });

  it("is not activated by an invoice of another amount or currency than its plan's: nothing changes, the event keeps why, staff are told", async () => {
    await subscribed("invoice.template@example.com", "Invoice Template");
    const template = delivered.filter((entry) => entry.event.type === "invoice.paid").at(-1)!;
    const created = await (await subscribe({ email: "forged.invoice@example.com", name: "Forged Invoice" })).json();
    const euros = await (await subscribe({ email: "forged.euros@example.com", name: "Forged Euros" })).json();
    const providerId = async (id: string) =>
      (await t.services.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]
        .providerSubscriptionId;
    for (const [eventId, object] of [
      [
        "evt_forged_cent",
        { id: "in_forged_cent", subscription: await providerId(created.subscriptionId), amount_paid: 1, amount_due: 1 },
      ],
      [
        "evt_forged_euros",
        { id: "in_forged_euros", subscription: await providerId(euros.subscriptionId), currency: "eur" },
      ],
    ] as const) {
      expect((await resend(template.event, { id: eventId, object })).status).toBe(200);
    }
    for (const id of [created.subscriptionId, euros.subscriptionId]) {
      expect((await find(id)).status).toBe("incomplete");
      const charges = await t.services.database.db.select().from(payments).where(eq(payments.subjectId, id));
      expect(charges.filter((charge) => charge.status === "succeeded")).toHaveLength(0);
    }
    const problems = (await t.services.database.db.select().from(paymentEvents))
      .filter((event) => event.id.startsWith("evt_forged_"))
      .map((event) => event.problem)
      .sort();
    expect(problems).toEqual([
      "received 1 USD cents where 99900 USD cents were asked",
      "received 99900 EUR cents where 99900 USD cents were asked",
    ]);
    expect((await mails("payment.refused_event", t.config.COMPANY_EMAIL)).length).toBeGreaterThanOrEqual(2);
    // The real first invoice still activates it.
    expect((await (await pay(created.clientSecret)).json()).data.status).toBe("succeeded");
    expect((await find(created.subscriptionId)).status).toBe("active");
  });

  it("changes nothing on redelivered events, nor on late ones about what was already decided", async () => {
    const email = "late.sub@example.com";
    const { id, token, clientSecret } = await subscribed(email, "Late Payer");
    const firstPaid = delivered.filter((entry) => entry.event.type === "invoice.paid").at(-1)!;
    await renew(id);
    const renewal = delivered.filter((entry) => entry.event.type === "invoice.paid").at(-1)!;
    expect(renewal.event.id).not.toBe(firstPaid.event.id);
    const before = await find(id);
    const mailsBefore = await allMails(email);
    const paymentsBefore = await t.services.database.db.select().from(payments).where(eq(payments.subjectId, id));
    const unchanged = async () => {
      expect(await find(id)).toEqual(before);
      expect(await allMails(email)).toBe(mailsBefore);
      expect(await t.services.database.db.select().from(payments).where(eq(payments.subjectId, id))).toEqual(
        paymentsBefore,
      );
    };

    // Stripe delivers an event again, or the buyer's card step is sent twice.
    for (const { rawBody, signature } of [firstPaid, renewal, firstPaid]) {
      const response = await webhook(rawBody, signature);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true, duplicate: true });
    }
    expect((await (await pay(clientSecret)).json()).data.status).toBe("succeeded");
    await unchanged();

    // Late events about invoices already paid: a failure report, the first invoice paid again with its old period.
    expect(
      (
        await (
          await resend(renewal.event, {
            id: "evt_late_failure",
            type: "invoice.payment_failed",
            object: { amount_paid: 0, failure_message: "Your card was declined." },
          })
        ).json()
      ).duplicate,
    ).toBe(false);
    expect((await (await resend(firstPaid.event, { id: "evt_late_first_invoice" })).json()).duplicate).toBe(false);
    // Nor a report of another amount for an invoice already paid.
    expect(
      (await (await resend(renewal.event, { id: "evt_other_amount", object: { amount_paid: 1 } })).json()).duplicate,
    ).toBe(false);
    await unchanged();

    // Once ended, a late update and a late invoice never bring it back.
    expect(
      (await staff.request(`/api/admin/subscriptions/${id}/cancel`, { method: "POST", json: { atPeriodEnd: false } }))
        .status,
    ).toBe(200);
    const ended = await find(id);
    expect(ended.status).toBe("cancelled");
    const endedMails = await allMails(email);
    const update = delivered.find(
      (entry) =>
        entry.event.type === "customer.subscription.deleted" &&
        entry.event.data.object.id === renewal.event.data.object.subscription,
    )!;
    await resend(update.event, {
      id: "evt_late_update",
      type: "customer.subscription.updated",
      object: { status: "active", cancel_at_period_end: false },
    });
    await resend(renewal.event, { id: "evt_late_renewal_again" });
    expect(await find(id)).toEqual(ended);
    expect(await allMails(email)).toBe(endedMails);
    expect((await (await t.client().request(`/api/subscriptions/manage/${token}`)).json()).data.status).toBe(
      "cancelled",
    );
  });

  it("is listed for staff only, newest first, with the same state the subscriber sees", async () => {
    expect((await visitor.request("/api/admin/subscriptions")).status).toBe(401);
    const customer = await signInAs(t, "customer");
    expect((await customer.request("/api/admin/subscriptions")).status).toBe(403);
    expect(
      (await customer.request(`/api/admin/subscriptions/${crypto.randomUUID()}/cancel`, { method: "POST", json: {} }))
        .status,
    ).toBe(403);
    const list = await staffList();
    expect(list.map((entry) => entry.createdAt)).toEqual([...list.map((entry) => entry.createdAt)].sort().reverse());
    for (const entry of list.filter((item) => item.status !== "incomplete")) {
      const token = await t.services.signing.subscriptionToken(entry.id);
      expect((await (await t.client().request(`/api/subscriptions/manage/${token}`)).json()).data).toEqual(entry);
    }
    expect(new Set(list.map((entry) => entry.status))).toEqual(new Set(["incomplete", "active", "cancelled"]));
  });

  it("counts each new subscription against the address's budget: past it, a translated 429 with Retry-After creates nothing, and the browser's own one still answers", async () => {
    const small = await createTestApp({
      SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
      ORDERS_PER_ADDRESS: "2",
      TRUST_PROXY: "true",
    });
    try {
      const browser = small.client();
      const send = (email: string, headers: Record<string, string> = {}) =>
        browser.request("/api/get-or-create-subscription", {
          method: "POST",
          json: { name: "Ada Lovelace", email, priceId: "Professional" },
          headers: { "x-forwarded-for": "203.0.113.92", ...headers },
        });
      const first = await send("busy.one@example.com");
      expect(first.status).toBe(200);
      const { subscriptionId } = await first.json();
      expect((await send("busy.two@example.com")).status).toBe(200);
      const refused = await send("busy.three@example.com");
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("600");
      expect(await refused.json()).toMatchObject({
        code: "rate_limited",
        message: "Too many orders from this connection. Please try again in 10 minutes.",
      });
      const french = await send("busy.three@example.com", { "accept-language": "fr-FR" });
      expect(french.status).toBe(429);
      expect((await french.json()).message).toBe(
        "Trop de commandes depuis cette connexion. Veuillez réessayer dans 10 minutes.",
      );
      const rows = await small.services.database.db.select().from(subscriptions);
      expect(rows.map((row) => row.customerEmail).sort()).toEqual(["busy.one@example.com", "busy.two@example.com"]);
      // Resuming the browser's own subscription is no new attempt.
      const again = await send("busy.one@example.com");
      expect(again.status).toBe(200);
      expect((await again.json()).subscriptionId).toBe(subscriptionId);
    } finally {
      await small.close();
    }
  });

  it("moves as its state machine says", () => {
    expect(nextSubscriptionStatus("incomplete", "invoice_paid")).toBe("active");
    expect(nextSubscriptionStatus("incomplete", "invoice_failed")).toBe("incomplete");
    expect(nextSubscriptionStatus("active", "invoice_failed")).toBe("past_due");
    expect(nextSubscriptionStatus("past_due", "invoice_paid")).toBe("active");
    expect(nextSubscriptionStatus("past_due", "invoice_failed")).toBe("past_due");
    expect(nextSubscriptionStatus("active", "cancelled")).toBe("cancelled");
    expect(nextSubscriptionStatus("cancelled", "invoice_paid")).toBe("cancelled");
  });
});

describe("a subscription found by its e-mail from another browser", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET, BOOKING_TIME_ZONE: ZONE });
  }, 120_000);
  afterAll(async () => t.close());

  const subscribeFrom = (client: TestClient, email: string, headers: Record<string, string> = {}) =>
    client.request("/api/get-or-create-subscription", {
      method: "POST",
      json: { name: "Ada Lovelace", email, priceId: "Professional" },
      headers,
    });

  it("answers its own browser again, tells another browser nothing but that the link was e-mailed, and e-mails it at most three times an hour", async () => {
    const owner = t.client();
    const stranger = t.client();
    const email = "ada.owner@example.com";
    const first = await (await subscribeFrom(owner, email)).json();
    expect(first).toMatchObject({
      success: true,
      status: "incomplete",
      clientSecret: expect.stringMatching(/_secret_/),
    });
    // The same browser resumes the same attempt, with the same secret.
    expect(await (await subscribeFrom(owner, email)).json()).toMatchObject({
      subscriptionId: first.subscriptionId,
      clientSecret: first.clientSecret,
    });

    // Another browser with the same e-mail, in another case: no id, status, secret or management token.
    const other = await subscribeFrom(stranger, "ADA.Owner@example.com");
    expect(other.status).toBe(200);
    const body = await other.json();
    expect(body).toEqual({
      success: true,
      emailed: true,
      message:
        "This e-mail address already has this plan. We have sent the link to manage that subscription to it: open it from that mailbox.",
    });
    expect(JSON.stringify(body)).not.toContain(first.subscriptionId);
    const french = await (await subscribeFrom(stranger, email, { "x-page-language": "fr" })).json();
    expect(french.message).toBe(
      "Cette adresse e-mail a déjà cette formule. Nous lui avons envoyé le lien pour gérer cet abonnement\u202f: ouvrez-le depuis cette messagerie.",
    );

    const links = async () =>
      (
        await t.services.database.db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.kind, "subscription.link"), eq(mailOutbox.toAddress, email)))
      ).sort((a, b) => a.id - b.id);
    expect(await links()).toHaveLength(2);
    const [link] = await links();
    expect(link.subject).toBe("Atelier: the link to your Professional subscription");
    const token = /\/subscription\/([A-Za-z0-9_.-]+)/.exec(link.text)?.[1];
    expect((await (await t.client().request(`/api/subscriptions/manage/${token}`)).json()).data).toMatchObject({
      id: first.subscriptionId,
      status: "incomplete",
    });
    // Asked again and again: three e-mails an hour, and the same answer each time.
    for (let i = 0; i < 3; i++) expect((await (await subscribeFrom(stranger, email)).json()).emailed).toBe(true);
    expect(await links()).toHaveLength(3);
    // Nothing of the first attempt changed.
    expect(await (await subscribeFrom(owner, email)).json()).toMatchObject({
      subscriptionId: first.subscriptionId,
      clientSecret: first.clientSecret,
    });

    // The subscriber pays it from the mailbox's browser, through the e-mailed link; that browser resumes it from then on.
    const mailbox = t.client();
    const payment = await mailbox.request(`/api/subscriptions/manage/${token}/payment`, { method: "POST" });
    expect(payment.status).toBe(200);
    expect(await payment.json()).toMatchObject({
      success: true,
      subscriptionId: first.subscriptionId,
      clientSecret: first.clientSecret,
      status: "incomplete",
    });
    expect(await (await subscribeFrom(mailbox, email)).json()).toMatchObject({
      subscriptionId: first.subscriptionId,
      clientSecret: first.clientSecret,
    });
    const confirmed = await mailbox.request("/api/payments/sandbox/confirm", {
      method: "POST",
      json: { clientSecret: first.clientSecret, cardNumber: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" },
    });
    expect((await confirmed.json()).data.status).toBe("succeeded");
    // Paid: nothing is left to pay by the link, and an altered link is a 404.
    const paid = await mailbox.request(`/api/subscriptions/manage/${token}/payment`, { method: "POST" });
    expect(paid.status).toBe(409);
    expect((await paid.json()).message).toBe("Nothing is left to pay on this subscription.");
    expect((await mailbox.request(`/api/subscriptions/manage/${token}x/payment`, { method: "POST" })).status).toBe(404);
  });
});
