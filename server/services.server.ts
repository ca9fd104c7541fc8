import type { Config } from "../config/env.ts";
import { AuthService } from "../core/auth/service.server.ts";
import { SessionStore } from "../core/auth/session-store.server.ts";
import { RateLimitService } from "../core/rate-limit/service.server.ts";
import { BlogService } from "../core/blog/service.server.ts";
import type { DatabaseHandle } from "../db/client.server.ts";
import type { Logger } from "./logger.server.ts";

/** Every use case the edge (API routes and page loaders) may call, built once per process. */
export interface Services {
  database: DatabaseHandle;
  sessions: SessionStore;
  auth: AuthService;
  rateLimits: RateLimitService;
  blog: BlogService;
}

export function createServices(database: DatabaseHandle, config: Config, _logger: Logger): Services {
  const db = database.db;
  return {
    database,
    sessions: new SessionStore(db, config.SESSION_TTL_HOURS * 3600_000),
    auth: new AuthService(db, config),
    rateLimits: new RateLimitService(db),
    blog: new BlogService(db),
  };
}
