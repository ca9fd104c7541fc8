// @vitest-environment jsdom
import { act } from "react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { MenuItem, MenuRadioItem, PopoverMenu } from "../../app/components/ui/popover-menu.tsx";
import { domPage } from "../helpers/dom-page.tsx";

// jsdom has no Popover API: this stand-in keeps its contract (toggle events carrying newState, the
// :popover-open state) so that what the component adds on top (the ARIA menu pattern) can be checked.
const page = domPage();

beforeAll(() => {
  const toggle = (element: HTMLElement, newState: "open" | "closed") => {
    element.dispatchEvent(Object.assign(new Event("beforetoggle"), { newState }));
    element.dataset.popoverOpen = newState === "open" ? "true" : "false";
    element.dispatchEvent(Object.assign(new Event("toggle"), { newState }));
  };
  HTMLElement.prototype.showPopover = function (this: HTMLElement) {
    toggle(this, "open");
  };
  HTMLElement.prototype.hidePopover = function (this: HTMLElement) {
    toggle(this, "closed");
  };
});

async function renderMenu(onSelect = vi.fn()) {
  const container = await page.render(
    <PopoverMenu trigger="Language: English" label="Language" align="end">
      <MenuRadioItem checked={false} onSelect={() => onSelect("en-GB")}>
        English (UK)
      </MenuRadioItem>
      <MenuRadioItem checked onSelect={() => onSelect("en")}>
        English
      </MenuRadioItem>
      <MenuItem onSelect={() => onSelect("fr")}>Français</MenuItem>
    </PopoverMenu>,
  );
  const trigger = container.querySelector("button")!;
  const menu = container.querySelector<HTMLElement>("[role=menu]")!;
  const items = [...menu.querySelectorAll<HTMLElement>("[role^=menuitem]")];
  const open = async () => act(async () => menu.showPopover());
  const key = async (name: string) =>
    act(
      async () =>
        void document.activeElement!.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true })),
    );
  return { trigger, menu, items, open, key, onSelect };
}

describe("PopoverMenu", () => {
  it("is a menu button the browser opens: popovertarget, aria-haspopup, aria-controls and aria-expanded", async () => {
    const { trigger, menu, open } = await renderMenu();
    expect(trigger.getAttribute("popovertarget")).toBe(menu.id);
    expect(trigger.getAttribute("aria-haspopup")).toBe("menu");
    expect(trigger.getAttribute("aria-controls")).toBe(menu.id);
    expect(menu.getAttribute("popover")).toBe("auto");
    expect(menu.getAttribute("aria-label")).toBe("Language");
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
    await open();
    expect(trigger.getAttribute("aria-expanded")).toBe("true");
  });

  it("focuses the checked item as it opens, and moves with the arrows, Home and End, wrapping around", async () => {
    const { items, open, key } = await renderMenu();
    await open();
    expect(document.activeElement).toBe(items[1]);
    expect(items.map((item) => item.tabIndex)).toEqual([-1, -1, -1]);
    await key("ArrowDown");
    expect(document.activeElement).toBe(items[2]);
    await key("ArrowDown");
    expect(document.activeElement).toBe(items[0]);
    await key("ArrowUp");
    expect(document.activeElement).toBe(items[2]);
    await key("Home");
    expect(document.activeElement).toBe(items[0]);
    await key("End");
    expect(document.activeElement).toBe(items[2]);
  });

  it("opens with ArrowDown on the trigger", async () => {
    const { trigger, items } = await renderMenu();
    trigger.focus();
    await act(
      async () => void trigger.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true })),
    );
    expect(trigger.getAttribute("aria-expanded")).toBe("true");
    expect(document.activeElement).toBe(items[1]);
  });

  it("runs the chosen item's action and closes; Tab closes it too", async () => {
    const { trigger, menu, items, open, key, onSelect } = await renderMenu();
    await open();
    await act(async () => items[2].click());
    expect(onSelect).toHaveBeenCalledWith("fr");
    expect(menu.dataset.popoverOpen).toBe("false");
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
    await open();
    await key("Tab");
    expect(menu.dataset.popoverOpen).toBe("false");
  });

  it("marks the checked radio item with aria-checked", async () => {
    const { items } = await renderMenu();
    expect(items.map((item) => [item.getAttribute("role"), item.getAttribute("aria-checked")])).toEqual([
      ["menuitemradio", "false"],
      ["menuitemradio", "true"],
      ["menuitem", null],
    ]);
  });
});
