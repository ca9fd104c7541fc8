// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { NewsletterBox } from "../../app/features/newsletter/newsletter-box.tsx";
import NewsletterConfirm, { loader } from "../../app/routes/newsletter-confirm.tsx";
import { click, domPage, typeInto } from "../helpers/dom-page.tsx";
import { toast } from "../helpers/toast-mock.ts";

// The newsletter of the hot deals page (spec document 000, section 2) with double opt-in (README
// decision 12): Subscribe asks the visitor to check their inbox; the e-mailed link opens a page that
// confirms on a click, and says clearly when the address was already confirmed or the link is bad.
vi.mock("../../app/components/ui/toast.ts", () => import("../helpers/toast-mock.ts"));

const page = domPage();
const { fetchMock } = page;
let container: HTMLElement;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

async function render(element: React.ReactNode, { language = "en" as "en" | "fr", path = "/" } = {}) {
  container = await page.render(element, language, { path });
}

const type = typeInto;

const email = () => container.querySelector<HTMLInputElement>("input[name=email]")!;
const subscribe = () => container.querySelector<HTMLButtonElement>("button[type=submit]")!;
const alerts = () => [...container.querySelectorAll("[role=alert]")].map((node) => node.textContent);
const accepted = "Thank you! Please check your inbox and follow the link we sent you to confirm your subscription.";

