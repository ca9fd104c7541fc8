// @vitest-environment jsdom
import { act } from "react";
import { describe, expect, it, vi } from "vitest";
import type { StoredPromo } from "../../core/promotions/schema.ts";
import { PromosTab } from "../../app/features/admin/promos-tab.tsx";
import { domPage, json, settle } from "../helpers/dom-page.tsx";
import { toast } from "../helpers/toast-mock.ts";

/** The Promo codes tab: staff see each code and switch it on or off, and make it first-order only. */
vi.mock("../../app/components/ui/toast.ts", () => import("../helpers/toast-mock.ts"));

const { fetchMock, render: mount } = domPage();

const promo = (overrides: Partial<StoredPromo>): StoredPromo => ({
  code: "NEWCLIENT",
  kind: "amount",
  value: 10_000,
  minimumSubtotalCents: null,
  active: true,
  description: "$100 off for new clients",
  firstOrderOnly: true,
  createdAt: "2030-01-01T00:00:00.000Z",
  updatedAt: "2030-01-01T00:00:00.000Z",
  ...overrides,
});
const PROMOS = [
  promo({}),
  promo({
    code: "SAVE50",
    kind: "amount",
    value: 5_000,
    minimumSubtotalCents: 50_000,
    firstOrderOnly: false,
    description: "",
  }),
  promo({ code: "WELCOME10", kind: "percent", value: 10, firstOrderOnly: false }),
];

let container: HTMLElement;
const render = async (language: "en" | "fr") => (container = await mount(<PromosTab />, language));

const card = (code: string) =>
  [...container.querySelectorAll("li")].find((item) => item.querySelector("h3")?.textContent === code)!;
const switchOf = (code: string, label: string) => {
  const item = card(code);
  const labelElement = [...item.querySelectorAll("label")].find((element) => element.textContent === label)!;
  return [...item.querySelectorAll<HTMLButtonElement>('[role="switch"]')].find(
    (element) => element.id === labelElement.htmlFor,
  )!;
};

describe("the Promo codes tab", () => {
  it("shows each code's discount, minimum and rules, in English and French", async () => {
    fetchMock.mockImplementation(async () => json(PROMOS));
    await render("en");
    expect(card("SAVE50").textContent).toContain("$50.00 off · orders of $500.00 or more");
    expect(card("WELCOME10").textContent).toContain("10% off · no minimum order");
    expect(switchOf("NEWCLIENT", "First order only").getAttribute("aria-checked")).toBe("true");
    expect(switchOf("SAVE50", "First order only").getAttribute("aria-checked")).toBe("false");
    expect(card("NEWCLIENT").textContent).toContain(
      "Refused, at checkout, to an e-mail address that already has a paid order.",
    );
    await render("fr");
    expect(card("WELCOME10").textContent).toContain("10\u202f% de remise · sans minimum de commande");
    expect(switchOf("NEWCLIENT", "Première commande uniquement").getAttribute("aria-checked")).toBe("true");
  });

  it("makes a code first-order only through the API and shows what the server saved", async () => {
    const puts: Array<[string, unknown]> = [];
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === "PUT") {
        const body = JSON.parse(String(init.body)) as Record<string, boolean>;
        puts.push([String(input), body]);
        return json(
          promo({
            code: "SAVE50",
            kind: "amount",
            value: 5_000,
            minimumSubtotalCents: 50_000,
            description: "",
            ...body,
          }),
        );
      }
      return json(PROMOS);
    });
    await render("en");
    await act(async () => switchOf("SAVE50", "First order only").click());
    await settle();
    expect(puts).toEqual([["/api/admin/promos/SAVE50", { firstOrderOnly: true }]]);
    expect(switchOf("SAVE50", "First order only").getAttribute("aria-checked")).toBe("true");
    expect(toast.success).toHaveBeenCalledWith("SAVE50 saved");
  });

  it("says so when the server refuses a change, and keeps the switch as it was", async () => {
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === "PUT" ? json({ code: "not_found", message: "Promo code not found" }, 404) : json(PROMOS),
    );
    await render("en");
    await act(async () => switchOf("NEWCLIENT", "Active").click());
    await settle();
    expect(toast.error).toHaveBeenCalledWith("The promo code could not be saved", {
      description: "Promo code not found",
    });
    expect(switchOf("NEWCLIENT", "Active").getAttribute("aria-checked")).toBe("true");
  });
});
