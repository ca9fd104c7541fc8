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
import { OverviewService } from "../core/admin/overview.server.ts";
import { CatalogueService } from "../core/catalogue/service.server.ts";
import { DealService } from "../core/deals/service.server.ts";
import { TutorialService } from "../core/tutorials/service.server.ts";
import { ClassService } from "../core/classes/service.server.ts";
import { EnrollmentService } from "../core/classes/enrollments.server.ts";
import { WaitlistService } from "../core/classes/waitlist.server.ts";
import { NewsletterService } from "../core/newsletter/service.server.ts";
import { PromoService } from "../core/promotions/service.server.ts";
import { CheckoutService } from "../core/checkout/service.server.ts";
import { Signing } from "../core/checkout/signing.server.ts";
import { OrderService } from "../core/orders/service.server.ts";
import type { PaymentProvider } from "../core/payments/provider.ts";
import { PaymentRepo } from "../core/payments/repo.server.ts";
import { SandboxProvider } from "../core/payments/sandbox.server.ts";
import { PaymentService } from "../core/payments/service.server.ts";
import { StripeProvider } from "../core/payments/stripe.server.ts";
import { CrmRegistry } from "../core/crm/directory.server.ts";
import { JobQueue } from "../core/jobs/queue.server.ts";
import { LeadService } from "../core/leads/service.server.ts";
import { MediaService } from "../core/media/service.server.ts";
import { createMediaStorage, type MediaStorage } from "../core/media/storage.server.ts";
import { MediaProbe } from "../core/media/probe.server.ts";
import { AssistantService } from "../core/assistant/service.server.ts";
import { ConversationRepo } from "../core/assistant/repo.server.ts";
import { CallService } from "../core/calls/service.server.ts";
import { OpenAiCompatibleModel } from "../core/assistant/model.server.ts";
import { CallRepo } from "../core/calls/repo.server.ts";
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
  tutorials: TutorialService;
  classes: ClassService;
  /** Class seats held, paid and released; the enrolment flow through /payment builds on it. */
  enrollments: EnrollmentService;
  /** Full classes' waiting lists: offers of freed seats, swept every minute by a job. */
  waitlist: WaitlistService;
  newsletter: NewsletterService;
  /** Signatures for the order cookie, receipt links and the sandbox's webhook secret. */
  signing: Signing;
  /** Every money movement, the provider and its events (core/payments). */
  payments: PaymentService;
  /** The offline provider's test tools (the card step, the test bank, the test clock), when it is the provider. */
  sandbox: SandboxProvider | null;
  orders: OrderService;
  checkout: CheckoutService;
  /** Background jobs (pg-boss); started by server/main.ts, and by tests that need them. */
  jobs: JobQueue;
  leads: LeadService;
  media: MediaService;
  /** The assistant of the chat window, the voice assistant and the phone line. */
  assistant: AssistantService;
  /** The phone line's webhooks and the call log. */
  calls: CallService;
  /** The staff dashboard's Overview: recent posts and reviews, today's figures, pending moderation. */
  overview: OverviewService;
}

