// @vitest-environment jsdom
import { act, type ComponentType } from "react";
import { click, domPage } from "../helpers/dom-page.tsx";
import { pageUnderRoot, publicConfig } from "../helpers/site-fixtures.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import Subscribe from "../../app/routes/subscribe.tsx";
import SubscribeSuccess, { loader as successLoader } from "../../app/routes/subscribe-success.tsx";
import SubscriptionPage, { action, loader } from "../../app/routes/subscription.tsx";
import type { SubscriptionView } from "../../core/checkout/subscriptions.server.ts";
import { DomainError } from "../../core/errors.ts";

// "No dead-end subscription" (issue 23): /subscribe goes on to /subscribe/success with the signed
// management token, which shows the amount charged, its receipt, the next charge and "Manage your
// subscription"; /subscription/:token shows the plan, status, next charge or end, the invoices, and
// cancels at the period's end (asked to confirm) or keeps it, by forms that post without scripts.

vi.mock("../../app/components/ui/toast.ts", () => import("../helpers/toast-mock.ts"));

const config = publicConfig({ companyName: "Atelier", companyEmail: "hello@atelier.example", companyAddress: "" });

const TOKEN = "sub.signed-token";

function subscription(overrides: Partial<SubscriptionView> = {}): SubscriptionView {
  return {
    id: "4f0d7a35-3a2b-4d8e-9a51-2d8e8d3b7c11",
    plan: "Professional",
    priceCents: 99_900,
    customerEmail: "ada@example.com",
    customerName: "Ada Lovelace",
    language: "en",
    status: "active",
    currentPeriodEnd: "2026-12-25T15:00:00.000Z",
    cancelAtPeriodEnd: false,
    nextCharge: { amountCents: 99_900, date: "2026-12-25T15:00:00.000Z" },
    createdAt: "2026-11-25T15:00:00.000Z",
    invoices: [
      {
        id: "pay_invoice_1",
        amountCents: 99_900,
        status: "paid",
        periodStart: "2026-11-25T15:00:00.000Z",
        periodEnd: "2026-12-25T15:00:00.000Z",
        paidAt: "2026-11-25T15:01:00.000Z",
        brand: "visa",
        last4: "4242",
        failureMessage: null,
      },
    ],
    ...overrides,
  };
}

const page = domPage();
let container: HTMLElement;

afterEach(() => {
  vi.restoreAllMocks();
});

async function renderPage(
  Page: ComponentType,
  routePath: string,
  path: string,
  { language = "en" as "en" | "fr", pageData = {} as unknown } = {},
) {
  const [routes, , options] = pageUnderRoot(Page, routePath, path, {
    language,
    pageData,
    config,
    siblings: [{ path: "*", Component: () => <main>elsewhere</main> }],
  });
  container = await page.renderRoutes(routes, language, options);
}

const text = (testId: string) => container.querySelector(`[data-testid=${testId}]`)?.textContent ?? null;
const main = () => container.querySelector("main")?.textContent ?? "";

/** A fake of what the route modules reach on the server: the subscriptions' service. */
function context(view: SubscriptionView | null, refusal?: DomainError) {
  const calls: string[] = [];
  const subscriptions = {
    byToken: vi.fn(async (token: string) => {
      if (!view || token !== TOKEN) throw new DomainError("not_found", "payments:subscription.notFound");
      return view;
    }),
    cancel: vi.fn(async (id: string, atPeriodEnd: boolean) => {
      calls.push(`cancel ${id} ${atPeriodEnd}`);
      if (refusal) throw refusal;
      return view!;
    }),
    resume: vi.fn(async (id: string) => {
      calls.push(`resume ${id}`);
      if (refusal) throw refusal;
      return view!;
    }),
  };
  return { calls, context: { requestLanguage: "en", publicConfig: config, services: { checkout: { subscriptions } } } };
}

function post(path: string, intent: string): Request {
  return new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams({ intent }) });
}

describe("/subscribe", () => {
  it("goes on to /subscribe/success with the subscription's management token", async () => {
    page.fetchMock.mockImplementation(
      async () =>
        new Response(
          JSON.stringify({
            success: true,
            clientSecret: null,
            subscriptionId: "4f0d",
            status: "active",
            provider: "sandbox",
            publishableKey: null,
            manageToken: TOKEN,
            message: "",
          }),
          { status: 200 },
        ),
    );
    const plan = { name: "Professional", priceCents: 99_900, description: "", features: [] };
    const Page = () => (
      <Subscribe
        {...({ loaderData: { language: "en", plan, unknown: null, meta: { title: "" } } } as unknown as Parameters<
          typeof Subscribe
        >[0])}
      />
    );
    await renderPage(Page, "/subscribe", "/subscribe");
    const type = async (name: string, value: string) => {
      const input = container.querySelector<HTMLInputElement>(`input[name=${name}]`)!;
      await act(async () => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, value);
        input.dispatchEvent(new Event("input", { bubbles: true }));
      });
    };
    await type("name", "Ada Lovelace");
    await type("email", "ada@example.com");
    await click(container.querySelector<HTMLButtonElement>("[data-testid=subscribe-start]")!);
    expect(text("where")).toBe(`/subscribe/success?subscription=${encodeURIComponent(TOKEN)}`);
  });
});

