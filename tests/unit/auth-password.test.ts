import { describe, expect, it } from "vitest";
import { hash } from "@node-rs/argon2";
import { dummyHash, hashPassword, needsRehash, verifyPassword } from "../../core/auth/password.server.ts";

// Spec README decision 18: passwords are hashed with argon2id.
describe("password hashing", () => {
  it("hashes with argon2id at the OWASP baseline (m=19456, t=2, p=1), salted", async () => {
    const first = await hashPassword("correct horse battery");
    const second = await hashPassword("correct horse battery");
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    expect(needsRehash(first)).toBe(false);
  });

  it("verifies the right password only", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(await verifyPassword(stored, "correct horse battery")).toBe(true);
    expect(await verifyPassword(stored, "correct horse battery ")).toBe(false);
    expect(await verifyPassword("not a hash", "anything")).toBe(false);
  });

  it("asks for a re-hash of weaker or foreign hashes", async () => {
    expect(needsRehash(await hash("pw", { memoryCost: 4096, timeCost: 1 }))).toBe(true);
    expect(needsRehash("$2b$10$abcdefghijklmnopqrstuv")).toBe(true);
  });

  it("keeps one dummy hash to verify against for accounts that do not exist", async () => {
    const dummy = await dummyHash();
    expect(dummy).toMatch(/^\$argon2id\$/);
    expect(await dummyHash()).toBe(dummy);
    expect(await verifyPassword(dummy, "")).toBe(false);
  });
});
