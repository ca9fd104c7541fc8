// @vitest-environment jsdom
import { act } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useCart } from "../../app/components/cart/cart-context.tsx";
import HotDeals, { loader } from "../../app/routes/hot-deals.tsx";
import { CART_STORAGE_KEY } from "../../core/cart/schema.ts";
import type { PublicDeal } from "../../core/deals/schema.ts";
import { domPage } from "../helpers/dom-page.tsx";
import { publicConfig, rootData, Where } from "../helpers/site-fixtures.tsx";
import { toast } from "../helpers/toast-mock.ts";

// Hot deals: spec document 000, sections 2 ("/hot-deals"), 4 (visible while active and within the
// window; HURRY! ribbon and red border at 3 days or fewer; Sold Out, disabled, at the claim limit) and
// 9 (days left rounded up, minimum 0; progress = claimCount / claimLimit); README decision 12 (Claim
// puts the deal in the cart at its discounted price).
vi.mock("../../app/components/ui/toast.ts", () => import("../helpers/toast-mock.ts"));

const config = publicConfig({ companyName: "Atelier", companyEmail: "hello@atelier.example" });

const deal = (overrides: Partial<PublicDeal>): PublicDeal => ({
  id: 1,
  title: "Launch-Ready Website",
  description: "A responsive five-page website, delivered in three weeks.",
  serviceName: "Website",
  language: "en",
  originalPrice: 250000,
  discountedPrice: 175000,
  discountPercentage: 30,
  validFrom: "2025-06-01T00:00:00.000Z",
  validUntil: "2025-06-30T00:00:00.000Z",
  featuredImage: null,
  claimLimit: 20,
  claimCount: 14,
  claimsReserved: 0,
  perPersonLimit: 1,
  daysLeft: 9,
  hurry: false,
  soldOut: false,
  allReserved: false,
  progress: 70,
  ...overrides,
});

const page = domPage();
let container: HTMLElement;

beforeEach(() => {
  localStorage.clear();
});

/** What the cart holds, for the test to read. */
function CartProbe() {
  const { cart } = useCart();
  return (
    <output data-testid="cart">
      {JSON.stringify(
        cart.items.map((item) => ({
          name: item.serviceName,
          price: item.unitPriceCents,
          quantity: item.quantity,
          data: item.serviceData,
        })),
      )}
    </output>
  );
}

async function render(deals: PublicDeal[], { language = "en" as "en" | "fr", path = "/hot-deals" } = {}) {
  const data = {
    deals,
    paging: { page: 1, limit: 12, total: deals.length, lastPage: 1, prev: null, next: null },
    language,
    meta: { title: "Hot Deals" },
  };
  container = await page.renderRoutes(
    [
      { id: "root", path: "/", loader: () => null, Component: () => null, children: [] },
      {
        id: "hot-deals",
        path,
        loader: () => data,
        Component: () => (
          <>
            <HotDeals {...({ loaderData: data } as Parameters<typeof HotDeals>[0])} />
            <CartProbe />
            <Where />
          </>
        ),
      },
      { path: "*", Component: Where },
    ],
    language,
    {
      path,
      cart: true,
      loaderData: {
        root: rootData(language, { config }),
        "hot-deals": data,
      },
    },
  );
}

const cards = () => [...container.querySelectorAll<HTMLElement>("[data-testid=deal-card]")];
const within = (card: HTMLElement, selector: string) => card.querySelector<HTMLElement>(selector);
const text = (card: HTMLElement, testId: string) => within(card, `[data-testid=${testId}]`)?.textContent ?? null;
const button = (card: HTMLElement) => card.querySelector<HTMLButtonElement>("button");
const cartItems = () => JSON.parse(container.querySelector("[data-testid=cart]")!.textContent!);

