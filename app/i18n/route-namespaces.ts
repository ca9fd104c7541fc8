import type { BrowserNamespace } from "../locales/namespaces.ts";

/**
 * The translation namespaces each route renders with, its components' included, keyed by route id (the
 * /:lang tree's "lang-" ids share the plain tree's entries). A page gets its own and its layouts' (root,
 * site): the server inlines exactly those into the HTML, and a client navigation loads a page's before
 * rendering it. tests/unit/route-namespaces.test.ts checks this table against the source.
 */
export const ROUTE_NAMESPACES = {
  root: ["common"],
  site: ["assistant"],
  home: ["home", "contact", "appointments", "cart", "catalogue", "testimonials", "errors"],
  about: [],
  contact: ["contact", "appointments", "errors"],
  posts: ["blog", "errors"],
  post: ["blog", "errors"],
  tutorials: ["tutorials"],
  tutorial: ["tutorials"],
  classes: ["classes"],
  class: ["classes", "errors", "waitlist"],
  login: ["auth", "errors"],
  register: ["auth", "errors"],
  "forgot-password": ["auth", "errors"],
  "reset-password": ["auth", "errors"],
  "register-confirm": ["auth", "errors"],
  "login-confirm": ["auth", "errors"],
  "account-password": ["auth", "errors"],
  admin: ["admin"],
  "admin-overview": ["adminclasses", "testimonials"],
  "admin-posts": ["blog", "errors"],
  "admin-media": ["errors", "media"],
  "admin-tutorials": ["errors", "tutorials"],
  "admin-classes": ["adminclasses", "classes", "errors", "waitlist"],
  "admin-reviews": ["testimonials"],
  "admin-moderation": ["errors", "media", "testimonials"],
  "admin-deals": ["deals", "errors"],
  "admin-promos": [],
  "admin-orders": ["errors", "orders", "payments"],
  "admin-subscriptions": [],
  leads: ["leads", "admin", "errors"],
  calls: ["calls", "errors"],
  cart: ["cart", "errors"],
  checkout: ["checkout", "cart", "orders", "errors"],
  "checkout-success": ["checkout", "cart", "orders"],
  "checkout-success-redirect": [],
  receipt: ["checkout", "orders", "payments", "errors"],
  payment: ["payments", "checkout", "classes", "waitlist", "errors"],
  "payment-success": ["payments", "checkout", "orders", "classes"],
  "bank-checkout": ["payments", "errors"],
  subscribe: ["payments", "checkout", "errors"],
  "subscribe-success": ["payments", "errors"],
  subscription: ["payments", "errors"],
  testimonials: ["testimonials", "errors"],
  media: ["media", "errors"],
  "hot-deals": ["deals", "cart", "newsletter", "errors"],
  "newsletter-confirm": ["newsletter"],
  "waitlist-leave": ["waitlist"],
  privacy: ["legal"],
  terms: ["legal"],
  logout: ["auth", "errors"],
  "not-found": [],
} as const satisfies Record<string, readonly BrowserNamespace[]>;

type RouteId = keyof typeof ROUTE_NAMESPACES;

function isRouteId(id: string): id is RouteId {
  return Object.hasOwn(ROUTE_NAMESPACES, id);
}

/** The namespaces of a chain of matched routes (ids as React Router gives them), each once. */
export function routeNamespaces(routeIds: Iterable<string>): BrowserNamespace[] {
  const namespaces = new Set<BrowserNamespace>();
  for (const id of routeIds) {
    const key = id.replace(/^lang-/, "");
    if (isRouteId(key)) for (const ns of ROUTE_NAMESPACES[key]) namespaces.add(ns);
  }
  return [...namespaces];
}
