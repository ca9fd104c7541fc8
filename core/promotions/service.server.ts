import type { Database, Transaction } from "../../db/client.server.ts";
import { DomainError, parseOrThrow } from "../errors.ts";
import type { Cents } from "../money/money.ts";
import { spentBudget, type RateLimitRule } from "../rate-limit/rules.ts";
import { RateLimitService } from "../rate-limit/service.server.ts";
import { PromoRepo, type PromoRow } from "./repo.server.ts";
import { PROMO_MESSAGES, evaluatePromo, normalizePromoCode } from "./rules.ts";
import {
  promoAdminCodeSchema,
  promoCreateSchema,
  promoUpdateSchema,
  promoValidateRequestSchema,
  promoValueProblem,
  type PromoDefinition,
  type PromoKind,
  type StoredPromo,
} from "./schema.ts";

/**
 * Promo code checks per client address: 20 per 15 minutes. Only refusals count (a code that applies
 * gives its attempt back), so a visitor who tries a few codes is never stopped while guessing codes is
 * held to a handful of tries per quarter of an hour.
 */
export const PROMO_CHECKS_PER_ADDRESS: RateLimitRule = { name: "promo:address", limit: 20, windowMs: 15 * 60_000 };

const promoNotFound = () => new DomainError("not_found", "cart:promoAdmin.notFound");

function toDefinition(row: PromoRow): PromoDefinition {
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    minimumSubtotalCents: row.minimumSubtotalCents,
    active: row.active,
    description: row.description,
    firstOrderOnly: row.firstOrderOnly,
  };
}

function toStored(row: PromoRow): StoredPromo {
  return {
    ...toDefinition(row),
    minimumSubtotalCents: row.minimumSubtotalCents,
    firstOrderOnly: row.firstOrderOnly,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What a code gives on a subtotal when it applies. */
export interface PromoValidation {
  code: string;
  discountCents: Cents;
  description: string;
  kind: PromoKind;
  value: number;
  minimumSubtotalCents: Cents | null;
}

/** Promo codes: checking a code for the cart, the definition an order is priced with, and staff management. */
export class PromoService {
  private readonly repo: PromoRepo;
  private readonly rateLimits: RateLimitService;

  constructor(db: Database, rateLimits?: RateLimitService) {
    this.repo = new PromoRepo(db);
    this.rateLimits = rateLimits ?? new RateLimitService(db);
  }

  /**
   * Whether a code applies to a subtotal, with the same rules as the browser cart (specification 000,
   * sections 5 and 8): 'Please enter a promo code', 'Invalid promo code' (unknown or inactive), 'This
   * promo code requires a minimum order of $500'. Refusals are validation errors carrying those keys.
   * With the client's `address`, refusals are limited per address (PROMO_CHECKS_PER_ADDRESS).
   */
  async validate(input: unknown, from: { address?: string } = {}): Promise<PromoValidation> {
    const request = parseOrThrow(promoValidateRequestSchema, input);
    const code = normalizePromoCode(request.code);
    if (!code)
      throw new DomainError("validation", PROMO_MESSAGES.required, { fields: { code: PROMO_MESSAGES.required } });
    if (from.address !== undefined) {
      const decision = await this.rateLimits.hit(PROMO_CHECKS_PER_ADDRESS, from.address);
      if (!decision.allowed) throw spentBudget("cart:promoLimit.tooManyAttempts", decision);
    }
    const definition = await this.findActive(code);
    const result = evaluatePromo(definition, code, request.subtotalCents);
    if (!result.ok || !definition) {
      throw new DomainError("validation", result.messageKey, {
        fields: { code: result.messageKey },
        params: result.params,
      });
    }
    if (from.address !== undefined) await this.rateLimits.refund(PROMO_CHECKS_PER_ADDRESS, from.address);
    return {
      code: result.code,
      discountCents: result.discountCents,
      description: definition.description,
      kind: definition.kind,
      value: definition.value,
      minimumSubtotalCents: definition.minimumSubtotalCents ?? null,
    };
  }

  /** The active definition of a code (matched case-insensitively), or null: what an order is priced with. */
  async findActive(code: string, tx?: Transaction): Promise<PromoDefinition | null> {
    const wanted = normalizePromoCode(code);
    if (!wanted || wanted.length > 64) return null;
    const row = await this.repo.find(wanted, tx);
    return row?.active ? toDefinition(row) : null;
  }

  // --- staff -----------------------------------------------------------------------------------

  /** Every code, active or not, in alphabetical order. */
  async list(): Promise<StoredPromo[]> {
    return (await this.repo.list()).map(toStored);
  }

  /** Creates a code (stored upper-case); 409 when the code exists already. */
  async create(input: unknown): Promise<StoredPromo> {
    const valid = parseOrThrow(promoCreateSchema, input);
    const row = await this.repo.insert(valid);
    if (!row)
      throw new DomainError("conflict", "cart:promoAdmin.duplicate", { fields: { code: "cart:promoAdmin.duplicate" } });
    return toStored(row);
  }

  /** Changes any subset of a code's kind, value, minimum order, description and availability. */
  async update(rawCode: string, input: unknown): Promise<StoredPromo> {
    const code = this.codeOrNull(rawCode);
    const current = code === null ? null : await this.repo.find(code);
    if (!current) throw promoNotFound();
    const changes = parseOrThrow(promoUpdateSchema, input);
    const problem = promoValueProblem(changes.kind ?? current.kind, changes.value ?? current.value);
    if (problem) throw new DomainError("validation", problem, { fields: { value: problem } });
    const row = await this.repo.update(current.code, changes);
    if (!row) throw promoNotFound();
    return toStored(row);
  }

  async delete(rawCode: string): Promise<void> {
    const code = this.codeOrNull(rawCode);
    if (code === null || !(await this.repo.delete(code))) throw promoNotFound();
  }

  async count(): Promise<number> {
    return this.repo.count();
  }

  /**
   * Stores the reference codes when there are no codes at all. Once staff manage codes (a seeded code
   * deleted on purpose included), their list is left alone. Answers how many were inserted.
   */
  async seedIfEmpty(definitions: readonly PromoDefinition[]): Promise<number> {
    if ((await this.repo.count()) > 0) return 0;
    const rows = definitions.map((definition) => {
      const valid = promoCreateSchema.parse({
        ...definition,
        minimumSubtotalCents: definition.minimumSubtotalCents ?? null,
      });
      return valid;
    });
    return this.repo.insertMany(rows);
  }

  private codeOrNull(rawCode: string): string | null {
    const parsed = promoAdminCodeSchema.safeParse(rawCode);
    return parsed.success ? parsed.data : null;
  }
}
