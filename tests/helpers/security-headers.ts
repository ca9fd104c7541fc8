import { expect } from "vitest";

/**
 * The headers of an API answer (apiSecurityHeaders in server/middleware/security.server.ts): a policy that
 * allows nothing, what matters for a fetched answer, and none of the headers only documents use.
 */
export function expectApiSecurityHeaders(response: Response) {
  expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("x-frame-options")).toBe("DENY");
  expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
  expect(response.headers.get("vary")).toBe("Accept-Encoding");
  expect(response.headers.get("referrer-policy")).toBeNull();
  expect(response.headers.get("permissions-policy")).toBeNull();
  expect(response.headers.get("cross-origin-opener-policy")).toBeNull();
  expect(response.headers.get("x-powered-by")).toBeNull();
}
