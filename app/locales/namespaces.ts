export const NAMESPACES = ["common", "errors", "auth", "blog", "admin", "legal", "cart"] as const;
export type Namespace = (typeof NAMESPACES)[number];
