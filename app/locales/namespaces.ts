export const NAMESPACES = [
  "common",
  "errors",
  "auth",
  "blog",
  "admin",
  "legal",
  "cart",
  "catalogue",
  "deals",
  "newsletter",
  "mail",
  "contact",
  "appointments",
  "testimonials",
  "home",
  "orders",
  "checkout",
  "leads",
  "payments",
  "media",
  "tutorials",
  "classes",
  "adminclasses",
  "waitlist",
  "assistant",
  "assistantreplies",
  "calls",
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * Namespaces only the server reads (e-mails; the assistant's replies, which the server words for the chat
 * window, the voice assistant and the phone line): no route may declare them, and the browser cannot load them.
 */
export const SERVER_ONLY_NAMESPACES = ["mail", "assistantreplies"] as const satisfies readonly Namespace[];
export type BrowserNamespace = Exclude<Namespace, (typeof SERVER_ONLY_NAMESPACES)[number]>;

export function isBrowserNamespace(ns: string): ns is BrowserNamespace {
  return (NAMESPACES as readonly string[]).includes(ns) && !(SERVER_ONLY_NAMESPACES as readonly string[]).includes(ns);
}
