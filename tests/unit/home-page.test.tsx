// @vitest-environment jsdom
import { act } from "react";
import { Outlet, useLocation, type AppLoadContext } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CurrentUser } from "../../core/auth/schema.ts";
import { UNLISTED_SERVICE_IDS, type LocalizedService } from "../../core/catalogue/schema.ts";
import { CART_STORAGE_KEY } from "../../core/cart/schema.ts";
import type { Language } from "../../core/i18n/language.ts";
import type { PublicTestimonial } from "../../core/testimonials/schema.ts";
import { REFERENCE_SERVICES } from "../../db/seed-reference.server.ts";
import { SiteShell } from "../../app/layout/site-shell.tsx";
import * as HomeRoute from "../../app/routes/home.tsx";
import { domPage, typeInto, until } from "../helpers/dom-page.tsx";
import { publicConfig, rootData } from "../helpers/site-fixtures.tsx";
import { toast } from "../helpers/toast-mock.ts";

vi.mock("../../app/components/ui/toast.ts", () => import("../helpers/toast-mock.ts"));

// Spec document 000, section 2 "Home page", with the messages of sections 5 and 8 and the prices of
// section 9. The page runs its real loader against a catalogue read from the reference data.
const config = publicConfig();

const staffUser: CurrentUser = {
  id: "u1",
  firstName: "Camille",
  lastName: "Durand",
  email: "camille@studio-nord.example",
  profileImageUrl: null,
  username: null,
  role: "staff",
};

const testimonial: PublicTestimonial = {
  id: 1,
  verified: false,
  customerName: "Sarah Mitchell",
  companyName: "Northwind Coffee Roasters",
  customerTitle: null,
  projectType: null,
  rating: 5,
  testimonialText: "They rebuilt our brand from the logo to the packaging in six weeks.",
  language: "en",
  createdAt: "2025-01-01T00:00:00.000Z",
};

/** The catalogue as `services.catalogue.list(language)` answers it: listed, active services in one language. */
function catalogue(language: Language): LocalizedService[] {
  return REFERENCE_SERVICES.filter((service) => service.active && !UNLISTED_SERVICE_IDS.includes(service.id)).map(
    (service) => ({
      id: service.id,
      kind: service.kind,
      pricingType: service.pricingType,
      fixedPriceCents: service.fixedPriceCents,
      minPriceCents: service.minPriceCents,
      maxPriceCents: service.maxPriceCents,
      active: service.active,
      name: language === "fr" ? service.nameFr : service.nameEn,
      description: language === "fr" ? service.descriptionFr : service.descriptionEn,
    }),
  );
}

const page = domPage();
let container: HTMLElement;
let scrollTo: ReturnType<typeof vi.fn>;

beforeEach(() => {
  localStorage.clear();
  toast.success.mockClear();
  toast.error.mockClear();
  scrollTo = vi.fn();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  // The consultation scheduler asks for free slots; this test is about the home page around it.
  page.fetchMock.mockImplementation(() => new Promise(() => {}));
});

function PaymentProbe() {
  const location = useLocation();
  return <main data-testid="payment">{`${location.pathname}${location.search}`}</main>;
}

async function renderHome({
  language = "en" as Language,
  path = "/",
  user = null as CurrentUser | null,
  testimonials = Promise.resolve([testimonial]),
} = {}) {
  const context = {
    requestLanguage: language,
    publicConfig: config,
    services: {
      catalogue: { list: async (lng: Language) => catalogue(lng) },
      testimonials: { listApproved: () => testimonials },
    },
  } as unknown as AppLoadContext;
  container = await page.renderRoutes(
    [
      {
        id: "root",
        path: "/",
        loader: () => null,
        HydrateFallback: () => null,
        Component: () => <Outlet />,
        children: [
          {
            id: "site",
            Component: () => (
              <SiteShell>
                <Outlet />
              </SiteShell>
            ),
            children: [
              { id: "home", index: true, loader: HomeRoute.loader as never, Component: HomeRoute.default as never },
              {
                id: "lang-home",
                path: ":lang",
                loader: HomeRoute.loader as never,
                Component: HomeRoute.default as never,
              },
              { id: "payment", path: "payment", Component: PaymentProbe },
              { id: "lang-payment", path: ":lang/payment", Component: PaymentProbe },
            ],
          },
        ],
      },
    ],
    language,
    {
      path,
      cart: true,
      context,
      loaderData: { root: rootData(language, { user, config }) },
    },
  );
  const main = container.querySelector("main")!;
  const header = container.querySelector("[data-testid=site-header]") as HTMLElement;
  const card = (testId: string) => container.querySelector<HTMLElement>(`[data-testid="${testId}"]`)!;
  const button = (scope: Element, name: RegExp) =>
    [...scope.querySelectorAll("button")].find(
      (b) => name.test(b.textContent ?? "") || name.test(b.getAttribute("aria-label") ?? ""),
    )!;
  return { main, header, card, button };
}

