// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SECTION_OFFSET_PX, scrollToSection, sectionOfClick } from "../../app/components/section-scroll.ts";

// Spec document 000, sections 2 and 9: the landing header, the buttons and the footer quick links
// scroll to the home page's sections with an 80 px offset.

let scrollTo: ReturnType<typeof vi.fn>;

function section(id: string, top: number): HTMLElement {
  const element = document.createElement("section");
  element.id = id;
  element.getBoundingClientRect = () => ({
    top,
    bottom: top + 400,
    left: 0,
    right: 1280,
    width: 1280,
    height: 400,
    x: 0,
    y: top,
    toJSON: () => ({}),
  });
  document.body.appendChild(element);
  return element;
}

function reducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query === "(prefers-reduced-motion: reduce)",
    media: query,
  })) as unknown as typeof window.matchMedia;
}

beforeEach(() => {
  scrollTo = vi.fn();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  Object.defineProperty(window, "scrollY", { value: 300, configurable: true });
  reducedMotion(false);
});

afterEach(() => {
  document.body.innerHTML = "";
  window.history.replaceState(null, "", "/");
});

describe("scrollToSection", () => {
  it("puts the section's top 80 px below the top of the window, smoothly", () => {
    section("services", 1000);
    expect(SECTION_OFFSET_PX).toBe(80);
    expect(scrollToSection("services")).toBe(true);
    expect(scrollTo).toHaveBeenCalledWith({ top: 300 + 1000 - 80, behavior: "smooth" });
  });

  it("jumps without animation when the visitor prefers reduced motion", () => {
    reducedMotion(true);
    section("consultation", 2000);
    scrollToSection("consultation");
    expect(scrollTo).toHaveBeenCalledWith({ top: 300 + 2000 - 80, behavior: "auto" });
  });

  it("goes to the very top for the hero, and never above the page", () => {
    section("home", 64);
    scrollToSection("home");
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: "smooth" });
    section("about", -400);
    scrollToSection("about");
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: "smooth" });
  });

  it("moves the keyboard focus to the section, which stays out of the tab order", () => {
    const target = section("about", 700);
    scrollToSection("about");
    expect(document.activeElement).toBe(target);
    expect(target.getAttribute("tabindex")).toBe("-1");
  });

  it("does nothing for a section the page does not have", () => {
    expect(scrollToSection("nowhere")).toBe(false);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});

describe("sectionOfClick", () => {
  function click(anchor: HTMLElement, init: MouseEventInit = {}): MouseEvent {
    const event = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init });
    Object.defineProperty(event, "target", { value: anchor });
    return event;
  }

  function link(
    href: string,
    attributes: Record<string, string> = {},
    parent: HTMLElement = document.body,
  ): HTMLAnchorElement {
    const anchor = document.createElement("a");
    anchor.setAttribute("href", href);
    for (const [name, value] of Object.entries(attributes)) anchor.setAttribute(name, value);
    parent.appendChild(anchor);
    return anchor;
  }

  it("scrolls for an anchor to a section of this page, relative or as the footer writes it", () => {
    section("home", 0);
    section("services", 900);
    expect(sectionOfClick(click(link("#services")))).toBe("services");
    expect(sectionOfClick(click(link("/#services")))).toBe("services");
  });

  it("scrolls to the hero for a link to this very page without an anchor (Home)", () => {
    section("home", 0);
    expect(sectionOfClick(click(link("/")))).toBe("home");
  });

  it("follows the page's language prefix: /fr#services on /fr", () => {
    window.history.replaceState(null, "", "/fr");
    section("services", 900);
    expect(sectionOfClick(click(link("/fr#services")))).toBe("services");
    expect(sectionOfClick(click(link("/#services")))).toBeNull();
  });

  it("leaves other pages, unknown anchors, new tabs, modifier keys and links inside a dialog alone", () => {
    section("services", 900);
    section("home", 0);
    expect(sectionOfClick(click(link("/about")))).toBeNull();
    expect(sectionOfClick(click(link("#pricing")))).toBeNull();
    expect(sectionOfClick(click(link("#services", { target: "_blank" })))).toBeNull();
    expect(sectionOfClick(click(link("#services"), { ctrlKey: true }))).toBeNull();
    expect(sectionOfClick(click(link("#services"), { button: 1 }))).toBeNull();
    const dialog = document.createElement("div");
    dialog.setAttribute("role", "dialog");
    document.body.appendChild(dialog);
    expect(sectionOfClick(click(link("#services", {}, dialog)))).toBeNull();
  });
});