describe("/hot-deals", () => {
  it("shows each deal's discount badge, days left, prices, claimed progress and Claim", async () => {
    await render([deal({})]);
    const [card] = cards();
    expect(container.querySelector("h1")?.textContent).toBe("Hot Deals");
    expect(within(card, "h2")?.textContent).toBe("Launch-Ready Website");
    expect(text(card, "discount")).toBe("30% off-30%");
    expect(within(card, "[data-testid=discount] [aria-hidden=true]")?.textContent).toBe("-30%");
    expect(text(card, "days-left")).toBe("9 days left");
    expect(within(card, "[data-testid=prices] del")?.textContent).toBe("Original price: $2,500.00");
    expect(text(card, "prices")).toContain("$1,750.00");
    expect(text(card, "claimed")).toBe("14 of 20 claimed");
    const bar = within(card, "[role=progressbar]")!;
    expect(bar.getAttribute("aria-valuenow")).toBe("70");
    expect((bar.firstElementChild as HTMLElement).style.width).toBe("70%");
    expect(button(card)?.textContent).toBe("Claim");
    expect(button(card)?.disabled).toBe(false);
  });

  it("reads 1 day left in the singular and 0 days left at the end", async () => {
    await render([deal({ id: 1, daysLeft: 1, hurry: true }), deal({ id: 2, daysLeft: 0, hurry: true })]);
    expect(cards().map((card) => text(card, "days-left"))).toEqual(["1 day left", "0 days left"]);
  });

  it("marks deals with 3 days or fewer left with the HURRY! ribbon and a red border, and no others", async () => {
    await render([deal({ id: 1, daysLeft: 3, hurry: true }), deal({ id: 2, daysLeft: 4, hurry: false })]);
    const [soon, later] = cards();
    expect(text(soon, "hurry")).toBe("HURRY!");
    expect(soon.className).toContain("border-red-600");
    expect(text(later, "hurry")).toBeNull();
    expect(later.className).not.toContain("border-red-600");
  });

  it("shows Sold Out with a disabled button once the claims reach the limit", async () => {
    await render([deal({ claimCount: 20, claimLimit: 20, progress: 100, soldOut: true })]);
    const [card] = cards();
    expect(button(card)?.textContent).toBe("Sold Out");
    expect(button(card)?.disabled).toBe(true);
    expect(text(card, "claimed")).toBe("20 of 20 claimed");
  });

  it("shows the claims held by people paying, and All reserved, disabled, while they hold every claim left", async () => {
    await render([
      deal({ id: 1, claimCount: 14, claimsReserved: 3, perPersonLimit: 2 }),
      deal({ id: 2, claimCount: 17, claimsReserved: 3, allReserved: true }),
    ]);
    const [some, all] = cards();
    expect(text(some, "reserved")).toBe("3 reserved by people paying now");
    expect(text(some, "per-person")).toBe("Up to 2 per person");
    expect(button(some)?.disabled).toBe(false);
    expect(text(all, "per-person")).toBe("One per person");
    expect(button(all)?.textContent).toBe("All reserved");
    expect(button(all)?.disabled).toBe(true);
    expect(text(all, "all-reserved-text")).toContain("Claims not paid within a few minutes come back.");
  });

  it("shows the claims without a bar for a deal without a limit", async () => {
    await render([deal({ claimLimit: null, claimCount: 5, progress: 0 })]);
    const [card] = cards();
    expect(text(card, "claimed")).toBe("5 claimed");
    expect(within(card, "[role=progressbar]")).toBeNull();
  });

  it("puts a claimed deal in the cart at its discounted price, says so next to it without a toast, and links to the cart", async () => {
    await render([deal({ id: 7 })]);
    const [card] = cards();
    await act(async () => button(card)!.click());
    // The cart's rules arrive with the first Claim.
    await vi.waitFor(() => expect(cartItems()).toHaveLength(1));
    expect(cartItems()).toEqual([
      { name: "Launch-Ready Website", price: 175000, quantity: 1, data: { dealId: 7, perPersonLimit: 1 } },
    ]);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!).items).toHaveLength(1);
    expect(toast.success).not.toHaveBeenCalled();
    const status = within(cards()[0], "[role=status]");
    expect(status?.textContent).toContain("Added to cart!");
    expect(status?.textContent).toContain("Launch-Ready Website has been added to your cart");

    const link = within(cards()[0], "a");
    expect(link?.getAttribute("href")).toBe("/cart");
    expect(link?.textContent).toBe("In your cart - View cart");
    // The focus moves from the Claim button, now gone, to the link that replaced it.
    await vi.waitFor(() => expect(document.activeElement).toBe(link));
    expect(within(cards()[0], "button")).toBeNull();
  });

  it("shows an empty state when no deal is active, and still the newsletter box", async () => {
    await render([]);
    expect(cards()).toHaveLength(0);
    expect(container.querySelector("[data-testid=deals-empty] h2")?.textContent).toBe("No hot deals right now");
    expect(container.querySelector("[data-testid=newsletter] button[type=submit]")?.textContent).toBe("Subscribe");
  });

  it("speaks French under /fr and keeps the cart link there", async () => {
    await render([deal({ daysLeft: 2, hurry: true })], { language: "fr", path: "/fr/hot-deals" });
    const [card] = cards();
    expect(container.querySelector("h1")?.textContent).toBe("Offres spéciales");
    expect(text(card, "days-left")).toBe("2 jours restants");
    expect(text(card, "hurry")).toBe("VITE !");
    expect(text(card, "claimed")).toBe("14 sur 20 réservées");
    expect(button(card)?.textContent).toBe("En profiter");
    await act(async () => button(card)!.click());
    await vi.waitFor(() =>
      expect(within(cards()[0], "[role=status]")?.textContent).toContain("Ajouté au panier\u202f!"),
    );
    expect(within(cards()[0], "a")?.getAttribute("href")).toBe("/fr/cart");
  });
});

