import type { Config } from "../config/env.ts";
import { ContentEvents } from "../core/cache/content-cache.ts";
import { AuthService } from "../core/auth/service.server.ts";
import { SessionStore } from "../core/auth/session-store.server.ts";
import { RateLimitService } from "../core/rate-limit/service.server.ts";
import { BlogService } from "../core/blog/service.server.ts";
import { AppointmentService } from "../core/appointments/service.server.ts";
import { ContactService } from "../core/contact/service.server.ts";
import type { Translate } from "../core/mail/rules.ts";
import { MailService } from "../core/mail/service.server.ts";
import { TestimonialService } from "../core/testimonials/service.server.ts";
import { CatalogueService } from "../core/catalogue/service.server.ts";
import { DealService } from "../core/deals/service.server.ts";
import { NewsletterService } from "../core/newsletter/service.server.ts";
import { PromoService } from "../core/promotions/service.server.ts";
import { CrmRegistry } from "../core/crm/directory.server.ts";
import { JobQueue } from "../core/jobs/queue.server.ts";
import { LeadService } from "../core/leads/service.server.ts";
import { translator as translatorOf } from "./i18n.server.ts";
import type { DatabaseHandle } from "../db/client.server.ts";
import type { Logger } from "./logger.server.ts";

/** Every use case the edge (API routes and page loaders) may call, built once per process. */
export interface Services {
  database: DatabaseHandle;
  /** Changes to public content (posts, catalogue, deals, testimonials), announced by the services that own it. */
  content: ContentEvents;
  sessions: SessionStore;
  auth: AuthService;
  rateLimits: RateLimitService;
  blog: BlogService;
  mail: MailService;
  contact: ContactService;
  appointments: AppointmentService;
  testimonials: TestimonialService;
  catalogue: CatalogueService;
  promotions: PromoService;
  deals: DealService;
  newsletter: NewsletterService;
  /** Background jobs (pg-boss); started by server/main.ts, and by tests that need them. */
  jobs: JobQueue;
  leads: LeadService;
}

export function createServices(database: DatabaseHandle, config: Config, logger: Logger): Services {
  const db = database.db;
  // Expired jobs (their server died mid-run) are looked for a few times per expiry period.
  const jobs = new JobQueue(database, {
    pollingIntervalSeconds: config.JOB_POLL_SECONDS,
    superviseIntervalSeconds: Math.max(1, Math.min(30, Math.floor(config.CRM_SYNC_EXPIRE_SECONDS / 4))),
    logger,
  });
  const crm = new CrmRegistry(config);
  // Every channel that makes a lead (contact, booking, chat, call) records it through this one service.
  const leads = new LeadService(db, {
    crm,
    jobs,
    syncOptions: { policy: { maxAttempts: config.CRM_SYNC_MAX_ATTEMPTS, baseDelayMs: config.CRM_RETRY_BASE_MS, maxDelayMs: 15 * 60_000 }, expireInSeconds: config.CRM_SYNC_EXPIRE_SECONDS, logger },
  });
  // One signal for the whole process: the services' list caches and the page cache follow it.
  const content = new ContentEvents();
  // What the modules that send e-mails share: the outbox, translations, and the company's details.
  const mail = new MailService(db);
  const translate: Translate = (language, key, params) => translatorOf(language)(key, params ?? {}) as string;
  const mailing = {
    mail,
    rateLimits: new RateLimitService(db),
    translate,
    company: {
      name: config.COMPANY_NAME,
      email: config.COMPANY_EMAIL,
      phone: config.COMPANY_PHONE,
      website: config.COMPANY_WEBSITE,
      staffEmail: config.STAFF_NOTIFICATION_EMAIL ?? config.COMPANY_EMAIL,
    },
  };
  return {
    database,
    content,
    sessions: new SessionStore(db, config.SESSION_TTL_HOURS * 3600_000),
    auth: new AuthService(db, config, mailing.rateLimits, mailing),
    rateLimits: new RateLimitService(db),
    blog: new BlogService(db, undefined, content),
    mail,
    contact: new ContactService(db, { ...mailing, leads }),
    appointments: new AppointmentService(db, {
      ...mailing,
      leads,
      hours: {
        openHour: config.BOOKING_OPEN_HOUR,
        closeHour: config.BOOKING_CLOSE_HOUR,
        slotMinutes: config.BOOKING_SLOT_MINUTES,
        daysAhead: config.BOOKING_DAYS_AHEAD,
        timeZone: config.BOOKING_TIME_ZONE,
      },
    }),
    testimonials: new TestimonialService(db, mailing.rateLimits, content),
    catalogue: new CatalogueService(db, content),
    promotions: new PromoService(db),
    deals: new DealService(db, content),
    newsletter: new NewsletterService(db, { mail, translate, rateLimits: mailing.rateLimits, publicUrl: config.publicUrl, companyName: config.COMPANY_NAME }),
    jobs,
    leads,
  };
}
