import { useEffect } from "react";

/** Sections of the home page are scrolled to 80 px below the top, clear of the sticky header (spec 000, section 9). */
export const SECTION_OFFSET_PX = 80;

/** The home page's anchors (spec 000, section 2). */
export const SECTIONS = {
  home: "home",
  about: "about",
  services: "services",
  testimonials: "testimonials",
  contact: "contact",
  consultation: "consultation",
  /** The contact form, opened with "Request quote" chosen (Request Quote, Get Free Quote). */
  requestQuote: "request-quote",
} as const;
export type SectionId = (typeof SECTIONS)[keyof typeof SECTIONS];

/** The in-page address of a section: a plain anchor, which also works before the page's script runs. */
export function sectionHref(id: SectionId): string {
  return `#${id}`;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Scrolls to a section so that its top sits SECTION_OFFSET_PX below the top of the window (the very
 * top for the hero), smoothly unless the visitor asked for reduced motion, then moves the keyboard
 * focus to it so that the next Tab continues from there. Answers false when the page has no such section.
 */
export function scrollToSection(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const top =
    id === SECTIONS.home ? 0 : Math.max(0, target.getBoundingClientRect().top + window.scrollY - SECTION_OFFSET_PX);
  window.scrollTo({ top, behavior: prefersReducedMotion() ? "auto" : "smooth" });
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
  return true;
}

function samePage(url: URL): boolean {
  const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);
  return (
    url.origin === window.location.origin &&
    trim(url.pathname) === trim(window.location.pathname) &&
    url.search === window.location.search
  );
}

/**
 * The section a click on this link should scroll to, or null to let the link do its usual work. Links
 * to this very page scroll: with an anchor to that section, without one to the hero. Links that open
 * elsewhere (new tab, download, modifier keys, another button) and links inside a dialog (the mobile
 * menu scrolls once it has closed) are left alone.
 */
export function sectionOfClick(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if (
    (anchor.target && anchor.target !== "_self") ||
    anchor.hasAttribute("download") ||
    anchor.closest("[role=dialog]")
  )
    return null;
  const url = new URL(anchor.href, window.location.href);
  if (!samePage(url)) return null;
  const id = url.hash ? decodeURIComponent(url.hash.slice(1)) : SECTIONS.home;
  // The contact form reads this address's hash to choose "Request quote": the browser's own jump sets it.
  if (id === SECTIONS.requestQuote) return null;
  return document.getElementById(id) ? id : null;
}

/**
 * While the page is shown, every link to one of its sections (landing header, buttons, footer quick
 * links) scrolls to it smoothly with the offset instead of jumping. The listener runs in the capture
 * phase, before React Router's links would navigate.
 */
export function useSectionLinks() {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const id = sectionOfClick(event);
      if (id === null) return;
      event.preventDefault();
      scrollToSection(id);
    };
    window.addEventListener("click", onClick, true);
    return () => window.removeEventListener("click", onClick, true);
  }, []);
}
