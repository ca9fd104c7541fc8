/**
 * Every icon of the sprite (app/components/ui/icons.svg), by lucide's name in kebab case, and the brand
 * marks drawn here. `npm run icons` rebuilds the sprite from this list; a unit test fails when it is stale.
 */
export const LUCIDE_ICONS = [
  "alert-circle", "arrow-left", "arrow-right", "badge-check", "bot", "brush", "calendar-check", "calendar-clock",
  "calendar-days", "chart-line", "check", "check-circle-2", "chevron-down", "chevron-left", "chevron-right",
  "circle-alert", "circle-check", "clapperboard", "clock", "credit-card", "download", "external-link", "eye", "eye-off",
  "file-question", "flame", "globe", "handshake", "key-round", "landmark", "lightbulb", "link-2", "loader-2",
  "loader-circle", "lock", "log-in", "log-out", "mail", "mail-check", "mail-question", "maximize-2", "megaphone", "menu",
  "message-circle", "message-square", "message-square-plus", "message-square-quote", "message-square-text", "mic", "mic-off", "minimize-2", "minus",
  "music", "newspaper", "palette", "pen-tool", "pencil", "phone", "phone-call", "plus", "printer", "quote", "reply",
  "receipt", "rotate-ccw", "rotate-cw", "search", "send", "share-2", "shopping-cart", "sparkles", "star", "tag", "target",
  "ticket-percent", "trash-2", "trending-up", "trophy", "users", "volume-2", "workflow", "x",
] as const;

export const BRAND_ICONS = ["facebook", "instagram", "tiktok", "whatsapp"] as const;

export type LucideIconName = (typeof LUCIDE_ICONS)[number];
export type BrandIconName = (typeof BRAND_ICONS)[number];
export type IconName = LucideIconName | BrandIconName;
