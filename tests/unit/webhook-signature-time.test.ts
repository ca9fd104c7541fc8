import { describe, expect, it } from "vitest";
import { FUTURE_TOLERANCE_SECONDS, refuseFutureSignature } from "../../core/payments/stripe-events.ts";
import { WebhookSignatureError } from "../../core/payments/provider.ts";

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const at = (offsetSeconds: number) =>
  `t=${Math.floor(NOW / 1000) + offsetSeconds},v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd`;

describe("a signed event's date", () => {
  it("is taken up to five minutes ahead of our clock, and any time before (the library refuses old ones)", () => {
    expect(() => refuseFutureSignature(at(0), NOW)).not.toThrow();
    expect(() => refuseFutureSignature(at(FUTURE_TOLERANCE_SECONDS), NOW)).not.toThrow();
    expect(() => refuseFutureSignature(at(-3600), NOW)).not.toThrow();
  });

  it("is refused further ahead, or when the signature carries none", () => {
    expect(() => refuseFutureSignature(at(FUTURE_TOLERANCE_SECONDS + 1), NOW)).toThrow(WebhookSignatureError);
    expect(() => refuseFutureSignature(at(365 * 24 * 3600), NOW)).toThrow("the signature is dated in the future");
    expect(() => refuseFutureSignature("v1=abc", NOW)).toThrow(WebhookSignatureError);
    expect(() => refuseFutureSignature("t=soon,v1=abc", NOW)).toThrow(WebhookSignatureError);
  });
});