async function click(element: HTMLElement) {
  await act(async () => element.click());
}

/** Waits past the short "Adding..." tick of a card's Add to Cart: until no button is busy. */
const settle = () => until(() => !document.querySelector("[aria-busy=true]"));

const storedCart = () =>
  JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '{"items":[]}') as {
    items: Array<{ serviceId: string; unitPriceCents: number; quantity: number; serviceName: string }>;
  };

describe("the home page", () => {
  it("has one h1 and its sections in the specified order, with the anchors the header scrolls to", async () => {
    const { main } = await renderHome();
    expect(main.querySelectorAll("h1")).toHaveLength(1);
    const ids = [...main.querySelectorAll("[id]")].map((element) => element.id);
    const anchors = ["home", "about", "services", "testimonials", "contact", "consultation"];
    expect(ids.filter((id) => anchors.includes(id))).toEqual(anchors);
    const headings = [...main.querySelectorAll("h2")].map((h) => h.textContent);
    const order = [
      "What we do",
      "Specialized services",
      "Pricing plans",
      "What Our Clients Say",
      "Ready to grow your business?",
    ];
    expect(headings.filter((h) => order.includes(h ?? ""))).toEqual(order);
    expect(headings.indexOf("Where human talent meets artificial intelligence")).toBe(0);
  });

  it("has the site's one header, as every page does", async () => {
    const { header } = await renderHome();
    expect(container.querySelectorAll("header")).toHaveLength(1);
    expect(header).not.toBeNull();
  });

  it("shows the five core offers from the catalogue, each starting from its minimum", async () => {
    const { card } = await renderHome();
    for (const [id, name, from] of [
      ["conception", "Conception", "$250"],
      ["creation", "Creation", "$300"],
      ["marketing", "Marketing", "$500"],
      ["promotion", "Promotion", "$400"],
      ["sales", "Sales", "$600"],
    ]) {
      const offer = card(`service-card-${id}`);
      expect(offer.querySelector("h3")?.textContent).toBe(name);
      expect(offer.textContent).toContain(`Starting from ${from}`);
      // The menu is built when wanted: the page's HTML holds only its button.
      expect(offer.querySelector("[role=menu]")).toBeNull();
      const trigger = offer.querySelector<HTMLButtonElement>("[aria-haspopup=menu]")!;
      expect(trigger.textContent).toContain(`Share: ${name}`);
      await click(trigger);
      const share = offer.querySelector("[role=menu]")!;
      expect([...share.querySelectorAll("[role=menuitem]")].map((b) => b.textContent)).toEqual([
        "Facebook",
        "Instagram",
        "TikTok",
        "WhatsApp",
        "Copy link",
      ]);
      expect(offer.querySelector("[aria-haspopup=menu]")?.textContent).toContain(`Share: ${name}`);
    }
  });

  it("shows the eleven specialised services, closed, with their ranges, and filters them by family", async () => {
    const { main, button } = await renderHome();
    const ids = () =>
      [...main.querySelectorAll("[data-testid^=specialised-card-]")].map((element) =>
        element.getAttribute("data-testid")!.replace("specialised-card-", ""),
      );
    expect(ids()).toEqual([
      "website",
      "agent_ai",
      "service_ai",
      "chat_bot",
      "logo_design",
      "graphics",
      "campaigns",
      "social_media",
      "video_marketing",
      "sport_audiovisuel",
      "jingle",
    ]);
    expect(
      [...main.querySelectorAll("[data-testid^=specialised-card-] [aria-expanded]")].every(
        (b) => b.getAttribute("aria-expanded") === "false",
      ),
    ).toBe(true);
    expect(main.querySelector("[data-testid=specialised-card-website]")?.textContent).toContain("$500 – $2,500");
    const filters = main.querySelector("[role=group][aria-label='Show services']")!;
    const design = button(filters, /^Design/);
    await click(design);
    expect(design.getAttribute("aria-pressed")).toBe("true");
    expect(ids()).toEqual(["logo_design", "graphics"]);
    await click(button(filters, /^Video & audio/));
    expect(ids()).toEqual(["video_marketing", "sport_audiovisuel", "jingle"]);
    await click(button(filters, /^All/));
    expect(ids()).toHaveLength(11);
  });

  it("streams the approved testimonials into the testimonials section", async () => {
    const { main } = await renderHome();
    expect(main.querySelector("#testimonials")?.textContent).toContain("Sarah Mitchell");
  });
});

