import type { DealInput } from "../core/deals/schema.ts";
import type { Logger } from "../server/logger.server.ts";
import type { Services } from "../server/services.server.ts";

const HOUR = 3600_000;
const DAY = 24 * HOUR;

interface DemoDeal {
  deal: Omit<DealInput, "validFrom" | "validUntil">;
  /** Window relative to the first start, in days (negative: in the past). */
  fromDays: number;
  untilDays: number;
  claimCount: number;
}

/**
 * Three deals, each written in English and French and each showing one state of the card: ending in
 * 2 days (HURRY!), sold out, and a normal one with claims under way. Claims count once, whatever the
 * language the deal is read in.
 */
const DEMO_DEALS: DemoDeal[] = [
  {
    fromDays: -5,
    untilDays: 2,
    claimCount: 14,
    deal: {
      titleEn: "Launch-Ready Website",
      titleFr: "Site web prêt à lancer",
      descriptionEn:
        "A responsive five-page website with copywriting, search basics and a contact form, delivered in three weeks.",
      descriptionFr:
        "Un site adaptatif de cinq pages avec rédaction, bases du référencement et formulaire de contact, livré en trois semaines.",
      serviceNameEn: "Website",
      serviceNameFr: "Site web",
      originalPrice: 250_000,
      discountedPrice: 175_000,
      discountPercentage: 30,
      claimLimit: 20,
    },
  },
  {
    fromDays: -10,
    untilDays: 9,
    claimCount: 15,
    deal: {
      titleEn: "Logo and Brand Starter Kit",
      titleFr: "Kit de démarrage logo et identité",
      descriptionEn:
        "A logo in colour and monochrome, a palette, two typefaces and social media profile images, ready to use.",
      descriptionFr:
        "Un logo en couleur et en monochrome, une palette, deux polices et des images de profil pour les réseaux sociaux, prêts à l'emploi.",
      serviceNameEn: "Logo Design",
      serviceNameFr: "Création de logo",
      originalPrice: 60_000,
      discountedPrice: 39_000,
      discountPercentage: 35,
      claimLimit: 15,
    },
  },
  {
    fromDays: -3,
    untilDays: 21,
    claimCount: 9,
    deal: {
      titleEn: "AI Chat Bot for Your Website",
      titleFr: "Chatbot IA pour votre site",
      descriptionEn:
        "A bilingual chat assistant trained on your services and FAQs, answering visitors around the clock and passing leads to your team.",
      descriptionFr:
        "Un assistant conversationnel bilingue formé sur vos services et votre FAQ, qui répond aux visiteurs jour et nuit et transmet les prospects à votre équipe.",
      serviceNameEn: "Chat Bot",
      serviceNameFr: "Chatbot",
      originalPrice: 150_000,
      discountedPrice: 120_000,
      discountPercentage: 20,
      claimLimit: 40,
    },
  },
];

/** Demo hot deals, seeded only into an empty table, with windows relative to the first start. */
export async function seedDemoDeals(
  services: Pick<Services, "deals">,
  logger: Logger,
  now: Date = new Date(),
): Promise<void> {
  if ((await services.deals.count()) > 0) return;
  for (const demo of DEMO_DEALS) {
    await services.deals.create(
      {
        ...demo.deal,
        validFrom: new Date(now.getTime() + demo.fromDays * DAY).toISOString(),
        validUntil: new Date(now.getTime() + demo.untilDays * DAY).toISOString(),
      },
      { claimCount: demo.claimCount },
    );
  }
  logger.info({ deals: DEMO_DEALS.length }, "demo hot deals seeded");
}
