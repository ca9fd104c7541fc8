import { createHash, randomBytes } from "node:crypto";
import type { Database, Transaction } from "../../db/client.server.ts";
import { DomainError, parseOrThrow } from "../errors.ts";
import { MailService } from "../mail/service.server.ts";
import type { Language } from "../i18n/language.ts";
import { FORM_BUDGETS } from "../rate-limit/rules.ts";
import { RateLimitService } from "../rate-limit/service.server.ts";
import { NewsletterRepo } from "./repo.server.ts";
import { CONFIRMATIONS_PER_EMAIL, TOKEN_BYTES, confirmationUrl, escapeHtml, isTokenShaped } from "./rules.ts";
import { newsletterSubscribeSchema, type ConfirmationStatus } from "./schema.ts";

/** The mail outbox as this module uses it: a message is queued in the caller's transaction. */
export interface MailQueue {
  enqueue(
    message: { to: string; subject: string; text: string; html?: string; kind: string },
    tx?: Transaction,
  ): Promise<void>;
}

/** Translated text by key ("namespace:key") in one language. */
export type Translate = (language: Language, key: string, params?: Record<string, unknown>) => string;

export interface NewsletterDependencies {
  /** The outbox; the mail module's service by default. */
  mail?: MailQueue;
  translate: Translate;
  /** Absolute address of the site, for the confirmation link. */
  publicUrl: string;
  companyName: string;
  rateLimits?: RateLimitService;
}

export const CONFIRMATION_MAIL_KIND = "newsletter.confirmation";

const sha256Hex = (token: string) => createHash("sha256").update(token).digest("hex");
const invalidToken = () =>
  new DomainError("validation", "newsletter:errors.invalidToken", {
    fields: { token: "newsletter:errors.invalidToken" },
  });

/**
 * The newsletter with double opt-in: subscribing e-mails a confirmation link; only following it
 * confirms the address. Tokens are random and only their SHA-256 hash is stored.
 */
export class NewsletterService {
  private readonly repo: NewsletterRepo;
  private readonly rateLimits: RateLimitService;
  private readonly mail: MailQueue;

  private readonly db: Database;
  private readonly deps: NewsletterDependencies;

  constructor(db: Database, deps: NewsletterDependencies) {
    this.db = db;
    this.deps = deps;
    this.repo = new NewsletterRepo(db);
    this.rateLimits = deps.rateLimits ?? new RateLimitService(db);
    this.mail = deps.mail ?? new MailService(db);
  }

  /**
   * Records a subscription request and queues the confirmation e-mail, in the visitor's language. The
   * answer never tells whether the address was known or confirmed: an address already confirmed gets
   * no new e-mail, and an address that received 3 confirmation e-mails today gets no fourth. With the
   * client's `address`, requests are limited per address and per e-mail (FORM_BUDGETS.newsletter).
   */
  async subscribe(input: unknown, context: { language: Language; address?: string }): Promise<void> {
    const { email } = parseOrThrow(newsletterSubscribeSchema, input);
    if (context.address !== undefined)
      await this.rateLimits.enforce(FORM_BUDGETS.newsletter, { address: context.address, email });
    const existing = await this.repo.findByEmail(email);
    if (existing?.confirmedAt) return;
    // The counter is keyed by a hash, so that the rate-limit table holds no e-mail address.
    if (!(await this.rateLimits.hit(CONFIRMATIONS_PER_EMAIL, sha256Hex(email))).allowed) return;

    const token = randomBytes(TOKEN_BYTES).toString("base64url");
    await this.db.transaction(async (tx) => {
      const row = await this.repo.upsertPending({ email, language: context.language, tokenHash: sha256Hex(token) }, tx);
      // Confirmed in the meantime: nothing to confirm, nothing to send.
      if (!row) return;
      await this.mail.enqueue(
        { to: email, kind: CONFIRMATION_MAIL_KIND, ...this.confirmationMail(context.language, token) },
        tx,
      );
    });
  }

  /**
   * Confirms the subscription of an e-mailed token: "confirmed" the first time, "already_confirmed"
   * afterwards; an unknown or garbled token is a validation error ('newsletter:errors.invalidToken').
   * Page loaders call it with the token of the address; the API with the posted one.
   */
  async confirm(token: unknown, now: Date = new Date()): Promise<{ status: ConfirmationStatus }> {
    if (typeof token !== "string" || !isTokenShaped(token.trim())) throw invalidToken();
    const tokenHash = sha256Hex(token.trim());
    if (await this.repo.confirm(tokenHash, now)) return { status: "confirmed" };
    if ((await this.repo.findByTokenHash(tokenHash))?.confirmedAt) return { status: "already_confirmed" };
    throw invalidToken();
  }

  /** Whether an address has a confirmed subscription (for staff tools and tests). */
  async isConfirmed(email: string): Promise<boolean> {
    return Boolean((await this.repo.findByEmail(email.trim().toLowerCase()))?.confirmedAt);
  }

  private confirmationMail(language: Language, token: string): { subject: string; text: string; html: string } {
    const t = (key: string) =>
      this.deps.translate(language, `newsletter:email.${key}`, { company: this.deps.companyName });
    const link = confirmationUrl(this.deps.publicUrl, language, token);
    const text = [t("greeting"), "", t("intro"), "", link, "", t("ignore"), "", t("signature")].join("\n");
    const html = [
      `<!doctype html><html lang="${language}"><body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#1f2937">`,
      `<p>${escapeHtml(t("greeting"))}</p>`,
      `<p>${escapeHtml(t("intro"))}</p>`,
      `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#4338ca;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(t("button"))}</a></p>`,
      `<p style="font-size:13px;color:#4b5563">${escapeHtml(t("linkHelp"))}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      `<p>${escapeHtml(t("ignore"))}</p>`,
      `<p>${escapeHtml(t("signature"))}</p>`,
      "</body></html>",
    ].join("\n");
    return { subject: t("subject"), text, html };
  }
}