export function createServices(
  database: DatabaseHandle,
  config: Config,
  logger: Logger,
  options: { mediaStorage?: MediaStorage } = {},
): Services {
  const db = database.db;
  // Expired jobs (their server died mid-run) are looked for a few times per expiry period.
  const jobs = new JobQueue(database, {
    pollingIntervalSeconds: config.JOB_POLL_SECONDS,
    superviseIntervalSeconds: Math.max(1, Math.min(30, Math.floor(config.CRM_SYNC_EXPIRE_SECONDS / 4))),
    logger,
  });
  const crm = new CrmRegistry(config);
  // Every channel that makes a lead (contact, booking, chat window, call) records it through this one service.
  const leads = new LeadService(db, {
    crm,
    jobs,
    syncOptions: {
      policy: {
        maxAttempts: config.CRM_SYNC_MAX_ATTEMPTS,
        baseDelayMs: config.CRM_RETRY_BASE_MS,
        maxDelayMs: 15 * 60_000,
      },
      expireInSeconds: config.CRM_SYNC_EXPIRE_SECONDS,
      logger,
    },
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
  const catalogue = new CatalogueService(db, content);
  const promotions = new PromoService(db);
  const deals = new DealService(db, content);
  const signing = new Signing(db, config.APP_SECRET);
  const sandboxSecret = () =>
    config.SANDBOX_WEBHOOK_SECRET ? Promise.resolve(config.SANDBOX_WEBHOOK_SECRET) : signing.derived("sandbox-webhook");
  const sandbox = config.paymentProvider === "sandbox" ? new SandboxProvider(db, sandboxSecret) : null;
  const provider: PaymentProvider =
    sandbox ??
    new StripeProvider({
      secretKey: config.STRIPE_SECRET_KEY ?? "",
      publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? "",
      webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? "",
      apiUrl: config.STRIPE_API_URL,
      timeoutMs: config.STRIPE_TIMEOUT_MS,
    });
  const payments = new PaymentService(new PaymentRepo(db), provider, {
    jobs,
    warn: (message, details) => logger.warn(details, message),
  });
  // The sandbox's events go where Stripe's webhooks go: the same verification and the same code.
  sandbox?.deliverTo((rawBody, signature) => payments.handleWebhook(rawBody, signature));
  const orders = new OrderService(db, payments, (id) => signing.receiptToken(id));
  const waitlist = new WaitlistService(db, {
    mail,
    translate,
    company: mailing.company,
    rateLimits: mailing.rateLimits,
    publicUrl: config.publicUrl,
    offerHours: config.CLASS_WAITLIST_OFFER_HOURS,
    timeZone: config.BOOKING_TIME_ZONE,
    jobs,
    logger,
  });
  const classes = new ClassService(db, content, { seatsChanged: (classId) => waitlist.seatsMayHaveFreed(classId) });
  const enrollments = new EnrollmentService(db, { holdMinutes: config.CLASS_RESERVATION_MINUTES, content, waitlist });
  const checkout = new CheckoutService(
    {
      classes,
      enrollments,
      orders,
      payments,
      catalogue,
      promotions,
      deals,
      signing,
      mail,
      translate,
      company: { ...mailing.company, address: config.COMPANY_ADDRESS },
      publicUrl: config.publicUrl,
      timeZone: config.BOOKING_TIME_ZONE,
      reservationMinutes: config.DEAL_RESERVATION_MINUTES,
      rateLimits: mailing.rateLimits,
      ordersPerAddress: config.ORDERS_PER_ADDRESS,
      holdsPerAddress: config.HOLDS_PER_ADDRESS,
      warn: (message, details) => logger.warn(details, message),
      jobs,
    },
    db,
  );
  const contact = new ContactService(db, { ...mailing, leads });
  const appointments = new AppointmentService(db, {
    ...mailing,
    leads,
    hours: {
      openHour: config.BOOKING_OPEN_HOUR,
      closeHour: config.BOOKING_CLOSE_HOUR,
      slotMinutes: config.BOOKING_SLOT_MINUTES,
      daysAhead: config.BOOKING_DAYS_AHEAD,
      timeZone: config.BOOKING_TIME_ZONE,
    },
  });
  // Optional: with an OpenAI-compatible API configured, free text outside the flows goes to it first.
  const model =
    config.LLM_BASE_URL && config.LLM_MODEL
      ? new OpenAiCompatibleModel({
          baseUrl: config.LLM_BASE_URL,
          apiKey: config.LLM_API_KEY,
          model: config.LLM_MODEL,
          timeoutMs: config.LLM_TIMEOUT_MS,
          warn: (message, details) => logger.warn(details, message),
        })
      : null;
  const assistant = new AssistantService(new ConversationRepo(db), {
    model,
    appointments,
    contact,
    catalogue,
    rateLimits: mailing.rateLimits,
    translate,
    company: { ...mailing.company, address: config.COMPANY_ADDRESS },
  });
  // "Verified client": a paid order, or a consultation that took place, under the review's e-mail.
  const testimonials = new TestimonialService(db, mailing.rateLimits, content, [
    (emails) => orders.emailsWithPaidOrders(emails),
    (emails) => appointments.emailsWithConsultationsOver(emails),
  ]);
  const blog = new BlogService(db, undefined, content);
  const media = new MediaService(db, {
    storage: options.mediaStorage ?? createMediaStorage(config),
    limits: {
      image: config.MEDIA_MAX_IMAGE_BYTES,
      video: config.MEDIA_MAX_VIDEO_BYTES,
      audio: config.MEDIA_MAX_AUDIO_BYTES,
    },
    uploadsPerAddress: config.MEDIA_UPLOADS_PER_ADDRESS,
    rateLimits: mailing.rateLimits,
    content,
    probe: new MediaProbe(config.FFPROBE_PATH),
    previews: signing,
  });
  return {
    database,
    content,
    sessions: new SessionStore(db, config.SESSION_TTL_HOURS * 3600_000),
    auth: new AuthService(db, config, mailing.rateLimits, mailing),
    rateLimits: new RateLimitService(db),
    blog,
    mail,
    contact,
    appointments,
    testimonials,
    catalogue,
    promotions,
    deals,
    tutorials: new TutorialService(db, content),
    classes,
    enrollments,
    waitlist,
    newsletter: new NewsletterService(db, {
      mail,
      translate,
      rateLimits: mailing.rateLimits,
      publicUrl: config.publicUrl,
      companyName: config.COMPANY_NAME,
    }),
    signing,
    payments,
    sandbox,
    orders,
    checkout,
    jobs,
    leads,
    media,
    assistant,
    overview: new OverviewService(
      { blog, testimonials, media, orders, leads, payments, subscriptions: checkout.subscriptions },
      { timeZone: config.BOOKING_TIME_ZONE },
    ),
    calls: new CallService(new CallRepo(db), {
      assistant,
      leads,
      translate,
      companyName: config.COMPANY_NAME,
      authToken: config.TWILIO_AUTH_TOKEN,
      publicUrl: config.publicUrl,
      summarise: model ? (transcript, language) => model.summarise(transcript, language) : undefined,
    }),
  };
}