describe("/subscribe/success", () => {
  it("shows the amount charged, its receipt, the next charge and 'Manage your subscription' instead of 'contact our support team'", async () => {
    const pageData = { token: TOKEN, subscription: subscription(), meta: { title: "" } };
    const Page = () => (
      <SubscribeSuccess {...({ loaderData: pageData } as unknown as Parameters<typeof SubscribeSuccess>[0])} />
    );
    await renderPage(Page, "/subscribe/success", `/subscribe/success?subscription=${TOKEN}`, { pageData });
    expect(text("subscribe-success-title")).toBe("Subscription Activated");
    expect(text("subscription-charged")).toBe("$999.00");
    expect(text("subscription-next-charge")).toBe("$999.00December 25, 2026");
    expect(container.querySelector("[data-testid=subscription-receipt]")?.getAttribute("href")).toBe(
      `/api/subscriptions/manage/${encodeURIComponent(TOKEN)}/invoices/pay_invoice_1.pdf`,
    );
    expect(container.querySelector("[data-testid=manage-subscription]")?.getAttribute("href")).toBe(
      `/subscription/${encodeURIComponent(TOKEN)}`,
    );
    expect(main()).toContain("Visa •••• 4242");
    expect(main()).not.toContain("contact our support team");
  });

  it("waits for the first payment's confirmation, asking the server, then shows it active", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const asked: string[] = [];
    page.fetchMock.mockImplementation(async (url) => {
      asked.push(String(url));
      return new Response(JSON.stringify({ data: subscription() }), { status: 200 });
    });
    const pageData = {
      token: TOKEN,
      subscription: subscription({ status: "incomplete", nextCharge: null, currentPeriodEnd: null, invoices: [] }),
      meta: { title: "" },
    };
    const Page = () => (
      <SubscribeSuccess {...({ loaderData: pageData } as unknown as Parameters<typeof SubscribeSuccess>[0])} />
    );
    await renderPage(Page, "/subscribe/success", `/subscribe/success?subscription=${TOKEN}`, { pageData });
    expect(text("subscribe-success-title")).toBe("Confirming your subscription...");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    vi.useRealTimers();
    expect(asked).toEqual([`/api/subscriptions/manage/${encodeURIComponent(TOKEN)}`]);
    expect(text("subscribe-success-title")).toBe("Subscription Activated");
  });

  it("answers 404 for a link that names no subscription", async () => {
    const { context: ctx } = context(null);
    const answer = (await successLoader({
      request: new Request("http://localhost/subscribe/success?subscription=forged"),
      params: {},
      context: ctx,
    } as never)) as unknown as { init: { status: number }; data: { subscription: null } };
    expect(answer.init.status).toBe(404);
    expect(answer.data.subscription).toBeNull();
  });
});

