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

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"], { message: "must be development, production or test" }).default("development"),
    PORT: z.coerce.number({ message: "must be a number" }).int().min(1, "must be between 1 and 65535").max(65535, "must be between 1 and 65535").default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    PUBLIC_URL: optionalUrl,
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a PostgreSQL URL (postgres://user:password@host:port/database)")
      .optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], { message: "must be one of fatal, error, warn, info, debug, trace, silent" }).default("info"),
    SEED_DEMO_CONTENT: booleanish.default(true),
    COOKIE_SECURE: z.enum(["auto", "true", "false"], { message: "must be auto, true or false" }).default("auto"),
    SESSION_TTL_HOURS: z.coerce.number({ message: "must be a number" }).int().min(1, "must be at least 1").max(24 * 90, "must be at most 2160").default(24 * 14),
    TRUST_PROXY: booleanish.default(false),
    BODY_LIMIT_BYTES: z.coerce.number({ message: "must be a number" }).int().min(1024, "must be at least 1024").default(1024 * 1024),
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
    COMPANY_WEBSITE: z.url({ message: "must be a full URL such as https://example.com" }).default("https://atelier.example"),
    SOCIAL_FACEBOOK_URL: z.url({ message: "must be a full URL" }).default("https://www.facebook.com/"),
    SOCIAL_INSTAGRAM_URL: z.url({ message: "must be a full URL" }).default("https://www.instagram.com/"),
    SOCIAL_TIKTOK_URL: z.url({ message: "must be a full URL" }).default("https://www.tiktok.com/"),
  })
  .superRefine((env, ctx) => {
    const oidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
    if (oidc.some(Boolean) && !oidc.every(Boolean)) {
      ctx.addIssue({ code: "custom", path: ["OIDC_ISSUER"], message: "OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together" });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({ code: "custom", path: ["ADMIN_PASSWORD"], message: "ADMIN_EMAIL and ADMIN_PASSWORD must be set together" });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  publicUrl: string;
  cookieSecure: boolean;
  oidcEnabled: boolean;
}

/** What the browser may see: company details and feature switches, never a secret. */
export interface PublicConfig {
  /** Absolute address of the site, for canonical and hreflang links. */
  siteUrl: string;
  companyName: string;
  companyEmail: string;
  companyPhone: string;
  companyWebsite: string;
  social: { facebook: string; instagram: string; tiktok: string };
  geoLookupUrl: string | null;
  oidcEnabled: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
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
        return `${name}: ${issue.message}${given !== undefined && !/SECRET|PASSWORD/.test(name) ? ` (got "${given}")` : ""}`;
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
  };
}

export function publicConfig(config: Config): PublicConfig {
  return {
    siteUrl: config.publicUrl,
    companyName: config.COMPANY_NAME,
    companyEmail: config.COMPANY_EMAIL,
    companyPhone: config.COMPANY_PHONE,
    companyWebsite: config.COMPANY_WEBSITE,
    social: { facebook: config.SOCIAL_FACEBOOK_URL, instagram: config.SOCIAL_INSTAGRAM_URL, tiktok: config.SOCIAL_TIKTOK_URL },
    geoLookupUrl: config.GEO_LOOKUP_URL ?? null,
    oidcEnabled: config.oidcEnabled,
  };
}
