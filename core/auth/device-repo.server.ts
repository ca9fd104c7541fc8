import { createHash, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { signInDevices } from "../../db/schema/sign-in-devices.ts";

/** A device token as the cookie carries it: 32 random bytes in base64url. */
export const DEVICE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** Browsers an account signed in from with its password (the table keeps only the token's hash). */
export class DeviceRepo {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** True when this browser's token belongs to this account; notes that it was seen. */
  async isKnown(userId: string, token: string | null | undefined, now: Date = new Date()): Promise<boolean> {
    if (!token || !DEVICE_TOKEN_PATTERN.test(token)) return false;
    const rows = await this.db
      .update(signInDevices)
      .set({ lastSeenAt: now })
      .where(and(eq(signInDevices.tokenHash, hashOf(token)), eq(signInDevices.userId, userId)))
      .returning({ userId: signInDevices.userId });
    return rows.length > 0;
  }

  /** Remembers a browser that has just signed in to this account, and returns the token for its cookie. */
  async remember(userId: string, now: Date = new Date()): Promise<string> {
    const token = randomBytes(32).toString("base64url");
    await this.db.insert(signInDevices).values({ tokenHash: hashOf(token), userId, createdAt: now, lastSeenAt: now });
    return token;
  }
}
