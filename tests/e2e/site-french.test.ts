import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import frAppointments from "../../app/locales/fr/appointments.json";
import frCart from "../../app/locales/fr/cart.json";
import frCommon from "../../app/locales/fr/common.json";
import frContact from "../../app/locales/fr/contact.json";
import frDeals from "../../app/locales/fr/deals.json";
import frHome from "../../app/locales/fr/home.json";
import frNewsletter from "../../app/locales/fr/newsletter.json";
import frTestimonials from "../../app/locales/fr/testimonials.json";
import {
  expectAccessible,
  expectAccessibleWithin,
  expectedStatus,
  expectText,
  expectToast,
  fileBrowser,
  openPage,
  waitForHydration,
  type PageSession,
} from "./browser.ts";

/**
 * The same visits in French (spec README: every text exists in English and French): a visitor whose
 * browser speaks English switches the site to French with the language selector, then meets every
 * message of the cart, the catalogue, the testimonial dialog, the contact form, the scheduler, the
 * hot deals and the newsletter in French, including the ones the server writes.
 */

const browser = fileBrowser();
let session: PageSession;
let page: Page;

beforeAll(async () => {
  session = await openPage(browser, { locale: "en-US", allow: [expectedStatus(400, "/api/promos/validate")] });
  page = session.page;
});
afterAll(async () => {
  await session?.close();
});

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** "Ajouter au panier" followed by the service's name for screen readers. */
const addToCart = (service: string) => new RegExp(`^${frCart.page.addToCart} ?: ${service}$`);
/** i18next's {{name}} placeholders filled in. */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

describe("switching to French", () => {
  it("turns the home page into French with the language selector", async () => {
    await page.goto("/");
    await waitForHydration(page);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await page.getByRole("button", { name: "Language: English" }).click();
    await page.getByRole("menuitemradio", { name: "Français" }).click();
    await page.waitForFunction(() => document.documentElement.lang === "fr");
    await expectText(page.getByRole("heading", { level: 1 }), frHome.hero.title);
  });

  it('says "Invalid Amount" in French for a budget out of range, and adds services in French', async () => {
    const website = page.getByTestId("specialised-card-website");
    await website.locator("h3 button").click();
    await website.getByLabel(frHome.specialised.budget).fill("3000");
    await expectToast(page, () => website.getByRole("button", { name: addToCart("Site web") }).click(), {
      title: frCart.budget.invalidTitle,
      description: fill(frCart.budget.outOfRange, { min: "$500", max: "$2,500" }),
      type: "error",
    });
    const conception = page.getByTestId("service-card-conception");
    await conception.getByRole("button", { name: addToCart("Conception") }).click();
    const spaced = (text: string) => text.replace(/\s+/g, "\\s+");
    await expectText(
      conception.getByRole("status"),
      new RegExp(
        `${spaced(frCart.toast.addedTitle)}\\s*${spaced(fill(frCart.toast.addedText, { service: "Conception" }))}`,
      ),
    );
    await expectText(page.getByTestId("cart-badge"), "1");
    await expectAccessibleWithin(page, '[data-testid="specialised-card-website"]');
  });

  it("opens the testimonial dialog in French and checks its fields in French", async () => {
    await page.getByRole("button", { name: frTestimonials.dialog.open, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: frTestimonials.dialog.title });
    await dialog.waitFor();
    await expectText(dialog.getByRole("heading", { level: 2 }), frTestimonials.dialog.title);
    await expectToast(
      page,
      () => dialog.getByRole("button", { name: frTestimonials.dialog.submit, exact: true }).click(),
      {
        title: frTestimonials.messages.missingTitle,
        description: frTestimonials.messages.missing,
        type: "error",
      },
    );
    await expectAccessibleWithin(page, '[role="dialog"]');
    await dialog.getByRole("button", { name: frTestimonials.dialog.cancel, exact: true }).click();
    await dialog.waitFor({ state: "hidden" });
  });

  it("sends the contact form with the French confirmation", async () => {
    const form = page.getByRole("form", { name: frContact.form.title });
    await form.getByLabel(new RegExp(`^${frContact.fields.name}`)).fill(`Camille Contact ${RUN}`);
    await form.getByLabel(new RegExp(`^${frContact.fields.email}`)).fill(`camille-${RUN}@example.com`);
    await form
      .getByLabel(new RegExp(`^${frContact.fields.inquiryType}`))
      .selectOption({ label: frContact.form.inquiryTypes.partnership });
    await form
      .getByLabel(new RegExp(`^${frContact.fields.message}`))
      .fill("Nous aimerions parler d'un partenariat pour nos prochaines campagnes.");
    await form.getByRole("button", { name: frContact.form.send, exact: true }).click();
    // expectText collapses whitespace, the narrow no-break space of French punctuation included.
    await expectText(
      form.getByTestId("contact-sent"),
      `${frContact.messages.sentTitle}${frContact.messages.sent}`.replace(/\s+/g, " "),
    );
    await expectAccessibleWithin(page, "#contact");
  });

  it("books a consultation with the French confirmation from the server", async () => {
    // The scheduler loads as the visitor scrolls near it.
    await page.locator("#consultation").scrollIntoViewIfNeeded();
    const form = page.getByRole("form", { name: frAppointments.scheduler.title });
    const freeSlots = page.getByTestId("slots").locator('[role="gridcell"]:not([aria-disabled="true"])');
    await freeSlots.last().waitFor();
    await freeSlots.last().click();
    await form.getByLabel(new RegExp(`^${frAppointments.fields.name}`)).fill(`Camille Rendez-vous ${RUN}`);
    await form.getByLabel(new RegExp(`^${frAppointments.fields.email}`)).fill(`camille-rdv-${RUN}@example.com`);
    await form.getByLabel(new RegExp(`^${frAppointments.fields.phone}`)).fill("+33 1 23 45 67 89");
    await form.getByRole("button", { name: frAppointments.scheduler.book, exact: true }).click();
    const confirmation = page.getByTestId("booking-confirmation");
    await confirmation.waitFor();
    await expectText(confirmation.locator("p").first(), frAppointments.scheduler.bookedTitle.replace(/\s+/g, " "));
    // The server's message, in French: "Votre consultation est réservée pour le ... à ...".
    const [before] = frAppointments.messages.booked.split("{{date}}");
    expect(await confirmation.locator("p").last().textContent()).toContain(before.trim());
  });
});