describe("NewsletterBox", () => {
  it("has a labelled e-mail field and Subscribe", async () => {
    await render(<NewsletterBox />);
    expect(container.querySelector(`label[for="${email().id}"]`)?.textContent).toBe("Email address");
    expect(email().type).toBe("email");
    expect(subscribe().textContent).toBe("Subscribe");
  });

  it.each(["", "not-an-email", "reader@"])(
    "refuses %j with a validation message under the field, and sends nothing",
    async (value) => {
      await render(<NewsletterBox />);
      type(email(), value);
      await click(subscribe());
      expect(alerts()).toEqual(["Please enter a valid email address"]);
      expect(email().getAttribute("aria-invalid")).toBe("true");
      expect(document.activeElement).toBe(email());
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it("subscribes through POST /api/newsletter/subscribe and tells the visitor to check their inbox", async () => {
    fetchMock.mockResolvedValue(json(202, { message: accepted }));
    await render(<NewsletterBox />);
    type(email(), "  Reader@Example.com ");
    await click(subscribe());
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/newsletter/subscribe");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ email: "reader@example.com" });
    expect(container.querySelector("[data-testid=newsletter-accepted]")?.textContent).toBe(accepted);
    expect(container.querySelector("[data-testid=newsletter]")?.textContent).toContain("Check your inbox");
    // Said in the box; no toast repeats it.
    expect(toast.success).not.toHaveBeenCalled();
    expect(email().value).toBe("");
  });

  it("shows the server's refusal (a rate limit) in the box, not in a toast", async () => {
    const message = "Too many subscription requests were sent from your network. Please try again in 12 minutes.";
    fetchMock.mockResolvedValue(json(429, { message, code: "rate_limited" }));
    await render(<NewsletterBox />);
    type(email(), "reader@example.com");
    await click(subscribe());
    const failed = container.querySelector("[data-testid=newsletter-failed]");
    expect(failed?.textContent).toBe(`Subscription failed${message}`);
    expect(document.activeElement).toBe(failed);
    expect(toast.error).not.toHaveBeenCalled();
    expect(container.querySelector("[data-testid=newsletter-accepted]")).toBeNull();
    expect(email().value).toBe("reader@example.com");
  });

  it("speaks French", async () => {
    await render(<NewsletterBox />, { language: "fr" });
    expect(subscribe().textContent).toBe("S'abonner");
    await click(subscribe());
    expect(alerts()).toEqual(["Veuillez saisir une adresse e-mail valide"]);
  });
});

describe("/newsletter/confirm loader", () => {
  const token = "tTu1OXyE-T-rA03izm7QSgEt7VEugJgTYT33cNZEiAY";
  const confirm = vi.fn();
  const args = (query: string, params: { lang?: string } = {}) =>
    ({
      params,
      request: new Request(`http://localhost/newsletter/confirm${query}`),
      context: {
        requestLanguage: "en",
        publicConfig: { companyName: "Atelier" },
        services: { newsletter: { confirm } },
      },
    }) as unknown as Parameters<typeof loader>[0];

  it("passes a well-formed token to the page without confirming anything (a link scanner's GET changes nothing)", () => {
    const result = loader(args(`?token=${token}`));
    expect(result).toEqual({ token, meta: { title: "Newsletter subscription | Atelier", description: undefined } });
    expect(confirm).not.toHaveBeenCalled();
  });

  it.each(["", "?token=", "?token=short", `?token=${token}!`])("answers 400 with no token for %j", (query) => {
    const result = loader(args(query, { lang: "fr" })) as unknown as {
      data: { token: null; meta: { title: string } };
      init: { status: number };
    };
    expect(result.init.status).toBe(400);
    expect(result.data.token).toBeNull();
    expect(result.data.meta.title).toBe("Abonnement à la newsletter | Atelier");
  });
});

describe("/newsletter/confirm page", () => {
  const token = "a".repeat(43);
  const page = (value: string | null) => (
    <NewsletterConfirm
      {...({ loaderData: { token: value, meta: { title: "" } } } as Parameters<typeof NewsletterConfirm>[0])}
    />
  );
  const heading = () => container.querySelector("h1")?.textContent;
  const confirmButton = () =>
    [...container.querySelectorAll("button")].find((button) => button.textContent === "Confirm my subscription")!;
  const links = () => [...container.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")]);

  it("asks for a click, then POSTs the token and shows that the subscription is confirmed", async () => {
    fetchMock.mockResolvedValue(
      json(200, { status: "confirmed", message: "Your subscription is confirmed. Welcome aboard!" }),
    );
    await render(page(token));
    expect(heading()).toBe("Confirm your subscription");
    expect(fetchMock).not.toHaveBeenCalled();
    await click(confirmButton());
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/newsletter/confirm");
    expect(JSON.parse(String(init?.body))).toEqual({ token });
    expect(heading()).toBe("Subscription confirmed");
    expect(container.textContent).toContain("Your subscription is confirmed. Welcome aboard!");
    expect(links()).toContainEqual(["Back to home", "/"]);
    expect(document.activeElement).toBe(container.querySelector("h1"));
  });

  it("says so when the subscription was already confirmed (confirming twice)", async () => {
    fetchMock.mockResolvedValue(json(200, { status: "already_confirmed", message: "" }));
    await render(page(token));
    await click(confirmButton());
    expect(heading()).toBe("Already confirmed");
    expect(container.textContent).toContain("Your subscription was already confirmed. There is nothing more to do.");
  });

  it("says the link is not valid when the server does not know the token", async () => {
    fetchMock.mockResolvedValue(json(400, { message: "This confirmation link is not valid.", code: "validation" }));
    await render(page(token));
    await click(confirmButton());
    expect(heading()).toBe("This link is not valid");
    expect(links()).toEqual([
      ["Subscribe again", "/hot-deals"],
      ["Back to home", "/"],
    ]);
  });

  it("says the link is not valid at once when there is no usable token", async () => {
    await render(page(null));
    expect(heading()).toBe("This link is not valid");
    expect(container.textContent).toContain(
      "This confirmation link is not valid. Please check that you opened the whole link, or subscribe again to receive a new one.",
    );
    expect(container.querySelectorAll("button")).toHaveLength(0);
  });

  it("keeps the button and says so when the server cannot be reached", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await render(page(token));
    await click(confirmButton());
    expect(heading()).toBe("Confirm your subscription");
    expect(toast.error).toHaveBeenCalledWith("Confirmation failed", {
      description: "An error occurred while confirming your subscription. Please try again.",
    });
  });

  it("speaks French under /fr, links included", async () => {
    fetchMock.mockResolvedValue(json(200, { status: "confirmed", message: "" }));
    await render(page(token), { language: "fr", path: "/fr/newsletter/confirm" });
    expect(heading()).toBe("Confirmez votre abonnement");
    await click(
      [...container.querySelectorAll("button")].find((button) => button.textContent === "Confirmer mon abonnement")!,
    );
    expect(heading()).toBe("Abonnement confirmé");
    expect(container.textContent).toContain("Votre abonnement est confirmé. Bienvenue à bord\u202f!");
    expect(links()).toEqual([
      ["Retour à l'accueil", "/fr"],
      ["Voir les offres spéciales", "/fr/hot-deals"],
    ]);
  });
});
