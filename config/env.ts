import { z } from "zod";

/**
 * Every environment variable Atelier reads, parsed once at start.
 * `.env.example` documents each of them; keep the two in step.
 */
const booleanish = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((value) => value === "true" || value === "1" || value === "yes");

const optionalUrl = z.url({ message: "must be a full URL such as https://example.com" }).optional();

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);

/** True for a time zone this runtime knows (IANA names such as "Europe/Paris"). */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const envSchema = z
  .object({
    NODE_ENV: z
      .enum(["development", "production", "test"], { message: "must be development, production or test" })
      .default("development"),
    PORT: z.coerce
      .number({ message: "must be a number" })
      .int()
      .min(1, "must be between 1 and 65535")
      .max(65535, "must be between 1 and 65535")
      .default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    PUBLIC_URL: optionalUrl,
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a PostgreSQL URL (postgres://user:password@host:port/database)")
      .optional(),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        message: "must be one of fatal, error, warn, info, debug, trace, silent",
      })
      .default("info"),
    SEED_DEMO_CONTENT: booleanish.default(true),
    COOKIE_SECURE: z.enum(["auto", "true", "false"], { message: "must be auto, true or false" }).default("auto"),
    SESSION_TTL_HOURS: z.coerce
      .number({ message: "must be a number" })
      .int()
      .min(1, "must be at least 1")
      .max(24 * 90, "must be at most 2160")
      .default(24 * 14),
    TRUST_PROXY: booleanish.default(false),
    PAGE_CACHE: booleanish.default(true),
    HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce
      .number({ message: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 120")
      .max(120, "must be between 1 and 120")
      .default(10),
    HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce
      .number({ message: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 600")
      .max(600, "must be between 1 and 600")
      .default(30),
    HTTP_MAX_CONNECTIONS: z.coerce
      .number({ message: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(1_000_000, "must be at most 1000000")
      .default(2000),
    BODY_LIMIT_BYTES: z.coerce
      .number({ message: "must be a number" })
      .int()
      .min(1024, "must be at least 1024")
      .default(1024 * 1024),
    ADMIN_EMAIL: z.email({ message: "must be an e-mail address" }).optional(),
    ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
    ADMIN_NAME: z.string().min(1).max(100).optional(),
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    GEO_LOOKUP_URL: optionalUrl,
    COMPANY_NAME: z.string().min(1).default("Atelier"),
    COMPANY_EMAIL: z.email({ message: "must be an e-mail address" }).default("hello@atelier.example"),
    COMPANY_PHONE: z.string().min(3).default("+1 (555) 010-2030"),
    COMPANY_WEBSITE: z
      .url({ message: "must be a full URL such as https://example.com" })
      .default("https://atelier.example"),
    COMPANY_ADDRESS: z.string().min(3).max(200).default("120 Market Street, Suite 400, San Francisco, CA 94105"),
    SOCIAL_FACEBOOK_URL: z.url({ message: "must be a full URL" }).default("https://www.facebook.com/"),
    SOCIAL_INSTAGRAM_URL: z.url({ message: "must be a full URL" }).default("https://www.instagram.com/"),
    SOCIAL_TIKTOK_URL: z.url({ message: "must be a full URL" }).default("https://www.tiktok.com/"),
    MAIL_URL: z
      .string()
      .regex(
        /^smtps?:\/\/[^\s]+$/,
        "must be an SMTP URL (smtp://user:password@host:587 or smtps://user:password@host:465)",
      )
      .optional(),
    MAIL_FROM: z
      .string()
      .regex(
        /^(?:[^<>\r\n]*<[^<>\s@]+@[^<>\s@]+\.[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+\.[^<>\s@]+)$/,
        'must be an e-mail address, optionally with a name: "Atelier <no-reply@atelier.example>"',
      )
      .default("Atelier <no-reply@atelier.example>"),
    STAFF_NOTIFICATION_EMAIL: z.email({ message: "must be an e-mail address" }).optional(),
    MAIL_POLL_SECONDS: z.coerce
      .number({ message: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 3600")
      .max(3600, "must be between 1 and 3600")
      .default(10),
    BOOKING_OPEN_HOUR: z.coerce
      .number({ message: "must be a number" })
      .int("must be a whole number")
      .min(0, "must be between 0 and 23")
      .max(23, "must be between 0 and 23")
      .default(9),
    BOOKING_CLOSE_HOUR: z.coerce
      .number({ message: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 24")
      .max(24, "must be between 1 and 24")
      .default(17),
    BOOKING_SLOT_MINUTES: z.coerce
      .number({ message: "must be a number" })
      .int("must be a whole number")
      .min(5, "must be between 5 and 480")
      .max(480, "must be between 5 and 480")
      .default(60),
    BOOKING_DAYS_AHEAD: z.coerce
      .number({ message: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 365")
      .max(365, "must be between 1 and 365")
      .default(30),
    BOOKING_TIME_ZONE: z
      .string()
      .refine(isTimeZone, 'must be an IANA time zone such as "America/New_York" or "Europe/Paris"')
      .default("America/New_York"),
    APP_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret key (sk_test_... or sk_live_...)")
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_(test|live)_\w+$/, "must be a Stripe publishable key (pk_test_... or pk_live_...)")
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w+$/, "must be a Stripe webhook signing secret (whsec_...)")
      .optional(),
    STRIPE_API_URL: optionalUrl,
    /** How long one call to Stripe's API may take before it counts as failed (then tried again with its idempotency key). */
    STRIPE_TIMEOUT_MS: z.coerce
      .number({ message: "must be a number" })
      .int("must be a whole number")
      .min(100, "must be between 100 and 120000")
      .max(120_000, "must be between 100 and 120000")
      .default(20_000),
    SANDBOX_WEBHOOK_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
    ORDERS_PER_ADDRESS: z.coerce
      .number({ message: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 1000000")
      .max(1_000_000, "must be between 1 and 1000000")
      .default(60),
    HOLDS_PER_ADDRESS: z.coerce
      .number({ message: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 1000000")
      .max(1_000_000, "must be between 1 and 1000000")
      .default(10),
    DEAL_RESERVATION_MINUTES: z.coerce
      .number({ message: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 1440")
      .max(1440, "must be between 1 and 1440")
      .default(15),
    /** How long a class seat is held for someone paying for it; unpaid by then, the seat returns. */
    CLASS_RESERVATION_MINUTES: z.coerce
      .number({ message: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 1440")
      .max(1440, "must be between 1 and 1440")
      .default(15),
    /** How long a seat freed in a full class stays held for the first person on its waiting list. */
    CLASS_WAITLIST_OFFER_HOURS: z.coerce
      .number({ message: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 168")
      .max(168, "must be between 1 and 168")
      .default(24),
    CRM_DEFAULT: z
      .enum(["hubspot", "pipedrive", "salesforce"], { message: "must be hubspot, pipedrive or salesforce" })
      .optional(),
    HUBSPOT_ACCESS_TOKEN: z.string().min(1).optional(),
    HUBSPOT_API_URL: optionalUrl,
    PIPEDRIVE_API_TOKEN: z.string().min(1).optional(),
    PIPEDRIVE_COMPANY_DOMAIN: z
      .string()
      .regex(
        /^(?:[a-z0-9][a-z0-9-]*|https?:\/\/\S+)$/i,
        'must be the company domain ("acme" for acme.pipedrive.com) or a full URL',
      )
      .optional(),
    SALESFORCE_INSTANCE_URL: optionalUrl,
    SALESFORCE_ACCESS_TOKEN: z.string().min(1).optional(),
    CRM_TIMEOUT_MS: z.coerce
      .number({ message: "must be a number" })
      .int("must be a whole number")
      .min(100, "must be between 100 and 120000")
      .max(120_000, "must be between 100 and 120000")
      .default(10_000),
    CRM_SYNC_MAX_ATTEMPTS: z.coerce
      .number({ message: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 20")
      .max(20, "must be between 1 and 20")
      .default(6),
    CRM_RETRY_BASE_MS: z.coerce
      .number({ message: "must be a number" })
      .int("must be a whole number")
      .min(10, "must be between 10 and 3600000")
      .max(3_600_000, "must be between 10 and 3600000")
      .default(5_000),
    CRM_SYNC_EXPIRE_SECONDS: z.coerce
      .number({ message: "must be a number" })
      .int("must be a whole number")
      .min(5, "must be between 5 and 3600")
      .max(3600, "must be between 5 and 3600")
      .default(120),
    WHATSAPP_NUMBER: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^\+?[0-9][0-9 ()-]{6,24}$/, 'must be a phone number in international form, such as "+1 555 010 2030"')
        .optional(),
    ),
    TWILIO_ACCOUNT_SID: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^AC[0-9a-fA-F]{32}$/, "must be a Twilio account SID (AC followed by 32 hexadecimal characters)")
        .optional(),
    ),
    TWILIO_AUTH_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16, "must be at least 16 characters").optional()),
    TWILIO_PHONE_NUMBER: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^\+[1-9][0-9]{6,14}$/, 'must be a phone number in E.164 form, such as "+15550102030"')
        .optional(),
    ),
    LLM_BASE_URL: z.preprocess(emptyAsUndefined, optionalUrl),
    LLM_API_KEY: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
    LLM_MODEL: z.preprocess(emptyAsUndefined, z.string().min(1).max(200).optional()),
    LLM_TIMEOUT_MS: z.coerce
      .number({ message: "must be a number" })
      .int("must be a whole number")
      .min(100, "must be between 100 and 60000")
      .max(60_000, "must be between 100 and 60000")
      .default(8_000),
    JOB_POLL_SECONDS: z.coerce
      .number({ message: "must be a number" })
      .min(0.5, "must be between 0.5 and 60")
      .max(60, "must be between 0.5 and 60")
      .default(2),
    MEDIA_MAX_IMAGE_BYTES: z.coerce
      .number({ message: "must be a number" })
      .int("must be a whole number")
      .min(1024, "must be between 1024 and 1073741824")
      .max(1024 ** 3, "must be between 1024 and 1073741824")
      .default(10 * 1024 * 1024),
    MEDIA_MAX_VIDEO_BYTES: z.coerce
      .number({ message: "must be a number" })
      .int("must be a whole number")
      .min(1024, "must be between 1024 and 1073741824")
      .max(1024 ** 3, "must be between 1024 and 1073741824")
      .default(100 * 1024 * 1024),
    MEDIA_MAX_AUDIO_BYTES: z.coerce
      .number({ message: "must be a number" })
      .int("must be a whole number")
      .min(1024, "must be between 1024 and 1073741824")
      .max(1024 ** 3, "must be between 1024 and 1073741824")
      .default(20 * 1024 * 1024),
    MEDIA_DIR: z.string().min(1).optional(),
    MEDIA_S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        "must be an S3 bucket name (3 to 63 lower-case letters, digits, dots and hyphens)",
      )
      .optional(),
    MEDIA_S3_REGION: z.string().min(1).default("us-east-1"),
    MEDIA_S3_ENDPOINT: optionalUrl,
    MEDIA_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    MEDIA_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    MEDIA_S3_FORCE_PATH_STYLE: booleanish.optional(),
    MEDIA_S3_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9/_-]{1,100}$/, "must be letters, digits, /, _ and - only")
      .optional(),
    FFPROBE_PATH: z.string().min(1).default("ffprobe"),
    MEDIA_UPLOADS_PER_ADDRESS: z.coerce
      .number({ message: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 100000")
      .max(100_000, "must be between 1 and 100000")
      .default(20),
  })
  .superRefine((env, ctx) => {
    const oidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
    if (oidc.some(Boolean) && !oidc.every(Boolean)) {
      ctx.addIssue({
        code: "custom",
        path: ["OIDC_ISSUER"],
        message: "OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together",
      });
    }
    if (env.BOOKING_CLOSE_HOUR * 60 - env.BOOKING_OPEN_HOUR * 60 < env.BOOKING_SLOT_MINUTES) {
      ctx.addIssue({
        code: "custom",
        path: ["BOOKING_CLOSE_HOUR"],
        message:
          "BOOKING_CLOSE_HOUR must leave room for at least one slot of BOOKING_SLOT_MINUTES after BOOKING_OPEN_HOUR",
      });
    }
    const stripe = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET];
    if (stripe.some(Boolean) && !stripe.every(Boolean)) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_SECRET_KEY"],
        message: "STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set together",
      });
    }
    if (Boolean(env.PIPEDRIVE_API_TOKEN) !== Boolean(env.PIPEDRIVE_COMPANY_DOMAIN)) {
      ctx.addIssue({
        code: "custom",
        path: ["PIPEDRIVE_COMPANY_DOMAIN"],
        message: "PIPEDRIVE_API_TOKEN and PIPEDRIVE_COMPANY_DOMAIN must be set together",
      });
    }
    if (Boolean(env.SALESFORCE_INSTANCE_URL) !== Boolean(env.SALESFORCE_ACCESS_TOKEN)) {
      ctx.addIssue({
        code: "custom",
        path: ["SALESFORCE_ACCESS_TOKEN"],
        message: "SALESFORCE_INSTANCE_URL and SALESFORCE_ACCESS_TOKEN must be set together",
      });
    }
    const crmConfigured = {
      hubspot: Boolean(env.HUBSPOT_ACCESS_TOKEN),
      pipedrive: Boolean(env.PIPEDRIVE_API_TOKEN),
      salesforce: Boolean(env.SALESFORCE_ACCESS_TOKEN),
    };
    if (env.CRM_DEFAULT && !crmConfigured[env.CRM_DEFAULT]) {
      ctx.addIssue({
        code: "custom",
        path: ["CRM_DEFAULT"],
        message: `CRM_DEFAULT is ${env.CRM_DEFAULT}, which is not configured (set its token)`,
      });
    }
    if (Boolean(env.MEDIA_S3_ACCESS_KEY_ID) !== Boolean(env.MEDIA_S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["MEDIA_S3_SECRET_ACCESS_KEY"],
        message: "MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY must be set together",
      });
    }
    if (!env.MEDIA_S3_BUCKET && (env.MEDIA_S3_ENDPOINT || env.MEDIA_S3_ACCESS_KEY_ID)) {
      ctx.addIssue({
        code: "custom",
        path: ["MEDIA_S3_BUCKET"],
        message: "MEDIA_S3_BUCKET must be set to store uploads in a bucket",
      });
    }
    if (Boolean(env.LLM_BASE_URL) !== Boolean(env.LLM_MODEL)) {
      ctx.addIssue({
        code: "custom",
        path: ["LLM_MODEL"],
        message: "LLM_BASE_URL and LLM_MODEL must be set together (LLM_API_KEY too, unless the API needs no key)",
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: ["ADMIN_PASSWORD"],
        message: "ADMIN_EMAIL and ADMIN_PASSWORD must be set together",
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  publicUrl: string;
  cookieSecure: boolean;
  oidcEnabled: boolean;
  /** Card payments go through Stripe (all three keys set) or the offline sandbox. */
  paymentProvider: "stripe" | "sandbox";
}

/** What the browser may see: company details and feature switches, never a secret. */
export interface PublicConfig {
  /** Absolute address of the site, for canonical and hreflang links. */
  siteUrl: string;
  companyName: string;
  companyEmail: string;
  companyPhone: string;
  companyWebsite: string;
  /** The postal address printed on invoices, on one line. */
  companyAddress: string;
  social: { facebook: string; instagram: string; tiktok: string };
  geoLookupUrl: string | null;
  oidcEnabled: boolean;
  /** Which payment step checkout shows; the publishable key is public by design (never the secret key). */
  payments?: { provider: "stripe" | "sandbox"; publishableKey: string | null };
  /** The messaging-app button's number, digits only (wa.me links); null hides the button. */
  whatsappNumber?: string | null;
  /** The agency's time zone (IANA name): pages write the dates of orders and subscriptions in it, as e-mails and PDFs do. */
  timeZone?: string;
}

export class ConfigError extends Error {
  public readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.problems = problems;
    this.name = "ConfigError";
  }
}

/** Parses the environment; throws a ConfigError naming each wrong variable. */
export function parseConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.keys(envSchema.shape).map((key) => [key, emptyAsUndefined(source[key])]));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? "environment");
        const given = source[name];
        return `${name}: ${issue.message}${given !== undefined && !/SECRET|PASSWORD|TOKEN/.test(name) ? ` (got "${given}")` : ""}`;
      }),
    );
  }
  const env = result.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  return {
    ...env,
    publicUrl,
    cookieSecure: env.COOKIE_SECURE === "auto" ? publicUrl.startsWith("https://") : env.COOKIE_SECURE === "true",
    oidcEnabled: Boolean(env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET),
    paymentProvider:
      env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET ? "stripe" : "sandbox",
  };
}

export function publicConfig(config: Config): PublicConfig {
  return {
    siteUrl: config.publicUrl,
    companyName: config.COMPANY_NAME,
    companyEmail: config.COMPANY_EMAIL,
    companyPhone: config.COMPANY_PHONE,
    companyWebsite: config.COMPANY_WEBSITE,
    companyAddress: config.COMPANY_ADDRESS,
    social: {
      facebook: config.SOCIAL_FACEBOOK_URL,
      instagram: config.SOCIAL_INSTAGRAM_URL,
      tiktok: config.SOCIAL_TIKTOK_URL,
    },
    geoLookupUrl: config.GEO_LOOKUP_URL ?? null,
    oidcEnabled: config.oidcEnabled,
    whatsappNumber: config.WHATSAPP_NUMBER ? config.WHATSAPP_NUMBER.replace(/\D/g, "") : null,
    payments: {
      provider: config.paymentProvider,
      publishableKey: config.paymentProvider === "stripe" ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    },
    timeZone: config.BOOKING_TIME_ZONE,
  };
}