describe("core offer cards", () => {
  it("keeps the quantity at 1 or more", async () => {
    const { card, button } = await renderHome();
    const offer = card("service-card-creation");
    const input = offer.querySelector<HTMLInputElement>("input[type=number]")!;
    const minus = button(offer, /Decrease quantity of Creation/);
    expect(minus.disabled).toBe(true);
    await click(button(offer, /Increase quantity of Creation/));
    expect(input.value).toBe("2");
    expect(minus.disabled).toBe(false);
    await click(minus);
    expect(input.value).toBe("1");
    typeInto(input, "0");
    await act(async () => input.dispatchEvent(new FocusEvent("focusout", { bubbles: true })));
    expect(input.value).toBe("1");
    typeInto(input, "-5");
    await act(async () => input.dispatchEvent(new FocusEvent("focusout", { bubbles: true })));
    expect(input.value).toBe("1");
  });

  it("adds the offer at its minimum price, shows Adding... while busy, then says so beside the button and resets the quantity to 1", async () => {
    const { card, button } = await renderHome();
    const offer = card("service-card-conception");
    await click(button(offer, /Increase quantity of Conception/));
    await click(button(offer, /Increase quantity of Conception/));
    const add = button(offer, /^Add to Cart/);
    add.focus();
    await click(add);
    const busy = button(offer, /Adding\.\.\./);
    expect(busy).toBe(add);
    // Busy but never disabled: a disabled button would drop the keyboard focus.
    expect(busy.disabled).toBe(false);
    expect(busy.getAttribute("aria-disabled")).toBe("true");
    await settle();
    expect(storedCart().items.map((item) => [item.serviceId, item.unitPriceCents, item.quantity])).toEqual([
      ["conception", 25000, 3],
    ]);
    const status = offer.querySelector("[role=status]")!;
    expect(status.getAttribute("aria-live")).toBe("polite");
    expect(status.textContent).toContain("Added to cart! Conception has been added to your cart");
    expect(toast.success).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(add);
    expect(offer.querySelector<HTMLInputElement>("input[type=number]")!.value).toBe("1");
    expect(container.querySelector("[data-testid=cart-badge]")?.textContent).toBe("3");
  });

  it("never merges two adds of the same offer", async () => {
    const { card, button } = await renderHome();
    const offer = card("service-card-sales");
    await click(button(offer, /^Add to Cart/));
    await settle();
    await click(button(offer, /^Add to Cart/));
    await settle();
    expect(storedCart().items.map((item) => [item.serviceId, item.unitPriceCents])).toEqual([
      ["sales", 60000],
      ["sales", 60000],
    ]);
  });
});

/** Opens a specialised service's row, where its budget, quantity and buttons are. */
async function open(row: HTMLElement) {
  await click(row.querySelector<HTMLButtonElement>("button[aria-expanded]")!);
  return row;
}

