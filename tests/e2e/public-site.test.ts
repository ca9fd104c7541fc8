import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  adminAccount,
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
 * What a visitor does on the public site besides the cart (spec document 000, sections 2, 4, 5 and 8;
 * document 001, section 5): share a testimonial that staff approve, write through the contact form,
 * book a consultation (and lose a slot someone else took), claim hot deals and subscribe to the newsletter.
 */

const browser = fileBrowser();

/** A suffix that makes names and texts of this run unique. */
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function openHome(session: PageSession): Promise<Page> {
  const { page } = session;
  await page.goto("/");
  await waitForHydration(page);
  return page;
}

describe("testimonials", () => {
  const name = `Robin Tester ${RUN}`;
  const content = `Working with the agency on our relaunch was a pleasure (${RUN}): clear plans, fast answers and a site our clients love.`;

  it("are shared from the home page dialog, which checks the required fields first", async () => {
    const session = await openPage(browser);
    const page = await openHome(session);
    await page.getByRole("button", { name: "Share Your Experience", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Share Your Experience" });
    await dialog.waitFor();
    await expectAccessibleWithin(page, '[role="dialog"]');

    await expectToast(page, () => dialog.getByRole("button", { name: "Submit", exact: true }).click(), {
      title: "Missing Information",
      description: "Please fill in all required fields.",
      type: "error",
    });
    await expectText(dialog.getByRole("alert").first(), "Name is required");
    await expectAccessibleWithin(page, '[role="dialog"]');

    await dialog.getByLabel(/^Name/).fill(name);
    await dialog.getByLabel(/^Email/).fill(`robin-${RUN}@example.com`);
    await dialog.getByLabel(/^Company/).fill("Tester & Co");
    await dialog.getByRole("radio", { name: "4 stars" }).check();
    await dialog.getByLabel(/^Your testimonial/).fill(content);
    await expectToast(page, () => dialog.getByRole("button", { name: "Submit", exact: true }).click(), {
      title: "Thank you!",
      description: "Your testimonial has been submitted and will be reviewed soon.",
      type: "success",
    });
    await dialog.waitFor({ state: "hidden" });
    await expectAccessibleWithin(page, "#testimonials");

    // Not on the site before staff approve it; the dialog starts over with 5 stars.
    await page.reload();
    await waitForHydration(page);
    await page.getByRole("list", { name: "Client testimonials" }).waitFor();
    expect(await page.getByText(content).count()).toBe(0);
    await page.getByRole("button", { name: "Share Your Experience", exact: true }).click();
    expect(await page.getByRole("dialog").getByRole("radio", { name: "5 stars" }).isChecked()).toBe(true);
    expect(await page.getByRole("dialog").getByLabel(/^Name/).inputValue()).toBe("");
    await session.close();
  });

  it("appear on the home page once staff approve them in /admin", async () => {
    const staff = await openPage(browser, { signedInAs: adminAccount() });
    await staff.page.goto("/admin/moderation");
    await waitForHydration(staff.page);
    const review = staff.page.getByRole("article", { name: `Review by ${name}` });
    await review.waitFor();
    await expectText(review.locator("blockquote"), content);
    await expectAccessible(staff.page);
    await expectToast(staff.page, () => review.getByRole("button", { name: `Approve review by ${name}` }).click(), {
      title: "Review approved successfully!",
      type: "success",
    });
    await review.waitFor({ state: "detached" });
    await expectAccessible(staff.page);
    await staff.close();

    const visitor = await openPage(browser);
    const page = await openHome(visitor);
    const card = page
      .getByRole("list", { name: "Client testimonials" })
      .getByRole("listitem")
      .filter({ hasText: content });
    await card.waitFor();
    await expectText(card.locator("figcaption"), new RegExp(`${name}\\s*Tester & Co$`));
    expect(await card.getByRole("img", { name: "Rated 4 out of 5" }).count()).toBe(1);

    await page.goto("/testimonials");
    await waitForHydration(page);
    await page.getByText(content).waitFor();
    await expectAccessible(page);
    await visitor.close();
  });
});

describe("the contact form", () => {
  it("checks the fields, then sends the message and says so", async () => {
    const session = await openPage(browser);
    const page = await openHome(session);
    const form = page.getByRole("form", { name: "Send us a message" });
    await form.getByRole("button", { name: "Send Message", exact: true }).click();
    await expectText(form.getByRole("alert").first(), "Name is required");
    // The first field in error gets the focus.
    expect(await form.getByLabel(/^Full name/).evaluate((element) => element === document.activeElement)).toBe(true);

    await form.getByLabel(/^Full name/).fill(`Casey Contact ${RUN}`);
    await form.getByLabel(/^Email/).fill(`casey-${RUN}@example.com`);
    await form.getByLabel("Phone number").fill("+1 555 010 2030");
    await form.getByLabel("Company (optional)").fill("Contact Corp");
    await form.getByLabel(/^Inquiry type/).selectOption({ label: "Request Quote" });
    await form.getByLabel(/^Message/).fill("We would like a quote for a new website and a logo refresh.");
    const send = form.getByRole("button", { name: "Send Message", exact: true });
    await send.click();
    // Said once, next to the button, in a live region; the focus stays on the button; no toast.
    await expectText(
      form.getByTestId("contact-sent"),
      /^Message Sent!\s*Thank you for your message! We will get back to you soon\.$/,
    );
    expect(
      await form.getByTestId("contact-sent").evaluate((element) => element.closest("[role=status]") !== null),
    ).toBe(true);
    expect(await send.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.locator("[data-sonner-toast]").count()).toBe(0);
    expect(await form.getByLabel(/^Full name/).inputValue()).toBe("");
    await expectAccessibleWithin(page, "#contact");
    await session.close();
  });
});

/** The scheduler's booking form, its slots and its day buttons. */
function scheduler(page: Page) {
  const form = page.getByRole("form", { name: "Book a Consultation" });
  const slots = page.getByTestId("slots");
  return {
    form,
    freeSlots: slots.locator('[role="gridcell"]:not([aria-disabled="true"])'),
    slot: (time: string) => slots.locator(`[data-time="${time}"]`),
    selectedDay: page.getByTestId("day-picker").locator('[aria-selected="true"]'),
    day: (date: string) => page.getByTestId("day-picker").locator(`[data-date="${date}"]`),
  };
}

async function fillBooking(form: Locator, who: string) {
  await form.getByLabel(/^Name/).fill(who);
  await form.getByLabel(/^Email/).fill(`${who.toLowerCase().replace(/\W+/g, "-")}@example.com`);
  await form.getByLabel(/^Phone number/).fill("+1 555 010 4477");
  await form.getByLabel("Notes (optional)").fill("A new brand and website.");
}

describe("consultation booking", () => {
  it("books a free slot and refuses the same slot to a second visitor with the server's message", async () => {
    const first = await openPage(browser);
    // The second visitor's booking is refused with 409, which the browser logs.
    const second = await openPage(browser, { allow: [expectedStatus(409, "/api/appointments/book")] });
    const page = await openHome(first);
    // The scheduler loads as the visitor scrolls near it.
    await page.locator("#consultation").scrollIntoViewIfNeeded();
    const one = scheduler(page);
    // The last free slot of the day, so that it cannot pass while the test runs.
    await one.freeSlots.last().waitFor();
    const date = (await one.selectedDay.getAttribute("data-date"))!;
    const time = (await one.freeSlots.last().getAttribute("data-time"))!;
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(time).toMatch(/^\d{2}:\d{2}$/);

    // The second visitor has the same slot on screen.
    const other = await openHome(second);
    await other.locator("#consultation").scrollIntoViewIfNeeded();
    const two = scheduler(other);
    await two.freeSlots.first().waitFor();
    if ((await two.selectedDay.getAttribute("data-date")) !== date) {
      await two.day(date).click();
      await two.slot(time).waitFor();
    }
    await two.slot(time).click();
    await fillBooking(two.form, `Second Visitor ${RUN}`);

    await one.slot(time).click();
    await expectText(one.form.getByTestId("selected-slot"), /^Your slot: /);
    await fillBooking(one.form, `First Visitor ${RUN}`);
    await expectAccessibleWithin(page, "#consultation");
    await one.form.getByRole("button", { name: "Book Consultation", exact: true }).click();
    const confirmation = page.getByTestId("booking-confirmation");
    await confirmation.waitFor();
    await expectText(confirmation.locator("p").first(), "Consultation booked!");
    await expectText(
      confirmation.locator("p").last(),
      /^Your consultation is booked for .+ at .+\. A confirmation email is on its way\.$/,
    );
    await expectAccessibleWithin(page, "#consultation");

    const slotTaken = "This time slot is no longer available. Please choose another time.";
    await two.form.getByRole("button", { name: "Book Consultation", exact: true }).click();
    await expectText(other.getByRole("alert").filter({ hasText: slotTaken }), slotTaken);
    // The slots were loaded again: the one taken is no longer offered.
    await other.waitForFunction(
      (at) =>
        document.querySelector(`[data-testid="slots"] [data-time="${at}"]`)?.getAttribute("aria-disabled") === "true",
      time,
    );
    expect(await other.getByTestId("booking-confirmation").count()).toBe(0);
    await expectAccessibleWithin(other, "#consultation");
    await first.close();
    await second.close();
  });
});

describe("hot deals", () => {
  it("claims a deal into the cart at its discounted price; a sold-out deal cannot be claimed", async () => {
    const session = await openPage(browser);
    const { page } = session;
    await page.goto("/hot-deals");
    await waitForHydration(page);
    await expectText(page.getByRole("heading", { level: 1 }), "Hot Deals");
    const deal = (title: string) =>
      page.getByTestId("deal-card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
    // The three demo deals, once each (other test files may add deals to the shared server).
    for (const title of ["Logo and Brand Starter Kit", "Launch-Ready Website", "AI Chat Bot for Your Website"])
      expect(await deal(title).count()).toBe(1);

    const soldOut = deal("Logo and Brand Starter Kit");
    expect(await soldOut.getByRole("button", { name: "Sold Out" }).isDisabled()).toBe(true);
    await expectText(soldOut.getByTestId("claimed"), "15 of 15 claimed");
    await expectText(deal("Launch-Ready Website").getByTestId("hurry"), "HURRY!");
    await expectAccessible(page);

    const chatBot = deal("AI Chat Bot for Your Website");
    await expectText(chatBot.getByTestId("prices"), /^Deal price: \$1,200\.00\s*Original price: \$1,500\.00$/);
    // Said next to the deal (no toast), and the focus moves to the link that replaces Claim.
    await chatBot.getByRole("button", { name: "Claim", exact: true }).click();
    await expectText(
      chatBot.getByRole("status"),
      "Added to cart! AI Chat Bot for Your Website has been added to your cart View cart",
    );
    await expect(
      chatBot
        .getByRole("link", { name: "In your cart - View cart" })
        .evaluate((link) => link === document.activeElement),
    ).resolves.toBe(true);
    await expectText(page.getByTestId("cart-badge"), "1");
    await expectAccessible(page);
    await chatBot.getByRole("link", { name: "In your cart - View cart" }).click();
    await page.waitForURL((url) => url.pathname === "/cart");

    const line = page
      .getByTestId("cart-line")
      .filter({ has: page.getByRole("heading", { name: "AI Chat Bot for Your Website", exact: true }) });
    await line.waitFor();
    await expectText(line.getByText("Hot Deal", { exact: true }), "Hot Deal");
    await expectText(line.getByTestId("unit-price"), "$1,200.00");
    await expectText(page.getByTestId("total"), "$1,200.00");
    await expectAccessible(page);
    await session.close();
  });

  it("subscribes to the newsletter and asks to check the inbox", async () => {
    const session = await openPage(browser);
    const { page } = session;
    await page.goto("/hot-deals");
    await waitForHydration(page);
    const box = page.getByTestId("newsletter");
    await box.getByLabel("Email address").fill(`reader-${RUN}@example.com`);
    const accepted = "Thank you! Please check your inbox and follow the link we sent you to confirm your subscription.";
    await box.getByRole("button", { name: "Subscribe", exact: true }).click();
    await expectText(box.getByTestId("newsletter-accepted"), accepted);
    // Said in the box: no toast repeats it.
    await expect(page.locator("[data-sonner-toast]").count()).resolves.toBe(0);
    await expectAccessible(page);
    await session.close();
  });
});

describe("every other public page", () => {
  const pages = ["/contact", "/about", "/privacy", "/terms", "/newsletter/confirm?token=not-a-token"];
  for (const language of ["en", "fr"] as const) {
    it(`passes axe-core in ${language === "en" ? "English" : "French"}, with its heading`, async () => {
      const paths = pages.map((path) => (language === "fr" ? `/fr${path}` : path));
      // A garbled confirmation link is a bad request (400), which the browser logs.
      const confirm = paths[paths.length - 1];
      const session = await openPage(browser, { allow: [expectedStatus(400, confirm)] });
      const { page } = session;
      for (const path of paths) {
        await page.goto(path);
        await waitForHydration(page);
        expect(await page.locator("html").getAttribute("lang"), path).toBe(language);
        expect(await page.getByRole("heading", { level: 1 }).count(), `one h1 on ${path}`).toBe(1);
        await expectAccessible(page);
      }
      await session.close();
    });
  }
});
