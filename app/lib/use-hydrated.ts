import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * True once React has hydrated this page (and on every render after a client navigation). A primary
 * action whose work needs JavaScript (Add to Cart, Claim, Book, Send, Pay) is rendered disabled until
 * then, so that a click made while the page's code is still loading waits instead of being lost: the
 * browser does not deliver a click to a disabled button, and it is enabled as soon as it can act.
 * The server's render and hydration's first render both say false, so the markup matches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
