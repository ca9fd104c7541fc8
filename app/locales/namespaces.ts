export const NAMESPACES = ["common", "errors", "auth", "blog", "admin", "legal"] as const;
export type Namespace = (typeof NAMESPACES)[number];