describe("the cart in French", () => {
  it("shows the cart page's texts in French", async () => {
    await page.getByTestId("cart-link").first().click();
    await page.waitForURL((url) => url.pathname === "/cart");
    await waitForHydration(page);
    await expectText(page.getByRole("heading", { level: 1 }), new RegExp(`^${frCart.page.title}\\s*\\(1 article\\)$`));
    await expectText(page.getByRole("button", { name: frCart.page.clearCart }), frCart.page.clearCart);
    await expectText(page.getByRole("heading", { name: frCart.page.summaryTitle }), frCart.page.summaryTitle);
    await page.getByText(frCart.page.taxCalculated, { exact: true }).waitFor();
    await page.getByRole("link", { name: frCart.page.proceedToCheckout, exact: true }).waitFor();
    await page.getByRole("link", { name: frCart.page.continueShopping, exact: true }).waitFor();
    await page.getByText(frCart.page.secureNote, { exact: true }).waitFor();
    await page.getByText(frCart.page.customPrice, { exact: true }).waitFor();
    const nav = page.getByRole("navigation", { name: frCommon.nav.mainLabel });
    await nav.getByRole("link", { name: frCommon.nav.home, exact: true }).waitFor();
    await expectAccessible(page);
  });

  it("refuses promo codes in French, the server's refusals included", async () => {
    const field = page.getByLabel(frCart.page.promoCode, { exact: true });
    const apply = page.getByRole("button", { name: frCart.page.apply, exact: true });
    const error = page.locator("main form").getByRole("alert");
    await field.fill("");
    await apply.click();
    await expectText(error, frCart.promo.required);
    await field.fill("INCONNU");
    await apply.click();
    await expectText(error, frCart.promo.invalid);
    await field.fill("SAVE50");
    await apply.click();
    await expectText(error, fill(frCart.promo.minimumOrder, { amount: "$500" }));
    await expectAccessible(page);

    await field.fill("WELCOME10");
    await expectToast(page, () => apply.click(), {
      title: frCart.promo.appliedTitle,
      description: fill(frCart.promo.saved, { amount: "$25.00" }),
      type: "success",
    });
    await expectText(page.getByTestId("total"), "$225.00");
  });

  it("clears the cart in French", async () => {
    await expectToast(page, () => page.getByRole("button", { name: frCart.page.clearCart }).click(), {
      title: frCart.toast.clearedTitle,
      description: frCart.toast.clearedText,
    });
    await expectText(page.getByRole("heading", { level: 2, name: frCart.page.emptyTitle }), frCart.page.emptyTitle);
    await expectAccessible(page);
  });
});

