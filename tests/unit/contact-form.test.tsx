// @vitest-environment jsdom
import { act } from "react";
import { click, domPage, until } from "../helpers/dom-page.tsx";
import { publicConfig, rootData } from "../helpers/site-fixtures.tsx";
import { describe, expect, it, vi } from "vitest";
import { ContactForm } from "../../app/features/contact/contact-form.tsx";
import { ContactSection } from "../../app/features/contact/contact-section.tsx";
import { toast } from "../helpers/toast-mock.ts";

// Spec document 000: section 2 (contact form fields), 4 (Send Message, Sending, sent confirmation and
// reset), 5 (the server schema's rules) and 8 (the toasts); README decision 8 (inquiry types).
vi.mock("../../app/components/ui/toast.ts", () => import("../helpers/toast-mock.ts"));

const config = publicConfig();

const { fetchMock, renderRoutes } = domPage();
let container: HTMLElement;

// The form imports its schema and the form layer's runtime on the first submit (zod is not part of the
// page's first load); `send` waits for them.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

async function render(element: React.ReactNode, language: "en" | "fr" = "en") {
  container = await renderRoutes(
    [{ id: "root", path: "/", loader: () => null, Component: () => <>{element}</> }],
    language,
    { loaderData: { root: rootData(language, { config }) } },
  );
}

const control = (name: string) =>
  container.querySelector<HTMLInputElement & HTMLTextAreaElement & HTMLSelectElement>(`[name=${name}]`)!;
const labelOf = (element: Element) => container.querySelector(`label[for="${element.id}"]`)?.textContent?.trim();
const submit = () => container.querySelector<HTMLButtonElement>("button[type=submit]")!;
const alerts = () => [...container.querySelectorAll("[role=alert]")].map((node) => node.textContent);

/** Types into a React-controlled field. */
function type(element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  const prototype =
    element instanceof HTMLSelectElement
      ? HTMLSelectElement.prototype
      : element instanceof HTMLTextAreaElement
        ? HTMLTextAreaElement.prototype
        : HTMLInputElement.prototype;
  act(() => {
    Object.getOwnPropertyDescriptor(prototype, "value")!.set!.call(element, value);
    element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  });
}

/**
 * Presses Send Message and waits until the form is no longer busy or has sent its request (the first submit
 * loads the form's code).
 */
async function send() {
  const sent = fetchMock.mock.calls.length;
  await click(submit(), { until: () => fetchMock.mock.calls.length > sent });
}

function fillValid() {
  type(control("name"), "Ada Lovelace");
  type(control("email"), "ada@example.com");
  type(control("phone"), "+1 555 010 2030");
  type(control("company"), "Analytical Engines");
  type(control("inquiryType"), "partnership");
  type(control("message"), "We would like to work with you on a campaign.");
}