describe("/hot-deals loader", () => {
  function context(listVisible: (language: string) => Promise<PublicDeal[]>) {
    const listVisiblePage = async (language: string, query: { page?: number }) => {
      const deals = await listVisible(language);
      const page = query.page ?? 1;
      const lastPage = Math.max(1, Math.ceil(deals.length / 12));
      return {
        deals: deals.slice((page - 1) * 12, page * 12),
        paging: { page, limit: 12, total: deals.length, lastPage, prev: page > 1 ? page - 1 : null, next: null },
      };
    };
    return {
      requestLanguage: "en",
      publicConfig: { companyName: "Atelier" },
      services: { deals: { listVisiblePage: vi.fn(listVisiblePage) } },
    } as unknown as Parameters<typeof loader>[0]["context"];
  }
  const args = (params: { lang?: string }, ctx: Parameters<typeof loader>[0]["context"], query = "") =>
    ({ params, context: ctx, request: new Request(`http://localhost/hot-deals${query}`) }) as unknown as Parameters<
      typeof loader
    >[0];

  it("reads the first page of the deals of the page's language from the deals service", async () => {
    const ctx = context(async () => [deal({ language: "fr" })]);
    const result = await loader(args({ lang: "fr" }, ctx));
    expect(ctx.services.deals.listVisiblePage).toHaveBeenCalledWith("fr", { page: 1 });
    expect(result.deals).toHaveLength(1);
    expect(result.meta.title).toBe("Offres spéciales | Atelier");
  });

  it("uses the request's language on a plain address", async () => {
    const ctx = context(async () => []);
    await loader(args({}, ctx));
    expect(ctx.services.deals.listVisiblePage).toHaveBeenCalledWith("en", { page: 1 });
  });

  it("answers 404 for a page past the last or a malformed page number", async () => {
    const ctx = context(async () => [deal({})]);
    for (const query of ["?page=2", "?page=0", "?page=02", "?page=x"]) {
      const refused = await loader(args({}, ctx, query)).then(
        () => null,
        (error: unknown) => error,
      );
      expect((refused as { init?: { status?: number } } | null)?.init?.status, query).toBe(404);
    }
  });
});
