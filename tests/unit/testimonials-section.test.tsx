// @vitest-environment jsdom
import { act } from "react";
import { click, domPage, until } from "../helpers/dom-page.tsx";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { PublicTestimonial } from "../../core/testimonials/schema.ts";
import { TestimonialsSection } from "../../app/features/testimonials/testimonials-section.tsx";
import { clampRating } from "../../app/components/reviews/star-rating.tsx";
import { initials } from "../../app/features/testimonials/testimonial-card.tsx";
import { toast } from "../helpers/toast-mock.ts";

// Spec document 000: section 2 "Testimonials section", section 5 (testimonial form), section 8
// (testimonial messages), section 9 (star scale 5, default rating 5).
vi.mock("../../app/components/ui/toast.ts", () => import("../helpers/toast-mock.ts"));

const { fetchMock, renderRoutes } = domPage();

beforeAll(() => {
  // Radix measures its controls; jsdom has no layout.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

const testimonial = (overrides: Partial<PublicTestimonial>): PublicTestimonial => ({
  id: 1,
  verified: false,
  customerName: "Camille Durand",
  companyName: "Maison Durand",
  customerTitle: "Founder",
  projectType: "Brand identity",
  rating: 5,
  testimonialText: "They rebuilt our brand in three weeks and sales followed.",
  language: "en",
  createdAt: "2026-03-01T10:00:00.000Z",
  ...overrides,
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

async function render(testimonials: Promise<PublicTestimonial[]>, { language = "en" as "en" | "fr", path = "/" } = {}) {
  const container = await renderRoutes(
    [{ path: "/*", loader: () => null, Component: () => <TestimonialsSection testimonials={testimonials} /> }],
    language,
    { path, loaderData: { "0": null } },
  );
  return container.querySelector<HTMLElement>("section#testimonials")!;
}

const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, " ").trim() ?? "";
const ratingLabels = (scope: ParentNode) =>
  [...scope.querySelectorAll("[role=img]")].map((img) => img.getAttribute("aria-label"));

describe("the testimonials section", () => {
  it("shows three skeleton cards while the list loads, then the approved testimonials with name, company, stars and text", async () => {
    const list = deferred<PublicTestimonial[]>();
    const section = await render(list.promise);
    expect(section.getAttribute("aria-labelledby")).toBe("testimonials-title");
    expect(text(section.querySelector("h2"))).toBe("What Our Clients Say");
    expect(section.querySelectorAll("[data-testid=testimonial-skeleton]")).toHaveLength(3);
    expect(text(section.querySelector("[role=status]"))).toBe("Loading testimonials…");

    await act(async () => {
      list.resolve([
        testimonial({ id: 1, rating: 5 }),
        testimonial({
          id: 2,
          customerName: "Jordan Lee",
          companyName: null,
          rating: 3,
          testimonialText: "Clear process, honest advice.",
        }),
      ]);
    });
    expect(section.querySelectorAll("[data-testid=testimonial-skeleton]")).toHaveLength(0);
    const cards = [...section.querySelectorAll("ul > li")];
    expect(cards).toHaveLength(2);
    expect(text(cards[0].querySelector("figcaption"))).toBe("CDCamille DurandMaison Durand");
    expect(text(cards[0].querySelector("blockquote"))).toBe(
      "They rebuilt our brand in three weeks and sales followed.",
    );
    expect(ratingLabels(cards[0])).toEqual(["Rated 5 out of 5"]);
    expect(text(cards[1].querySelector("figcaption"))).toBe("JLJordan Lee");
    expect(ratingLabels(cards[1])).toEqual(["Rated 3 out of 5"]);
    // The home page shows the public fields only: no title or project type.
    expect(section.textContent).not.toContain("Brand identity");
    expect(section.textContent).not.toContain("Founder");
  });

  it("draws five stars, as many filled as the rating", async () => {
    const section = await render(Promise.resolve([testimonial({ rating: 2 })]));
    const stars = [...section.querySelectorAll("[role=img] svg")];
    expect(stars).toHaveLength(5);
    expect(stars.filter((star) => star.getAttribute("class")?.includes("fill-amber-400"))).toHaveLength(2);
  });

  it("shows the empty-state message when no testimonial is approved", async () => {
    const section = await render(Promise.resolve([]));
    expect(text(section.querySelector("h3"))).toBe("No testimonials yet");
    expect(section.querySelector("ul li")).toBeNull();
  });

  it("shows an error state with a retry button when the list cannot be loaded", async () => {
    const section = await render(Promise.reject(new Error("database down")));
    const alert = section.querySelector("[role=alert]");
    expect(text(alert?.querySelector("h3"))).toBe("Testimonials could not be loaded");
    expect(text(alert?.querySelector("button"))).toBe("Try again");
  });

  it("has share buttons and a link to every review, kept in the visitor's language", async () => {
    const section = await render(Promise.resolve([]), { language: "fr", path: "/fr" });
    expect(text(section.querySelector("h2"))).toBe("Ce que disent nos clients");
    expect(section.querySelector("[role=group]")?.getAttribute("aria-label")).toContain("Ce que disent nos clients");
    expect(section.querySelector("a[href='/fr/testimonials']")).not.toBeNull();
    expect(text(section.querySelector("h3"))).toBe("Aucun témoignage pour le moment");
  });

  it("marks a verified client's review with the 'Verified client' badge, and only theirs, in English and French", async () => {
    const reviews = [
      testimonial({ id: 1, customerName: "Ana", verified: true }),
      testimonial({ id: 2, customerName: "Ben", verified: false }),
    ];
    const section = await render(Promise.resolve(reviews));
    const badges = [...section.querySelectorAll("[data-testid=verified-client]")];
    expect(badges.map((badge) => text(badge))).toEqual(["Verified client"]);
    expect(badges[0].closest("figure")?.textContent).toContain("Ana");
    const french = await render(Promise.resolve(reviews), { language: "fr" });
    expect([...french.querySelectorAll("[data-testid=verified-client]")].map((badge) => text(badge))).toEqual([
      "Client vérifié",
    ]);
  });

  it("reads ratings in French", async () => {
    const section = await render(Promise.resolve([testimonial({ rating: 4 })]), { language: "fr" });
    expect(ratingLabels(section)).toEqual(["Noté 4 sur 5"]);
  });
});

// --- the share-your-experience dialog -------------------------------------------------------------

function setValue(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, "value")!.set!.call(element, value);
  element.dispatchEvent(new Event("input", { bubbles: true }));
}

const dialog = () => document.querySelector<HTMLElement>("[role=dialog]");
const field = (name: string) => dialog()!.querySelector<HTMLInputElement & HTMLTextAreaElement>(`[name=${name}]`)!;
const stars = () => [...dialog()!.querySelectorAll<HTMLInputElement>("input[type=radio]")];
const checkedStar = () =>
  stars()
    .find((star) => star.checked)
    ?.getAttribute("aria-label");
const submitButton = () => dialog()!.querySelector<HTMLButtonElement>("button[type=submit]")!;
const fieldError = (name: string) => {
  const describedBy = field(name).getAttribute("aria-describedby");
  return describedBy ? text(document.getElementById(describedBy)) : "";
};

async function openDialog(section: HTMLElement) {
  const trigger = [...section.querySelectorAll("button")].find(
    (button) => text(button) === "Share Your Experience" || text(button) === "Partagez votre expérience",
  )!;
  await act(async () => trigger.click());
  // The dialog's form is loaded on first use: give that import a moment the first time.
  await until(dialog);
  expect(dialog()).not.toBeNull();
}

async function fill(values: Partial<Record<"name" | "email" | "company" | "content", string>>) {
  await act(async () => {
    for (const [name, value] of Object.entries(values)) setValue(field(name), value);
  });
}

/** Presses Submit and waits until the form is no longer busy or has sent its request (the first submit loads its code). */
async function submit() {
  const sent = fetchMock.mock.calls.length;
  await click(submitButton(), { until: () => fetchMock.mock.calls.length > sent });
}

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("the share-your-experience dialog", () => {
  it("has labelled name, e-mail, optional company, a 1-5 star radio group starting at 5, and the testimonial", async () => {
    await openDialog(await render(Promise.resolve([])));
    const labels = [...dialog()!.querySelectorAll("label[for]")].map((label) => text(label));
    expect(labels).toEqual(["Name *", "Email *", "Company (optional)", "Your testimonial *"]);
    expect(text(dialog()!.querySelector("fieldset legend"))).toBe("Rating");
    expect(stars().map((star) => star.getAttribute("aria-label"))).toEqual([
      "1 star",
      "2 stars",
      "3 stars",
      "4 stars",
      "5 stars",
    ]);
    expect(checkedStar()).toBe("5 stars");
    expect(text(submitButton())).toBe("Submit");
  });

  it.each([
    ["everything", {}],
    ["the name", { email: "ana@example.com", content: "A wonderful team to work with." }],
    ["the e-mail", { name: "Ana", content: "A wonderful team to work with." }],
    ["the testimonial", { name: "Ana", email: "ana@example.com", company: "Studio Ana" }],
    ["a name of spaces", { name: "   ", email: "ana@example.com", content: "A wonderful team to work with." }],
  ])("refuses to send without %s: 'Missing Information' / 'Please fill in all required fields.'", async (_, values) => {
    await openDialog(await render(Promise.resolve([])));
    await fill(values);
    await submit();
    expect(toast.error).toHaveBeenCalledWith("Missing Information", {
      description: "Please fill in all required fields.",
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(dialog()).not.toBeNull();
  });

  it("marks each missing field and focuses the first", async () => {
    await openDialog(await render(Promise.resolve([])));
    await fill({ company: "Studio Ana" });
    await submit();
    expect(fieldError("name")).toBe("Name is required");
    expect(fieldError("email")).toBe("Email is required");
    expect(fieldError("content")).toBe("Please write your testimonial");
    expect(field("name").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(field("name"));
  });

  it("chooses the rating by clicking a star; the stars are one group of native radio buttons, so arrow keys move within it", async () => {
    await openDialog(await render(Promise.resolve([])));
    // Clicking the drawn star clicks its label, which checks the radio button inside.
    await act(async () => stars()[2].closest("label")!.click());
    expect(checkedStar()).toBe("3 stars");
    await act(async () => stars()[0].closest("label")!.click());
    expect(checkedStar()).toBe("1 star");
    expect(new Set(stars().map((star) => star.name))).toEqual(new Set(["rating"]));
    expect(stars().map((star) => star.value)).toEqual(["1", "2", "3", "4", "5"]);
    expect(stars().every((star) => star.closest("fieldset") === stars()[0].closest("fieldset"))).toBe(true);
    // The filled stars follow the choice.
    const filled = () =>
      [...dialog()!.querySelectorAll("fieldset label svg")].filter((svg) =>
        svg.getAttribute("class")?.includes("fill-amber-400"),
      ).length;
    expect(filled()).toBe(1);
    await act(async () => stars()[3].closest("label")!.click());
    expect(filled()).toBe(4);
  });

  it("sends name, company, content, email and rating, reads Submitting... while busy, thanks, closes and starts over at 5 stars", async () => {
    const answer = deferred<Response>();
    fetchMock.mockReturnValueOnce(answer.promise);
    const section = await render(Promise.resolve([]));
    await openDialog(section);
    await fill({
      name: "Ana Souza",
      email: "ana@example.com",
      company: "Studio Ana",
      content: "A wonderful team to work with.",
    });
    await act(async () => stars()[3].click());
    expect(checkedStar()).toBe("4 stars");
    await submit();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/testimonials/submit");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({
      name: "Ana Souza",
      company: "Studio Ana",
      content: "A wonderful team to work with.",
      email: "ana@example.com",
      rating: 4,
    });
    expect(text(submitButton())).toBe("Submitting...");
    // Busy, but not disabled: a disabled button would drop the focus; a second press does nothing.
    expect(submitButton().getAttribute("aria-disabled")).toBe("true");
    await submit();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await act(async () =>
      answer.resolve(jsonResponse(201, { message: "Your testimonial has been submitted and will be reviewed soon." })),
    );
    expect(toast.success).toHaveBeenCalledWith("Thank you!", {
      description: "Your testimonial has been submitted and will be reviewed soon.",
    });
    expect(dialog()).toBeNull();

    await openDialog(section);
    expect(["name", "email", "company", "content"].map((name) => field(name).value)).toEqual(["", "", "", ""]);
    expect(checkedStar()).toBe("5 stars");
    expect(text(submitButton())).toBe("Submit");
  });

  it("checks the server's rules before sending: a text under 10 characters is refused at its field", async () => {
    await openDialog(await render(Promise.resolve([])));
    await fill({ name: "Ana", email: "ana@example", content: "Great!" });
    await submit();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
    expect(fieldError("email")).toBe("Valid email is required");
    expect(fieldError("content")).toBe("Testimonial must be at least 10 characters");
    expect(document.activeElement).toBe(field("email"));
  });

  it("keeps the dialog open on failure: 'Submission Failed', with the server's message under the field", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(400, {
        message: "Testimonial must be at least 10 characters",
        code: "validation",
        fields: { content: "Testimonial must be at least 10 characters" },
      }),
    );
    await openDialog(await render(Promise.resolve([])));
    await fill({ name: "Ana", email: "ana@example.com", content: "Great work!" });
    await submit();
    expect(toast.error).toHaveBeenCalledWith("Submission Failed", {
      description: "There was an error submitting your testimonial. Please try again.",
    });
    expect(dialog()).not.toBeNull();
    expect(fieldError("content")).toBe("Testimonial must be at least 10 characters");
    expect(field("content").value).toBe("Great work!");
    expect(document.activeElement).toBe(field("content"));
    expect(text(submitButton())).toBe("Submit");
  });

  it("says when to try again after too many submissions", async () => {
    const message = "Too many testimonials were sent from your network. Please try again in 12 minutes.";
    fetchMock.mockResolvedValueOnce(jsonResponse(429, { message, code: "rate_limited" }));
    await openDialog(await render(Promise.resolve([])));
    await fill({ name: "Ana", email: "ana@example.com", content: "A wonderful team to work with." });
    await submit();
    expect(toast.error).toHaveBeenCalledWith("Submission Failed", { description: message });
  });

  it("gives the same message when the network fails", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await openDialog(await render(Promise.resolve([])));
    await fill({ name: "Ana", email: "ana@example.com", content: "A wonderful team to work with." });
    await submit();
    expect(toast.error).toHaveBeenCalledWith("Submission Failed", {
      description: "There was an error submitting your testimonial. Please try again.",
    });
    expect(text(submitButton())).toBe("Submit");
  });

  it("speaks French", async () => {
    await openDialog(await render(Promise.resolve([]), { language: "fr", path: "/fr" }));
    expect(text(dialog()!.querySelector("h2"))).toBe("Partagez votre expérience");
    expect(stars().map((star) => star.getAttribute("aria-label"))).toEqual([
      "1 étoile",
      "2 étoiles",
      "3 étoiles",
      "4 étoiles",
      "5 étoiles",
    ]);
    await submit();
    expect(toast.error).toHaveBeenCalledWith("Informations manquantes", {
      description: "Veuillez remplir tous les champs obligatoires.",
    });
    expect(text(submitButton())).toBe("Envoyer");
  });
});

describe("helpers", () => {
  it("keeps a stored rating within 1-5 whole stars", () => {
    expect([0, 1, 2.4, 2.6, 5, 9, Number.NaN].map(clampRating)).toEqual([1, 1, 2, 3, 5, 5, 1]);
  });

  it("takes the initials of the first and last names", () => {
    expect(initials("Marie-Claire  Dubois")).toBe("MD");
    expect(initials("Jordan van der Berg")).toBe("JB");
    expect(initials("élodie")).toBe("É");
  });
});