describe("/subscription/:token", () => {
  const pageFor = (view: SubscriptionView | null, actionData?: { error: string }) => {
    const Page = () => (
      <SubscriptionPage
        {...({
          params: { token: TOKEN },
          loaderData: { subscription: view, meta: { title: "" } },
          actionData,
        } as unknown as Parameters<typeof SubscriptionPage>[0])}
      />
    );
    return Page;
  };

  it("shows the plan, status, next charge, invoices with their receipts, and a way to cancel at the period's end", async () => {
    await renderPage(pageFor(subscription()), "/subscription/:token", `/subscription/${TOKEN}`);
    expect(text("subscription-status")).toBe("Active");
    expect(text("subscription-renewal")).toBe("Next charge: $999.00 on December 25, 2026");
    expect(container.querySelectorAll("[data-testid=invoice-row]")).toHaveLength(1);
    expect(container.querySelector("[data-testid=invoice-receipt]")?.getAttribute("href")).toBe(
      `/api/subscriptions/manage/${encodeURIComponent(TOKEN)}/invoices/pay_invoice_1.pdf`,
    );
    // A link, so that it works before the scripts load: it asks to confirm on the page itself.
    expect(container.querySelector("[data-testid=subscription-cancel]")?.getAttribute("href")).toBe(
      `/subscription/${encodeURIComponent(TOKEN)}?confirm=cancel`,
    );
    expect(container.querySelector("form")).toBeNull();
  });

  it("asks to confirm with a form that posts the cancellation, and a way to keep the subscription", async () => {
    await renderPage(pageFor(subscription()), "/subscription/:token", `/subscription/${TOKEN}?confirm=cancel`);
    expect(text("cancel-confirm")).toContain("Cancel at the end of the period?");
    expect(text("cancel-confirm")).toContain(
      "Your subscription stays active until December 25, 2026, then ends: you will not be charged again.",
    );
    const form = container.querySelector("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe(`/subscription/${encodeURIComponent(TOKEN)}`);
    const yes = container.querySelector<HTMLButtonElement>("[data-testid=cancel-confirm-yes]")!;
    expect([yes.type, yes.name, yes.value]).toEqual(["submit", "intent", "cancel"]);
    expect(container.querySelector("[data-testid=cancel-confirm-no]")?.textContent).toBe("Keep my subscription");
  });

  it("once set to end says when, and offers 'Keep my subscription' (undo) by a form post; in French too", async () => {
    const ending = subscription({ cancelAtPeriodEnd: true, nextCharge: null });
    await renderPage(pageFor(ending), "/fr/subscription/:token", `/fr/subscription/${TOKEN}?done=cancelled`, {
      language: "fr",
    });
    expect(text("subscription-renewal")).toContain("Se termine le 25 décembre 2026");
    expect(text("subscription-done")).toBe(
      "C’est fait\u202f: votre abonnement se terminera le 25 décembre 2026. Nous vous avons envoyé une confirmation par e-mail.",
    );
    const resume = container.querySelector<HTMLButtonElement>("[data-testid=subscription-resume]")!;
    expect([resume.textContent, resume.name, resume.value]).toEqual(["Conserver mon abonnement", "intent", "resume"]);
    expect(resume.closest("form")?.getAttribute("action")).toBe(`/fr/subscription/${encodeURIComponent(TOKEN)}`);
    expect(container.querySelector("[data-testid=subscription-cancel]")).toBeNull();
  });

  it("shows why an action was refused", async () => {
    await renderPage(
      pageFor(subscription(), { error: "payments:subscription.cannotCancel" }),
      "/subscription/:token",
      `/subscription/${TOKEN}`,
    );
    expect(text("subscription-error")).toBe("This subscription is already cancelled, or already set to end.");
  });

  it("says clearly that a wrong link names no subscription (404)", async () => {
    const { context: ctx } = context(subscription());
    const answer = (await loader({
      request: new Request("http://localhost/subscription/forged"),
      params: { token: "forged" },
      context: ctx,
    } as never)) as unknown as { init: { status: number } };
    expect(answer.init.status).toBe(404);
    await renderPage(pageFor(null), "/subscription/:token", "/subscription/forged");
    expect(main()).toContain("Subscription not found");
    expect(main()).toContain("This subscription link is not valid.");
  });

  it("cancels at the period's end and keeps it through the service, then shows the page again with what was done", async () => {
    const { calls, context: ctx } = context(subscription());
    const cancelled = (await action({
      request: post(`/fr/subscription/${TOKEN}`, "cancel"),
      params: { token: TOKEN },
      context: ctx,
    } as never)) as Response;
    expect(cancelled.status).toBe(302);
    expect(cancelled.headers.get("location")).toBe(`/fr/subscription/${TOKEN}?done=cancelled`);
    const resumed = (await action({
      request: post(`/subscription/${TOKEN}`, "resume"),
      params: { token: TOKEN },
      context: ctx,
    } as never)) as Response;
    expect(resumed.headers.get("location")).toBe(`/subscription/${TOKEN}?done=resumed`);
    expect(calls).toEqual([
      "cancel 4f0d7a35-3a2b-4d8e-9a51-2d8e8d3b7c11 true",
      "resume 4f0d7a35-3a2b-4d8e-9a51-2d8e8d3b7c11",
    ]);
  });

  it("answers a refusal with its reason, a provider outage with a plain message, and a forged link with 404", async () => {
    const refused = context(subscription(), new DomainError("conflict", "payments:subscription.cannotCancel"));
    const conflict = (await action({
      request: post(`/subscription/${TOKEN}`, "cancel"),
      params: { token: TOKEN },
      context: refused.context,
    } as never)) as unknown as { init: { status: number }; data: { error: string } };
    expect([conflict.init.status, conflict.data.error]).toEqual([409, "payments:subscription.cannotCancel"]);
    const outage = context(subscription(), new DomainError("conflict", "orders:errors.providerUnavailable"));
    const unavailable = (await action({
      request: post(`/subscription/${TOKEN}`, "resume"),
      params: { token: TOKEN },
      context: outage.context,
    } as never)) as unknown as { data: { error: string } };
    expect(unavailable.data.error).toBe("payments:manage.actionFailed");
    const forged = context(subscription());
    const missing = (await action({
      request: post("/subscription/forged", "cancel"),
      params: { token: "forged" },
      context: forged.context,
    } as never)) as unknown as { init: { status: number } };
    expect(missing.init.status).toBe(404);
    expect(forged.calls).toEqual([]);
  });
});
