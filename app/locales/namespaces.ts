export const NAMESPACES = ["common", "errors", "auth", "blog", "admin", "legal", "cart", "catalogue", "deals", "newsletter", "mail", "contact", "appointments", "testimonials", "home"] as const;
export type Namespace = (typeof NAMESPACES)[number];
