import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Where the keyboard focus goes once a client-side navigation has rendered the new page: the element
 * the address's hash names (the page has already been scrolled there), else the page's heading, else
 * <main>. A full page load starts at the top of the document as usual, so the first render is left alone.
 */
export function focusNewPage(hash: string): void {
  const id = hash ? decodeURIComponent(hash.slice(1)) : "";
  const target =
    (id && document.getElementById(id)) ||
    document.querySelector<HTMLElement>("main h1") ||
    document.getElementById("main");
  if (!target) return;
  if (!target.hasAttribute("tabindex")) {
    target.setAttribute("tabindex", "-1");
    // Focused by the script, not a control: no focus ring (see app.css).
    target.setAttribute("data-route-focus", "");
  }
  // The scroll is ScrollRestoration's (top, the hash's element, or the position kept for Back).
  target.focus({ preventScroll: true });
}

/**
 * Moves the focus to the new page after a client-side navigation, so that a screen reader announces
 * its heading and the next Tab starts in its content instead of in the header that was clicked. Only
 * a change of page counts: a new query (filters, tabs) or a section link on the same page keeps the focus.
 */
export function useRouteFocus(): void {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    focusNewPage(hash);
    // The hash is read when the page changes; a hash change alone is the section links' business.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}
