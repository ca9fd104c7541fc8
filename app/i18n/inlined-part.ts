import type { BrowserNamespace } from "../locales/namespaces.ts";

/*
 * What a page's HTML carries of each of its namespaces. A page renders none of these before a form is
 * sent, so they stay out of the HTML (about a quarter of the home page's translations) and come with the
 * form layer's code (`completeNamespaces`):
 * - `validation`: the messages of the schemas, which the form layer translates once it has loaded;
 * - `email`: the texts of e-mails, which only the server renders;
 * - `promoAdmin`: the staff's words about promo codes;
 * - the `errors` namespace but its `network` sentence (said when the form layer's code itself cannot be
 *   fetched): the rest are the schemas' and the API's messages, which the server sends already translated.
 */
const DEFERRED_PARTS = new Set(["validation", "email", "promoAdmin"]);
const KEPT_OF_NAMESPACE: Partial<Record<BrowserNamespace, ReadonlySet<string>>> = {
  errors: new Set(["network"]),
};

/**
 * What a page's own first-load code can show, by page (route id without `lang-`) and namespace: key paths,
 * each keeping its whole subtree. The rest of these namespaces is shown only by code loaded later (the
 * chat window, the invoice dialog, the scheduler, the cart's rules, the review form, the menu panel), by
 * other pages, or by the server alone: that code fetches the namespaces whole as it loads
 * (`withWholeTranslations`), and so does a client navigation. A namespace not listed is carried whole.
 *
 * The home page: its translations went from 6.3 to 3.3 KB brotli in English, 7.8 to 4.1 KB in French.
 */
const FIRST_RENDER: Partial<Record<string, Partial<Record<BrowserNamespace, readonly string[]>>>> = {
  home: {
    // Not `about` or `contact` (the pages of those names).
    // Of `share`, not the toasts of the share actions, which load when a share control is approached.
    common: [
      "nav",
      "language",
      "cart",
      "footer",
      "share.button",
      "share.buttonLabel",
      "share.groupLabel",
      "share.popoverTitle",
      "share.shareOn",
      "share.copyLink",
      "share.failed",
      "errorPage",
      "toast",
    ],
    // The buttons that open the chat, the voice assistant and WhatsApp; not their windows.
    assistant: ["chat.open", "chat.close", "voice.open", "voice.close", "whatsapp"],
    // Not `meta` (written by the server into <head>) nor the invoice dialog's texts.
    home: [
      "hero",
      "about",
      "brandKit",
      "services",
      "specialised",
      "pricing",
      "cta",
      "invoice.title",
      "invoice.sample",
      "invoice.total",
      "invoice.lines.website.name",
      "invoice.lines.logo.name",
      "invoice.lines.social.name",
      "invoice.lines.consultation.name",
    ],
    // Not `messages`: shown once a message is sent, by the form layer, which completes the namespaces.
    contact: ["fields", "form", "section"],
    // The scheduler's frame, drawn until its code arrives.
    appointments: ["scheduler.title", "scheduler.intro", "scheduler.available", "scheduler.loading"],
    // Add to Cart's links to the cart, and a custom budget's messages (checked as it is typed).
    cart: ["page.viewCart", "page.inCart", "budget", "storage"],
    // Not the skeletons' `section.loading`: the home page's testimonials come with the page.
    testimonials: [
      "section.title",
      "section.intro",
      "section.listLabel",
      "section.emptyText",
      "section.errorTitle",
      "section.errorText",
      "section.retry",
      "section.shareHeading",
      "section.shareTitle",
      "section.viewAll",
      "rating",
      "card",
      "messages.empty",
      "dialog.open",
    ],
  },
};

/** The key paths of `bundle` named in `paths`, each with its subtree. */
function pick(bundle: Record<string, unknown>, paths: readonly string[]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const path of paths) {
    const keys = path.split(".");
    let from: unknown = bundle;
    for (const key of keys) from = (from as Record<string, unknown> | undefined)?.[key];
    if (from === undefined) continue;
    let into = result;
    for (const key of keys.slice(0, -1)) into = (into[key] ??= {}) as Record<string, unknown>;
    into[keys.at(-1)!] = from;
  }
  return result;
}

const countLeaves = (value: unknown): number =>
  typeof value === "object" && value !== null
    ? Object.values(value).reduce<number>((sum, item) => sum + countLeaves(item), 0)
    : 1;

/**
 * A namespace's bundle as the HTML of `page` (a route id) carries it, and whether anything was left out.
 */
export function inlinedPart(
  ns: BrowserNamespace,
  bundle: Record<string, unknown>,
  page?: string,
): { bundle: Record<string, unknown>; partial: boolean } {
  const kept = KEPT_OF_NAMESPACE[ns];
  const entries = Object.entries(bundle).filter(([key]) => (kept ? kept.has(key) : !DEFERRED_PARTS.has(key)));
  let part = Object.fromEntries(entries);
  const firstRender = page === undefined ? undefined : FIRST_RENDER[page.replace(/^lang-/, "")]?.[ns];
  if (firstRender) part = pick(part, firstRender);
  return { bundle: part, partial: countLeaves(part) < countLeaves(bundle) };
}
