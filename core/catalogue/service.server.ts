import type { Database } from "../../db/client.server.ts";
import { ContentEvents, SnapshotCache, toJsonText, type JsonText } from "../cache/content-cache.ts";
import { DomainError, parseOrThrow } from "../errors.ts";
import type { Language } from "../i18n/language.ts";
import { CatalogueRepo, type ServiceRow } from "./repo.server.ts";
import { checkServiceEntry } from "./rules.ts";
import {
  UNLISTED_SERVICE_IDS,
  serviceIdSchema,
  serviceUpdateSchema,
  type LocalizedService,
  type ServiceKind,
  type StoredService,
} from "./schema.ts";

const serviceNotFound = () => new DomainError("not_found", "catalogue:errors.serviceNotFound");

type ServiceTexts = Pick<StoredService, "nameEn" | "nameFr" | "descriptionEn" | "descriptionFr">;

function toStored(row: ServiceRow): StoredService {
  return {
    id: row.id,
    kind: row.kind,
    pricingType: row.pricingType,
    fixedPriceCents: row.fixedPriceCents,
    minPriceCents: row.minPriceCents,
    maxPriceCents: row.maxPriceCents,
    active: row.active,
    nameEn: row.nameEn,
    nameFr: row.nameFr,
    descriptionEn: row.descriptionEn,
    descriptionFr: row.descriptionFr,
    sortOrder: row.sortOrder,
  };
}

/** The services of one kind, in the order given; all of them without a kind. */
function ofKind(services: StoredService[], kind: ServiceKind | undefined): StoredService[] {
  return kind ? services.filter((service) => service.kind === kind) : services;
}

/** A stored service with its name and description in one language. */
export function localizeService(service: StoredService, language: Language): LocalizedService {
  return {
    id: service.id,
    kind: service.kind,
    pricingType: service.pricingType,
    fixedPriceCents: service.fixedPriceCents,
    minPriceCents: service.minPriceCents,
    maxPriceCents: service.maxPriceCents,
    active: service.active,
    name: language === "fr" ? service.nameFr : service.nameEn,
    description: language === "fr" ? service.descriptionFr : service.descriptionEn,
  };
}

/** The service catalogue: what the services section lists, what orders are priced from, and staff edits. */
export class CatalogueService {
  private readonly repo: CatalogueRepo;
  private readonly content: ContentEvents;
  /** The listed services (active, without checkout-only entries): every public list is derived from it. */
  private readonly listed: SnapshotCache<"listed", StoredService[]>;

  constructor(db: Database, content: ContentEvents = new ContentEvents()) {
    this.repo = new CatalogueRepo(db);
    this.content = content;
    this.listed = new SnapshotCache(content, "catalogue");
  }

  /**
   * The services a visitor can pick in the services section, in display order, in one language: active
   * ones only, without the checkout-only entries (the consultation is sold by its pricing card).
   */
  async list(language: Language, filter: { kind?: ServiceKind } = {}): Promise<LocalizedService[]> {
    const snapshot = await this.listedSnapshot();
    return snapshot.memo(`list ${language} ${filter.kind ?? ""}`, (all) =>
      ofKind(all, filter.kind).map((service) => localizeService(service, language)),
    );
  }

  /** `list` serialized as JSON, computed once per language, kind and catalogue version: what /api/services sends. */
  async listJson(language: Language, filter: { kind?: ServiceKind } = {}): Promise<JsonText<LocalizedService[]>> {
    const snapshot = await this.listedSnapshot();
    const list = await this.list(language, filter);
    return snapshot.memo(`json ${language} ${filter.kind ?? ""}`, () => toJsonText(list));
  }

  private listedSnapshot() {
    return this.listed.get("listed", async () => {
      const rows = await this.repo.list({ activeOnly: true });
      return rows.filter((row) => !UNLISTED_SERVICE_IDS.includes(row.id)).map(toStored);
    });
  }

  /** Like `list`; with `bilingual` (staff readers), each service also carries its texts in both languages. */
  async listForReader(
    language: Language,
    options: { kind?: ServiceKind; bilingual: boolean },
  ): Promise<Array<LocalizedService & Partial<ServiceTexts>>> {
    const stored = await this.listStored({ kind: options.kind });
    return stored.map((service) => {
      const localized = localizeService(service, language);
      if (!options.bilingual) return localized;
      const { nameEn, nameFr, descriptionEn, descriptionFr } = service;
      return { ...localized, nameEn, nameFr, descriptionEn, descriptionFr };
    });
  }

  /** Like `list`, with each service's texts in both languages too (for staff screens). */
  async listStored(filter: { kind?: ServiceKind } = {}): Promise<StoredService[]> {
    // A copy: the snapshot is shared, and staff screens and checkout may sort or change what they get.
    return ofKind((await this.listedSnapshot()).value, filter.kind).map((service) => ({ ...service }));
  }

  /** Every service, inactive and checkout-only ones included, in display order (staff). */
  async listAll(): Promise<StoredService[]> {
    return (await this.repo.list()).map(toStored);
  }

  /** A service by id, active or not, or null. */
  async find(id: string): Promise<StoredService | null> {
    if (!serviceIdSchema.safeParse(id).success) return null;
    const row = await this.repo.find(id);
    return row ? toStored(row) : null;
  }

  /** A service that can be ordered now (active; listed or checkout-only), or null: what orders are priced from. */
  async findOrderable(id: string): Promise<StoredService | null> {
    const service = await this.find(id);
    return service?.active ? service : null;
  }

  /**
   * Staff edit of a service: any subset of prices, pricing type, texts and availability. The merged
   * entry must keep min ≤ max and, for fixed pricing, a fixed price within the range; switching to
   * custom pricing drops the fixed price unless one is sent (which is then refused).
   */
  async update(id: string, input: unknown): Promise<StoredService> {
    const current = await this.find(id);
    if (!current) throw serviceNotFound();
    const changes = parseOrThrow(serviceUpdateSchema, input);
    const pricingType = changes.pricingType ?? current.pricingType;
    const fixedPriceCents =
      changes.fixedPriceCents !== undefined
        ? changes.fixedPriceCents
        : pricingType === "custom"
          ? null
          : current.fixedPriceCents;
    const merged = {
      pricingType,
      fixedPriceCents,
      minPriceCents: changes.minPriceCents ?? current.minPriceCents,
      maxPriceCents: changes.maxPriceCents ?? current.maxPriceCents,
    };
    const broken = checkServiceEntry(merged);
    if (broken)
      throw new DomainError("validation", broken.messageKey, { fields: { [broken.field]: broken.messageKey } });
    const row = await this.repo.update(id, { ...changes, ...merged });
    if (!row) throw serviceNotFound();
    this.content.changed("catalogue");
    return toStored(row);
  }

  async count(): Promise<number> {
    return this.repo.count();
  }

  /**
   * Stores the reference entries that are missing; entries already stored keep their staff edits.
   * Each entry is checked against the catalogue's rules first. Answers how many were inserted.
   */
  async seed(entries: readonly StoredService[]): Promise<number> {
    for (const entry of entries) {
      const broken = checkServiceEntry(entry);
      if (broken) throw new Error(`catalogue seed ${entry.id}: ${broken.messageKey}`);
    }
    const inserted = await this.repo.insertMissing(entries.map((entry) => ({ ...entry })));
    if (inserted > 0) this.content.changed("catalogue");
    return inserted;
  }
}
