import type { Database } from "../../db/client.server.ts";
import { parseOrThrow } from "../errors.ts";
import type { Language } from "../i18n/language.ts";
import type { CompanyDetails, Translate } from "../mail/rules.ts";
import type { AssistantChannel } from "../appointments/service.server.ts";
import type { LeadService } from "../leads/service.server.ts";
import type { MailService } from "../mail/service.server.ts";
import { FORM_BUDGETS } from "../rate-limit/rules.ts";
import type { RateLimitService } from "../rate-limit/service.server.ts";
import { contactConfirmationEmail, contactStaffEmail, type ContactEmailFacts } from "./emails.ts";
import { ContactRepo, type ContactRow } from "./repo.server.ts";
import { assistantMessage } from "./rules.ts";
import { assistantContactSchema, contactInputSchema, type ContactSubmission, type InquiryType } from "./schema.ts";

function toSubmission(row: ContactRow): ContactSubmission {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    inquiryType: row.inquiryType,
    message: row.message,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface ContactServiceDeps {
  mail: MailService;
  rateLimits: RateLimitService;
  translate: Translate;
  company: CompanyDetails;
  /** Every message makes or extends its sender's lead, in the message's transaction. */
  leads: Pick<LeadService, "record">;
}

/** Where the request came from: the client's address (for the rate limit) and the language it was made in. */
export interface RequestOrigin {
  address?: string;
  language: Language;
  /** Set when the assistant took the message: the lead's source and the conversation (and call) it came from. */
  via?: AssistantChannel;
}

/** Contact inquiries from the site's form and from the assistants: stored, confirmed to the visitor, announced to staff. */
export class ContactService {
  private readonly repo = new ContactRepo();

  private readonly db: Database;
  private readonly deps: ContactServiceDeps;

  constructor(db: Database, deps: ContactServiceDeps) {
    this.db = db;
    this.deps = deps;
  }

  /** POST /api/contact: the contact form. */
  async submit(input: unknown, origin: RequestOrigin): Promise<ContactSubmission> {
    const valid = parseOrThrow(contactInputSchema, input);
    return this.store(
      {
        name: valid.name,
        email: valid.email.toLowerCase(),
        phone: valid.phone ?? null,
        company: valid.company ?? null,
        inquiryType: valid.inquiryType,
        message: valid.message,
        language: valid.language ?? origin.language,
        channel: "form",
      },
      origin,
    );
  }

  /** POST /api/contact/send-email: contact details captured by the chatbot or the voice assistant, a quote request. */
  async submitFromAssistant(input: unknown, origin: RequestOrigin): Promise<ContactSubmission> {
    const valid = parseOrThrow(assistantContactSchema, input);
    const inquiryType: InquiryType = "quote";
    return this.store(
      {
        name: valid.name,
        email: valid.email.toLowerCase(),
        phone: valid.phone ?? null,
        company: null,
        inquiryType,
        message: assistantMessage(valid.service, valid.message),
        language: valid.language ?? origin.language,
        channel: "assistant",
      },
      origin,
    );
  }

  private async store(facts: ContactEmailFacts, origin: RequestOrigin): Promise<ContactSubmission> {
    await this.deps.rateLimits.enforce(FORM_BUDGETS.contact, { address: origin.address, email: facts.email });
    const { translate, company, mail } = this.deps;
    const row = await this.db.transaction(async (tx) => {
      const stored = await this.repo.insert(tx, {
        name: facts.name,
        email: facts.email,
        phone: facts.phone,
        company: facts.company,
        inquiryType: facts.inquiryType,
        message: facts.message,
        language: facts.language,
      });
      await this.deps.leads.record(tx, {
        source: facts.channel === "assistant" ? (origin.via?.source ?? "chatbot") : "contact_form",
        name: facts.name,
        email: facts.email,
        phone: facts.phone ?? undefined,
        company: facts.company ?? undefined,
        message: facts.message,
        summary: `${facts.inquiryType}: ${facts.message.slice(0, 200)}`,
        contactSubmissionId: stored.id,
        conversationId: origin.via?.conversationId,
        callId: origin.via?.callId,
      });
      await mail.enqueue(contactConfirmationEmail(facts, translate, company), tx);
      await mail.enqueue(contactStaffEmail(facts, translate, company), tx);
      return stored;
    });
    return toSubmission(row);
  }
}
