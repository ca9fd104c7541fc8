import { createContext, useContext } from "react";
import { isLanguage, type Language } from "../../core/i18n/language.ts";
import { isBrowserNamespace, type BrowserNamespace } from "../locales/namespaces.ts";

const ELEMENT_ID = "i18n-resources";

export interface InlinedResources {
  language: Language;
  resources: Partial<Record<BrowserNamespace, Record<string, unknown>>>;
  /** The namespaces carried in part (see inlined-part.ts), completed when the form layer loads. */
  partial: BrowserNamespace[];
}

/** JSON safe inside a <script> element: no "</script>", no "<!--", no line separators. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

// What the server wrote, read once: hydration renders the element with the same text, so React finds
// nothing to change, and later renders (other pages) leave it as it was.
let hydratedText: string | null = null;
function textOnPage(): string {
  hydratedText ??= document.getElementById(ELEMENT_ID)?.textContent ?? "";
  return hydratedText;
}

/** The translations the server inlined into the page, or null when there are none (or they are garbled). */
export function readInlinedResources(): InlinedResources | null {
  try {
    const value = JSON.parse(textOnPage()) as Partial<InlinedResources> | null;
    if (!value || !isLanguage(value.language) || typeof value.resources !== "object" || value.resources === null)
      return null;
    const resources = Object.fromEntries(Object.entries(value.resources).filter(([ns]) => isBrowserNamespace(ns)));
    // Not a list: garbled, so nothing is trusted (the caller then fetches every namespace whole).
    return { language: value.language, resources, partial: (value.partial ?? []).filter(isBrowserNamespace) };
  } catch {
    return null;
  }
}

/**
 * The block's text as the server writes it (`inlinedText`, inline-text.server.ts), given by the server's
 * entry: the browser's build carries neither the routes' namespaces nor the choice of what to inline.
 */
export const ServerInlinedText = createContext("");

/**
 * A JSON data block (not run, so no nonce or CSP hash needed) with the translations of the page's
 * routes in its language, taken from the server's instance: the browser hydrates with exactly what the
 * server rendered with, and fetches no locale file before hydrating. Only the parts a page can show
 * before a form is sent (inlined-part.ts).
 */
export function InlineResources() {
  const serverText = useContext(ServerInlinedText);
  // Decided at build time: the browser reads what the server wrote.
  const text = import.meta.env.SSR ? serverText : textOnPage();
  return (
    <script
      id={ELEMENT_ID}
      type="application/json"
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: text }}
    />
  );
}