describe("ContactForm", () => {
  it("has the specification's fields: full name, email (email type), phone (tel type), optional company, inquiry type and message", async () => {
    await render(<ContactForm />);
    expect(labelOf(control("name"))).toBe("Full name *");
    expect(control("email").type).toBe("email");
    expect(control("phone").type).toBe("tel");
    expect(labelOf(control("phone"))).toBe("Phone number");
    expect(labelOf(control("company"))).toBe("Company (optional)");
    expect(control("company").required).toBe(false);
    expect(labelOf(control("message"))).toBe("Message *");
    expect(submit().textContent).toBe("Send Message");
  });

  it("offers General Question, Request Quote, Partnership and Support, mapped one to one to the inquiry types, question by default", async () => {
    await render(<ContactForm />);
    const options = [...control("inquiryType").querySelectorAll("option")].map((option) => [
      option.value,
      option.textContent,
    ]);
    expect(options).toEqual([
      ["question", "General Question"],
      ["quote", "Request Quote"],
      ["partnership", "Partnership"],
      ["support", "Support"],
    ]);
    expect(control("inquiryType").value).toBe("question");
  });

  it("refuses an empty form with the server schema's messages under the fields, focuses the first, and sends nothing", async () => {
    await render(<ContactForm />);
    await send();
    expect(alerts()).toEqual(["Name is required", "Valid email is required", "Message must be at least 10 characters"]);
    expect(control("name").getAttribute("aria-invalid")).toBe("true");
    expect(control("name").getAttribute("aria-describedby")).toBe(container.querySelector("[role=alert]")!.id);
    expect(document.activeElement).toBe(control("name"));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refuses a bad e-mail and a message under 10 characters", async () => {
    await render(<ContactForm />);
    type(control("name"), "Ada");
    type(control("email"), "ada@");
    type(control("message"), "Too short");
    await send();
    expect(alerts()).toEqual(["Valid email is required", "Message must be at least 10 characters"]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("checks the fields again at the next submit: a mended field loses its message", async () => {
    await render(<ContactForm />);
    await send();
    type(control("name"), "Ada");
    await send();
    expect(alerts()).toEqual(["Valid email is required", "Message must be at least 10 characters"]);
    expect(document.activeElement).toBe(control("email"));
  });

  it("sends the form to POST /api/contact, reads Sending... while busy (keeping the focus), then confirms inline and resets", async () => {
    let answer!: (response: Response) => void;
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    await render(<ContactForm />);
    fillValid();
    await send();

    expect(submit().textContent).toBe("Sending...");
    // Busy, but not disabled: a disabled button would drop the focus.
    expect(submit().getAttribute("aria-disabled")).toBe("true");
    expect(submit().disabled).toBe(false);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/contact");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.com",
      phone: "+1 555 010 2030",
      company: "Analytical Engines",
      inquiryType: "partnership",
      message: "We would like to work with you on a campaign.",
      language: "en",
    });

    await act(async () => answer(json(201, { message: "Thank you for your message! We will get back to you soon." })));
    expect(toast.success).not.toHaveBeenCalled();
    const sent = container.querySelector("[data-testid=contact-sent]");
    expect(sent?.textContent).toBe("Message Sent!Thank you for your message! We will get back to you soon.");
    expect(sent?.closest("[role=status]")).not.toBeNull();
    expect(submit().textContent).toBe("Send Message");
    expect(submit().hasAttribute("aria-disabled")).toBe(false);
    for (const name of ["name", "email", "phone", "company", "message"]) expect(control(name).value).toBe("");
    expect(control("inquiryType").value).toBe("question");
  });

  it("shows the server's field messages under the fields, and toasts nothing", async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        message: "Please enter a valid phone number",
        code: "validation",
        fields: { phone: "Please enter a valid phone number" },
      }),
    );
    await render(<ContactForm />);
    fillValid();
    await send();
    expect(toast.error).not.toHaveBeenCalled();
    expect(alerts()).toEqual(["Please enter a valid phone number"]);
    expect(control("name").value).toBe("Ada Lovelace");
    expect(container.querySelector("[data-testid=contact-sent]")).toBeNull();
  });

  it("says 'An error occurred while sending your message.' when the server fails, and a network failure as such", async () => {
    fetchMock.mockResolvedValue(new Response("boom", { status: 502 }));
    await render(<ContactForm />);
    fillValid();
    await send();
    expect(alerts()).toEqual(["An error occurred while sending your message."]);
    expect(document.activeElement).toBe(container.querySelector("[data-testid=contact-failed]"));

    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await send();
    expect(alerts()).toEqual(["Could not reach the server. Please check your connection and try again."]);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("says a rate limit's kind refusal next to the button", async () => {
    const message = "Too many messages from this connection. Please try again in 3 minutes.";
    fetchMock.mockResolvedValue(json(429, { message, code: "rate_limited" }));
    await render(<ContactForm />);
    fillValid();
    await send();
    expect(container.querySelector("[data-testid=contact-failed]")?.textContent).toBe(message);
    expect(alerts()).toEqual([message]);
  });

  it("speaks French under /fr, validation included, and sends the page language", async () => {
    fetchMock.mockResolvedValue(json(201, { message: "ok" }));
    await render(<ContactForm />, "fr");
    expect(labelOf(control("name"))).toBe("Nom complet *");
    expect(submit().textContent).toBe("Envoyer le message");
    expect([...control("inquiryType").querySelectorAll("option")].map((option) => option.textContent)).toEqual([
      "Question générale",
      "Demande de devis",
      "Partenariat",
      "Assistance",
    ]);
    await send();
    expect(alerts()[0]).toBe("Le nom est obligatoire");
    fillValid();
    await send();
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body)).language).toBe("fr");
    expect(container.querySelector("[data-testid=contact-sent]")?.textContent).toBe(
      "Message envoyé !Merci pour votre message ! Nous vous répondrons très bientôt.",
    );
  });
});

describe("#request-quote", () => {
  it("chooses Request quote and moves the focus to the form, on arrival and when the hash changes", async () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    window.history.replaceState(null, "", "/#request-quote");
    try {
      await render(<ContactSection />);
      expect(container.querySelector("#request-quote form")).not.toBeNull();
      expect(control("inquiryType").value).toBe("quote");
      expect(document.activeElement).toBe(control("name"));

      type(control("inquiryType"), "support");
      window.history.replaceState(null, "", "/");
      await act(async () => {
        window.location.hash = "request-quote";
        window.dispatchEvent(new HashChangeEvent("hashchange"));
      });
      expect(control("inquiryType").value).toBe("quote");
    } finally {
      window.history.replaceState(null, "", "/");
    }
  });
});

describe("ContactSection", () => {
  it("holds the contact form (anchor contact), the scheduler (anchor consultation), the company details and 'Available 7 days a week'", async () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    await render(<ContactSection />);
    expect(container.querySelector("#contact form [name=message]")).not.toBeNull();
    // The scheduler's code arrives after the section (jsdom has no IntersectionObserver: at once).
    await until(() => container.querySelector("#consultation [name=customerPhone]"));
    expect(container.querySelector("#consultation [name=customerPhone]")).not.toBeNull();
    expect(container.querySelector("#consultation [data-testid=available-7-days]")?.textContent).toBe(
      "Available 7 days a week",
    );
    const links = [...container.querySelectorAll("[data-testid=company-details] a")].map((a) => [
      a.textContent,
      a.getAttribute("href"),
    ]);
    expect(links).toEqual([
      ["bonjour@studio-nord.example", "mailto:bonjour@studio-nord.example"],
      ["+33 1 23 45 67 89", "tel:+33123456789"],
      ["studio-nord.example", "https://www.studio-nord.example/"],
    ]);
    expect(container.querySelectorAll("h2")).toHaveLength(1);
  });

  it("leaves the company details to the /contact page's own cards in its page variant", async () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    await render(<ContactSection variant="page" />);
    expect(container.querySelector("[data-testid=company-details]")).toBeNull();
    expect(container.querySelector("#contact")).not.toBeNull();
    expect(container.querySelector("#consultation")).not.toBeNull();
  });
});
