import type { Config } from "../config/env.ts";
import { AuthService } from "../core/auth/service.server.ts";
import { SessionStore } from "../core/auth/session-store.server.ts";
import { RateLimitService } from "../core/rate-limit/service.server.ts";
import { BlogService } from "../core/blog/service.server.ts";
import { CatalogueService } from "../core/catalogue/service.server.ts";
import { DealService } from "../core/deals/service.server.ts";
import { NewsletterService } from "../core/newsletter/service.server.ts";
import { PromoService } from "../core/promotions/service.server.ts";
import { translator as translatorOf } from "./i18n.server.ts";
import type { DatabaseHandle } from "../db/client.server.ts";
import type { Logger } from "./logger.server.ts";

/** Every use case the edge (API routes and page loaders) may call, built once per process. */
export interface Services {
  database: DatabaseHandle;
  sessions: SessionStore;
  auth: AuthService;
  rateLimits: RateLimitService;
  blog: BlogService;
  catalogue: CatalogueService;
  promotions: PromoService;
  deals: DealService;
  newsletter: NewsletterService;
}

export function createServices(database: DatabaseHandle, config: Config, _logger: Logger): Services {
  const db = database.db;
  return {
    database,
    sessions: new SessionStore(db, config.SESSION_TTL_HOURS * 3600_000),
    auth: new AuthService(db, config),
    rateLimits: new RateLimitService(db),
    blog: new BlogService(db),
    catalogue: new CatalogueService(db),
    promotions: new PromoService(db),
    deals: new DealService(db),
    newsletter: new NewsletterService(db, {
      translate: (language, key, params) => translatorOf(language)(key, params ?? {}) as string,
      publicUrl: config.publicUrl,
      companyName: config.COMPANY_NAME,
    }),
  };
}
