import { randomBytes } from "node:crypto";
import { hash, parseOptions, verify, type Algorithm } from "@node-rs/argon2";

// The package's Algorithm is a const enum, which isolated modules cannot read; 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const POLICY = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, POLICY);
}

/** False for a wrong password and for anything that is not an argon2 hash. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** True when a stored hash was made with weaker or different settings than today's policy. */
export function needsRehash(stored: string): boolean {
  try {
    const options = parseOptions(stored);
    return (
      options.algorithm !== POLICY.algorithm ||
      options.memoryCost < POLICY.memoryCost ||
      options.timeCost < POLICY.timeCost ||
      options.parallelism !== POLICY.parallelism
    );
  } catch {
    return true;
  }
}

let dummy: Promise<string> | null = null;

/**
 * A hash of a random secret, verified when an account does not exist (or has no password) so that a
 * wrong identifier takes as long to refuse as a wrong password.
 */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(24).toString("base64url"));
  return dummy;
}