describe("specialised service rows", () => {
  it("open one at a time, with aria-expanded and the panel they control", async () => {
    const { card } = await renderHome();
    const website = await open(card("specialised-card-website"));
    const toggle = website.querySelector<HTMLButtonElement>("button[aria-expanded]")!;
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const panel = document.getElementById(toggle.getAttribute("aria-controls")!)!;
    expect(panel.hidden).toBe(false);
    expect(panel.getAttribute("role")).toBe("region");
    expect(panel.textContent).toContain("Your budget (USD)");
    await open(card("specialised-card-jingle"));
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(panel.hidden).toBe(true);
  });

  it("keeps only digits in the budget as it is typed, and says what is wrong under the field too", async () => {
    const { card, button } = await renderHome();
    const website = await open(card("specialised-card-website"));
    const budget = website.querySelector<HTMLInputElement>("input[name=budget]")!;
    expect(budget.inputMode).toBe("numeric");
    typeInto(budget, "12x00");
    expect(budget.value).toBe("1200");
    typeInto(budget, "1500.00");
    expect(budget.value).toBe("1500");
    typeInto(budget, "$3,000");
    expect(budget.value).toBe("3000");
    await click(button(website, /^Add to Cart/));
    expect(budget.getAttribute("aria-invalid")).toBe("true");
    const error = document.getElementById(budget.getAttribute("aria-describedby")!)!;
    expect(error.textContent).toBe("Amount must be between $500 and $2,500");
    expect(toast.error).toHaveBeenCalledWith("Invalid Amount", {
      description: "Amount must be between $500 and $2,500",
    });
    typeInto(budget, "800");
    expect(budget.getAttribute("aria-invalid")).toBe("false");
  });

  it("refuses a budget outside the range with 'Invalid Amount' and changes nothing", async () => {
    const { card, button } = await renderHome();
    const website = await open(card("specialised-card-website"));
    const budget = website.querySelector<HTMLInputElement>("input:not([type=number])")!;
    typeInto(budget, "100");
    await click(button(website, /^Add to Cart/));
    await settle();
    expect(toast.error).toHaveBeenCalledWith("Invalid Amount", {
      description: "Amount must be between $500 and $2,500",
    });
    typeInto(budget, "2501");
    await click(button(website, /^Add to Cart/));
    await settle();
    expect(toast.error).toHaveBeenLastCalledWith("Invalid Amount", {
      description: "Amount must be between $500 and $2,500",
    });
    expect(toast.success).not.toHaveBeenCalled();
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it("refuses an empty budget with 'Please enter a valid amount'", async () => {
    const { card, button } = await renderHome();
    const graphics = await open(card("specialised-card-graphics"));
    const budget = graphics.querySelector<HTMLInputElement>("input:not([type=number])")!;
    for (const value of ["abc", ""]) {
      toast.error.mockClear();
      typeInto(budget, value);
      await click(button(graphics, /^Add to Cart/));
      await settle();
      expect(toast.error).toHaveBeenCalledWith("Invalid Amount", { description: "Please enter a valid amount" });
    }
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it("adds at the budget typed, with the quantity chosen", async () => {
    const { card, button } = await renderHome();
    const jingle = await open(card("specialised-card-jingle"));
    typeInto(jingle.querySelector<HTMLInputElement>("input:not([type=number])")!, "320");
    await click(button(jingle, /Increase quantity of Jingle/));
    await click(button(jingle, /^Add to Cart/));
    await settle();
    expect(storedCart().items.map((item) => [item.serviceId, item.unitPriceCents, item.quantity])).toEqual([
      ["jingle", 32000, 2],
    ]);
    expect(jingle.querySelector("[role=status]")?.textContent).toContain("Jingle has been added to your cart");
    expect(jingle.querySelector<HTMLInputElement>("input[type=number]")!.value).toBe("1");
  });

  it("shows logo design's fixed $75 instead of a budget field, and sells it at that price", async () => {
    const { card, button } = await renderHome();
    const logo = card("specialised-card-logo_design");
    expect(logo.textContent).toContain("Fixed price: $75");
    await open(logo);
    expect(logo.querySelector("input[name=budget]")).toBeNull();
    expect(logo.querySelector("[data-testid=fixed-price]")?.textContent).toContain("$75");
    await click(button(logo, /^Add to Cart/));
    await settle();
    expect(storedCart().items.map((item) => [item.serviceId, item.unitPriceCents])).toEqual([["logo_design", 7500]]);
  });

  it("Get started goes to /payment with the amount, the service's title and a one-time plan", async () => {
    const { card, button } = await renderHome();
    const website = await open(card("specialised-card-website"));
    typeInto(website.querySelector<HTMLInputElement>("input:not([type=number])")!, "1200");
    await click(button(website, /^Get started/));
    expect(container.querySelector("[data-testid=payment]")?.textContent).toBe(
      "/payment?amount=1200&service=Website&paymentPlan=1time",
    );
  });

  it("Get started with an invalid amount shows Invalid Amount and stays", async () => {
    const { card, button } = await renderHome();
    const chatBot = await open(card("specialised-card-chat_bot"));
    typeInto(chatBot.querySelector<HTMLInputElement>("input:not([type=number])")!, "900");
    await click(button(chatBot, /^Get started/));
    expect(toast.error).toHaveBeenCalledWith("Invalid Amount", {
      description: "Amount must be between $1,000 and $1,500",
    });
    expect(container.querySelector("[data-testid=payment]")).toBeNull();
  });

  it("in French, Get started sends the French title and stays under /fr", async () => {
    const { card, button } = await renderHome({ language: "fr", path: "/fr" });
    const website = card("specialised-card-website");
    expect(website.querySelector("h3")?.textContent).toContain("Site web");
    await open(website);
    await click(button(website, /^Commencer/));
    expect(container.querySelector("[data-testid=payment]")?.textContent).toBe(
      "/fr/payment?amount=500&service=Site%20web&paymentPlan=1time",
    );
  });
});

describe("pricing cards", () => {
  it("link to card and bank checkout for the consultation, and name the Professional plan without its price", async () => {
    const { card } = await renderHome();
    const consultation = card("plan-consultation");
    expect(consultation.textContent).toContain("$500");
    expect(consultation.textContent).toContain("2-hour strategy session");
    expect(consultation.textContent).toContain("30-day follow-up support");
    const hrefs = (scope: Element) => [...scope.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    expect(hrefs(consultation)).toEqual([
      "/checkout?service=Marketing%20Consultation&amount=500",
      "/bank-checkout?service=Marketing%20Consultation&amount=500",
    ]);
    expect(consultation.textContent).toContain("3-5 business days");

    const professional = card("plan-professional");
    expect(professional.textContent).toContain("Most Popular");
    expect(professional.textContent).toContain("$999");
    expect(professional.textContent).toContain("per month");
    expect(professional.textContent).toContain("Monthly strategy sessions");
    expect(professional.textContent).toContain("24/7 AI phone support");
    expect(hrefs(professional)).toEqual(["/subscribe?plan=Professional", "#consultation"]);

    const enterprise = card("plan-enterprise");
    expect(enterprise.textContent).toContain("Custom");
    expect(enterprise.textContent).toContain("Dedicated account manager");
    expect(enterprise.textContent).toContain("SLA guarantee");
    expect(hrefs(enterprise)).toEqual(["#consultation"]);
  });

  it("keep the visitor in the /fr tree", async () => {
    const { card } = await renderHome({ language: "fr", path: "/fr" });
    expect(card("plan-consultation").querySelector("a")?.getAttribute("href")).toBe(
      "/fr/checkout?service=Marketing%20Consultation&amount=500",
    );
    expect(card("plan-professional").querySelector("a")?.getAttribute("href")).toBe("/fr/subscribe?plan=Professional");
  });
});

describe("scrolling to the consultation section", () => {
  it("Request Quote and Get Free Quote lead to the contact form's #request-quote, which the browser jumps to itself", async () => {
    const { main } = await renderHome();
    const links = [...main.querySelectorAll<HTMLAnchorElement>("a")];
    for (const text of ["Request Quote", "Get Free Quote"]) {
      const link = links.find((a) => a.textContent?.trim() === text)!;
      expect(link.getAttribute("href")).toBe("#request-quote");
      scrollTo.mockClear();
      const event = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
      // The browser's own jump is not run by jsdom; what matters is that the page leaves it to the browser.
      link.addEventListener("click", (clicked) => clicked.preventDefault(), { once: true });
      const handled: boolean[] = [];
      window.addEventListener("click", (seen) => handled.push(seen.defaultPrevented), { capture: true, once: true });
      await act(async () => link.dispatchEvent(event));
      expect(handled).toEqual([false]);
      expect(scrollTo).not.toHaveBeenCalled();
    }
  });

  it("Book Consultation goes to #consultation, with an 80 px offset", async () => {
    const { main, header } = await renderHome();
    const consultation = main.querySelector<HTMLElement>("#consultation")!;
    consultation.getBoundingClientRect = () => ({
      top: 5000,
      bottom: 5600,
      left: 0,
      right: 0,
      width: 0,
      height: 600,
      x: 0,
      y: 5000,
      toJSON: () => ({}),
    });
    const links = [...container.querySelectorAll<HTMLAnchorElement>("a")];
    const byText = (text: string) => links.find((a) => a.textContent?.trim() === text)!;
    const triggers = [
      byText("Book Consultation"),
      [...header.querySelectorAll<HTMLAnchorElement>("a")].find((a) => a.textContent === "Book Consultation")!,
    ];
    for (const trigger of triggers) {
      // The header's link reaches the section from every page; on the home page it scrolls all the same.
      expect(trigger.getAttribute("href")).toMatch(/^\/?#consultation$/);
      scrollTo.mockClear();
      await click(trigger);
      expect(scrollTo).toHaveBeenCalledWith({ top: 5000 - 80, behavior: "smooth" });
    }
  });

  it("the floating chat button opens the chat window, and Escape closes it, giving the focus back", async () => {
    await renderHome();
    const button = container.querySelector<HTMLButtonElement>("[data-testid=chat-button]")!;
    expect(button.getAttribute("aria-label")).toBe("Open the chat assistant");
    await click(button);
    await vi.waitFor(() => expect(container.querySelector("[data-testid=chat-window]")).not.toBeNull());
    const dialog = container.querySelector<HTMLElement>("[data-testid=chat-window]")!;
    expect(dialog.textContent).toContain("How can I help?");
    await act(async () => {
      dialog.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    });
    expect(container.querySelector("[data-testid=chat-window]")).toBeNull();
    // The focus goes back once the window has closed (on the next frame, as in a browser).
    await until(() => document.activeElement === button);
    expect(document.activeElement).toBe(button);
  });

  it("the footer's Services quick link scrolls on the home page", async () => {
    const { main } = await renderHome();
    const services = main.querySelector<HTMLElement>("#services")!;
    services.getBoundingClientRect = () => ({
      top: 1500,
      bottom: 2500,
      left: 0,
      right: 0,
      width: 0,
      height: 1000,
      x: 0,
      y: 1500,
      toJSON: () => ({}),
    });
    const footerLink = [...container.querySelectorAll<HTMLAnchorElement>("footer a")].find(
      (a) => a.getAttribute("href") === "/#services",
    )!;
    await click(footerLink);
    expect(scrollTo).toHaveBeenCalledWith({ top: 1500 - 80, behavior: "smooth" });
  });
});

describe("the header on the home page", () => {
  it("scrolls to the sections, books a consultation, and the footer gives the company's e-mail, phone and social links", async () => {
    const { header } = await renderHome();
    const nav = header.querySelector("nav")!;
    const links = [...nav.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toEqual([
      ["Home", "/"],
      ["About", "/#about"],
      ["Services", "/#services"],
      ["Contact", "/#contact"],
      ["Blog", "/posts"],
      ["Tutorials", "/tutorials"],
      ["Classes", "/classes"],
      ["Portfolio", "/media"],
      ["Reviews", "/testimonials"],
      ["Hot Deals", "/hot-deals"],
    ]);
    const footerHrefs = [...container.querySelectorAll("footer a")].map((a) => a.getAttribute("href"));
    expect(footerHrefs).toContain("mailto:bonjour@studio-nord.example");
    expect(footerHrefs).toContain("tel:+33123456789");
    for (const url of Object.values(config.social)) expect(footerHrefs).toContain(url);
    const hrefs = [...header.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    expect(hrefs).toContain("/cart");
    expect(hrefs).toContain("/api/login");
    expect(hrefs).not.toContain("/calls");
    expect(header.querySelector("button[aria-haspopup=dialog]")?.getAttribute("aria-label")).toBe("Open menu");
  });

  it("shows staff the Admin and Leads pages (Call Logs once it exists), their name and Logout", async () => {
    const { header } = await renderHome({ user: staffUser });
    const links = [...header.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toContainEqual(["Admin", "/admin"]);
    expect(links.map(([, href]) => href)).not.toContain("/calls");
    expect(links).toContainEqual(["Leads", "/leads"]);
    expect(links).toContainEqual(["Logout", "/api/logout"]);
    expect(header.querySelector("[data-testid=account-summary]")?.textContent).toContain("Camille");
  });

  it("speaks French under /fr", async () => {
    const { header, main } = await renderHome({ language: "fr", path: "/fr" });
    expect([...header.querySelector("nav")!.querySelectorAll("a")].map((a) => a.textContent)).toEqual([
      "Accueil",
      "À propos",
      "Services",
      "Contact",
      "Blog",
      "Tutoriels",
      "Cours",
      "Portfolio",
      "Avis",
      "Offres spéciales",
    ]);
    expect(header.textContent).toContain("Réserver une consultation");
    expect(main.querySelector("h1")?.textContent).toBe("La créativité humaine, amplifiée par l'IA");
    expect(main.textContent).toContain("À partir de $250");
  });

  it("opens a menu whose section links close it, then scroll", async () => {
    const { header } = await renderHome();
    await click(header.querySelector<HTMLButtonElement>("button[aria-haspopup=dialog]")!);
    // The drawer's code loads on first use.
    await until(() => document.querySelector("[role=dialog]"));
    const drawer = document.querySelector("[role=dialog]")!;
    const about = [...drawer.querySelectorAll<HTMLAnchorElement>("a")].find((a) => a.textContent === "About")!;
    expect(about.getAttribute("href")).toBe("/#about");
    await click(about);
    await until(() => !document.querySelector("[role=dialog]"));
    expect(document.querySelector("[role=dialog]")).toBeNull();
    expect(scrollTo).toHaveBeenCalled();
    expect(document.activeElement?.id).toBe("about");
  });
});

describe("the loader", () => {
  it("renders the testimonials with the page, without skeletons (the page cache sends whole pages)", async () => {
    const { main } = await renderHome();
    expect(main.querySelectorAll("[data-testid=testimonial-skeleton]")).toHaveLength(0);
    expect(main.querySelector("#testimonials")?.textContent).toContain("Sarah Mitchell");
  });

  it("shows the testimonials' error state when they cannot be read, the rest of the page as usual", async () => {
    const { main } = await renderHome({ testimonials: Promise.reject(new Error("database down")) });
    expect(main.querySelector("#testimonials [role=alert]")?.textContent).toContain("Try again");
    expect(main.querySelector("#services")).not.toBeNull();
  });

  it("gives the page its title and description in the page's language", async () => {
    const context = {
      requestLanguage: "fr",
      publicConfig: config,
      services: {
        catalogue: { list: async (lng: Language) => catalogue(lng) },
        testimonials: { listApproved: () => Promise.resolve([]) },
      },
    };
    const data = await HomeRoute.loader({ params: {}, context } as never);
    expect(data.meta.title).toBe("La créativité humaine, amplifiée par l'IA | Studio Nord");
    expect(data.meta.description).toContain("Studio Nord est une agence créative");
    expect(data.mainServices.map((service) => service.id)).toEqual([
      "conception",
      "creation",
      "marketing",
      "promotion",
      "sales",
    ]);
    expect(data.specialisedServices).toHaveLength(11);
    const english = await HomeRoute.loader({ params: { lang: "en" }, context } as never);
    expect(english.meta.title).toBe("Human creativity, amplified by AI | Studio Nord");
    expect(english.mainServices[0].name).toBe("Conception");
  });
});
