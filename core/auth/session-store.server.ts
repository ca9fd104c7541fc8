import { randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { sessions } from "../../db/schema/users.ts";
import type { SessionData } from "./schema.ts";

/** Sessions live in the database so that any app server can answer any request. */
export class SessionStore {
  private readonly db: Database;
  private readonly ttlMs: number;

  constructor(db: Database, ttlMs: number) {
    this.db = db;
    this.ttlMs = ttlMs;
  }

  async load(sid: string): Promise<{ data: SessionData; expire: Date } | null> {
    const [row] = await this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.sid, sid), gt(sessions.expire, new Date())))
      .limit(1);
    return row ? { data: row.sess as SessionData, expire: row.expire } : null;
  }

  /** Creates a session with a fresh random id; the previous one (if any) is destroyed. */
  async create(data: SessionData, previousSid?: string | null): Promise<{ sid: string; expire: Date }> {
    const sid = randomBytes(32).toString("base64url");
    const expire = new Date(Date.now() + this.ttlMs);
    await this.db.transaction(async (tx) => {
      if (previousSid) await tx.delete(sessions).where(eq(sessions.sid, previousSid));
      await tx.insert(sessions).values({ sid, sess: data, expire });
    });
    return { sid, expire };
  }

  async save(sid: string, data: SessionData): Promise<Date> {
    const expire = new Date(Date.now() + this.ttlMs);
    await this.db.update(sessions).set({ sess: data, expire }).where(eq(sessions.sid, sid));
    return expire;
  }

  /** Extends a session that has used more than half of its lifetime (rolling expiry without a write per request). */
  async touchIfStale(sid: string, expire: Date): Promise<Date | null> {
    if (expire.getTime() - Date.now() > this.ttlMs / 2) return null;
    const next = new Date(Date.now() + this.ttlMs);
    await this.db.update(sessions).set({ expire: next }).where(eq(sessions.sid, sid));
    return next;
  }

  async destroy(sid: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.sid, sid));
  }

  async purgeExpired(): Promise<void> {
    await this.db.delete(sessions).where(lt(sessions.expire, new Date()));
  }
}
