// @vitest-environment jsdom
import { renderToString } from "react-dom/server";
import { I18nProvider } from "../../app/i18n/react.tsx";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../core/i18n/instance.ts";
import { resources } from "../../app/locales/resources.ts";
import { CartBadge, cartBadgeText } from "../../app/layout/cart-badge.tsx";

// Spec document 000, "App navigation bar": a cart icon linking to /cart with an item-count badge
// (reads 99+ above 99) and the formatted total on desktop when the count is above 0.
describe("cartBadgeText", () => {
  it("shows nothing for an empty cart", () => {
    expect(cartBadgeText(0)).toBeNull();
    expect(cartBadgeText(-1)).toBeNull();
    expect(cartBadgeText(Number.NaN)).toBeNull();
  });

  it("shows the count up to 99, then 99+", () => {
    expect(cartBadgeText(1)).toBe("1");
    expect(cartBadgeText(99)).toBe("99");
    expect(cartBadgeText(100)).toBe("99+");
    expect(cartBadgeText(1234)).toBe("99+");
  });
});

function render(props: { count: number; totalCents: number }, { path = "/", language = "en" as "en" | "fr" } = {}) {
  const html = renderToString(
    <I18nProvider i18n={createI18n(language, resources)}>
      <MemoryRouter initialEntries={[path]}>
        <CartBadge {...props} />
      </MemoryRouter>
    </I18nProvider>,
  );
  const doc = new DOMParser().parseFromString(html, "text/html");
  const link = doc.querySelector("a")!;
  return {
    href: link.getAttribute("href"),
    badge: doc.querySelector("[data-testid=cart-badge]")?.textContent ?? null,
    total: doc.querySelector("[data-testid=cart-total]"),
    label: doc.querySelector(".sr-only")?.textContent,
  };
}

describe("CartBadge", () => {
  it("links to /cart, and to /fr/cart under /fr", () => {
    expect(render({ count: 0, totalCents: 0 }).href).toBe("/cart");
    expect(render({ count: 0, totalCents: 0 }, { path: "/fr/posts", language: "fr" }).href).toBe("/fr/cart");
  });

  it("shows no badge and no total when the cart is empty, but still names the cart", () => {
    const empty = render({ count: 0, totalCents: 0 });
    expect(empty.badge).toBeNull();
    expect(empty.total).toBeNull();
    expect(empty.label).toBe("Shopping cart, 0 items");
  });

  it("shows the count and the en-US dollar total, on wide screens only", () => {
    const cart = render({ count: 3, totalCents: 123450 });
    expect(cart.badge).toBe("3");
    expect(cart.total?.textContent).toBe("$1,234.50");
    expect(cart.total?.getAttribute("class")).toMatch(/\bhidden\b.*\blg:inline\b/);
    expect(cart.label).toBe("Shopping cart, 3 items, Total $1,234.50");
  });

  it("caps the badge at 99+ and keeps the real count for screen readers", () => {
    const cart = render({ count: 150, totalCents: 5000 });
    expect(cart.badge).toBe("99+");
    expect(cart.label).toBe("Shopping cart, 150 items, Total $50.00");
  });

  it("speaks French under /fr, with dollars still formatted en-US", () => {
    expect(render({ count: 1, totalCents: 99900 }, { path: "/fr", language: "fr" }).label).toBe(
      "Panier, 1 article, Total $999.00",
    );
  });
});