describe("hot deals in French", () => {
  it("lists the French deals, claims one and subscribes to the newsletter in French", async () => {
    await page.goto("/hot-deals");
    await waitForHydration(page);
    await expectText(page.getByRole("heading", { level: 1 }), frDeals.page.title);
    expect(await page.title()).toContain(frDeals.page.metaTitle);
    const deal = (title: string) =>
      page.getByTestId("deal-card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
    // The three demo deals, once each (other test files may add deals to the shared server).
    for (const title of ["Kit de démarrage logo et identité", "Site web prêt à lancer", "Chatbot IA pour votre site"])
      expect(await deal(title).count()).toBe(1);
    expect(
      await deal("Kit de démarrage logo et identité").getByRole("button", { name: frDeals.card.soldOut }).isDisabled(),
    ).toBe(true);
    await expectText(deal("Site web prêt à lancer").getByTestId("hurry"), frDeals.card.hurry);
    await expectText(
      deal("Chatbot IA pour votre site").getByTestId("claimed"),
      fill(frDeals.card.claimedOf, { count: 9, limit: 40 }),
    );
    await deal("Chatbot IA pour votre site").getByRole("button", { name: frDeals.card.claim, exact: true }).click();
    await expectText(
      deal("Chatbot IA pour votre site").getByRole("status"),
      `${frCart.toast.addedTitle} ${fill(frCart.toast.addedText, { service: "Chatbot IA pour votre site" })} ${frCart.page.viewCart}`,
    );
    await deal("Chatbot IA pour votre site").getByRole("link", { name: frDeals.card.inCart }).waitFor();
    await expectAccessible(page);

    const box = page.getByTestId("newsletter");
    await box.getByLabel(frNewsletter.box.emailLabel).fill(`lectrice-${RUN}@example.com`);
    await box.getByRole("button", { name: frNewsletter.box.subscribe, exact: true }).click();
    await expectText(box.getByTestId("newsletter-accepted"), frNewsletter.subscribe.accepted);
    await box.getByText(frNewsletter.box.acceptedTitle, { exact: true }).waitFor();
    await expectAccessible(page);
  });
});

describe("a French address opened by an English browser", () => {
  it("answers in French, server messages included", async () => {
    // No language chosen yet: the browser speaks English, the address says French.
    const visitor = await openPage(browser, { locale: "en-US", allow: [expectedStatus(400, "/api/promos/validate")] });
    const { page: french } = visitor;
    await french.goto("/fr/hot-deals");
    await waitForHydration(french);
    expect(await french.locator("html").getAttribute("lang")).toBe("fr");
    await french.getByRole("button", { name: frDeals.card.claim, exact: true }).first().click();
    // The confirmation starts with the French title (read with its narrow no-break space as a space).
    await expectText(
      french.getByTestId("deal-card").getByRole("status").first(),
      new RegExp(`^${frCart.toast.addedTitle.replace(/\s/g, " ").replace(/[!?]/g, "\\$&")} `),
    );
    const box = french.getByTestId("newsletter");
    await box.getByLabel(frNewsletter.box.emailLabel).fill(`visiteur-${RUN}@example.com`);
    await box.getByRole("button", { name: frNewsletter.box.subscribe, exact: true }).click();
    await expectText(box.getByTestId("newsletter-accepted"), frNewsletter.subscribe.accepted);

    await french.goto("/fr/cart");
    await waitForHydration(french);
    await french.getByLabel(frCart.page.promoCode, { exact: true }).fill("INCONNU");
    await french.getByRole("button", { name: frCart.page.apply, exact: true }).click();
    await expectText(french.locator("main form").getByRole("alert"), frCart.promo.invalid);
    await visitor.close();
  });
});
