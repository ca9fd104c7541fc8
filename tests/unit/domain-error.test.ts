import { describe, expect, it } from "vitest";
import { DomainError } from "../../core/errors.ts";

describe("DomainError", () => {
  it("is recognised across separate copies of its module (server source vs SSR bundle)", async () => {
    // A second, independent evaluation of the module, as the SSR bundle has.
    const copy = (await import("../../core/errors.ts?copy" as string)) as typeof import("../../core/errors.ts");
    expect(copy.DomainError).not.toBe(DomainError);
    const thrownByBundle = new copy.DomainError("not_found", "blog:errors.postNotFound");
    expect(thrownByBundle instanceof DomainError).toBe(true);
    expect(new Error("plain") instanceof DomainError).toBe(false);
    expect((null as unknown) instanceof DomainError).toBe(false);
  });
});
