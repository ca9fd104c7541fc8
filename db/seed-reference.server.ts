import { CATALOGUE_SEED } from "../core/catalogue/rules.ts";
import { CHECKOUT_SERVICE_ID, type StoredService } from "../core/catalogue/schema.ts";
import { PROMO_SEEDS } from "../core/promotions/rules.ts";
import type { Logger } from "../server/logger.server.ts";
import type { Services } from "../server/services.server.ts";

interface ServiceTexts {
  nameEn: string;
  nameFr: string;
  descriptionEn: string;
  descriptionFr: string;
}

/** Names and descriptions of the catalogue, in both languages. */
const SERVICE_TEXTS: Record<string, ServiceTexts> = {
  // The five core offers
  conception: {
    nameEn: "Conception",
    nameFr: "Conception",
    descriptionEn:
      "Strategy and concept development: we study your market, your audience and your goals, then shape the positioning, the key messages and the creative direction your project will follow.",
    descriptionFr:
      "Stratégie et développement de concept : nous étudions votre marché, votre public et vos objectifs, puis définissons le positionnement, les messages clés et la direction créative que suivra votre projet.",
  },
  creation: {
    nameEn: "Creation",
    nameFr: "Création",
    descriptionEn:
      "Design and production of your brand assets, from visual identity and print materials to web content, crafted by our designers with AI-assisted tools.",
    descriptionFr:
      "Conception et production de vos supports de marque, de l'identité visuelle aux imprimés et aux contenus web, réalisés par nos designers avec l'appui d'outils d'IA.",
  },
  marketing: {
    nameEn: "Marketing",
    nameFr: "Marketing",
    descriptionEn:
      "Data-driven marketing plans across search, social media and e-mail, with clear objectives, a controlled budget and a monthly performance report.",
    descriptionFr:
      "Des plans marketing fondés sur les données, sur les moteurs de recherche, les réseaux sociaux et l'e-mail, avec des objectifs clairs, un budget maîtrisé et un bilan mensuel des performances.",
  },
  promotion: {
    nameEn: "Promotion",
    nameFr: "Promotion",
    descriptionEn:
      "Launches, events and advertising that put your offer in front of the right people at the right moment, online and offline.",
    descriptionFr:
      "Lancements, événements et publicité pour présenter votre offre aux bonnes personnes au bon moment, en ligne comme hors ligne.",
  },
  sales: {
    nameEn: "Sales",
    nameFr: "Ventes",
    descriptionEn:
      "Sales funnels, lead qualification and follow-up, supported by AI assistants so that no enquiry goes unanswered and every opportunity reaches your team.",
    descriptionFr:
      "Tunnels de vente, qualification et suivi des prospects, épaulés par des assistants IA pour qu'aucune demande ne reste sans réponse et que chaque opportunité parvienne à votre équipe.",
  },
  // The eleven specialised services
  website: {
    nameEn: "Website",
    nameFr: "Site web",
    descriptionEn:
      "A fast, accessible and search-friendly website designed around your goals, responsive on every screen and easy for your team to update.",
    descriptionFr:
      "Un site web rapide, accessible et bien référencé, conçu autour de vos objectifs, adapté à tous les écrans et facile à mettre à jour par votre équipe.",
  },
  agent_ai: {
    nameEn: "AI Agent",
    nameFr: "Agent IA",
    descriptionEn:
      "An AI agent that takes routine work off your hands: answering enquiries, qualifying leads, booking appointments and keeping your tools up to date.",
    descriptionFr:
      "Un agent IA qui vous décharge des tâches répétitives : réponses aux demandes, qualification des prospects, prise de rendez-vous et mise à jour de vos outils.",
  },
  service_ai: {
    nameEn: "AI Service",
    nameFr: "Service IA",
    descriptionEn:
      "Practical artificial intelligence built into your existing workflow: content generation, document analysis, automation and reporting.",
    descriptionFr:
      "Une intelligence artificielle concrète intégrée à vos processus existants : génération de contenus, analyse de documents, automatisation et reporting.",
  },
  chat_bot: {
    nameEn: "Chat Bot",
    nameFr: "Chatbot",
    descriptionEn:
      "A conversational assistant for your website that answers visitors day and night, in their language, and hands over to your team when a person is needed.",
    descriptionFr:
      "Un assistant conversationnel pour votre site qui répond aux visiteurs jour et nuit, dans leur langue, et passe le relais à votre équipe lorsqu'un humain est nécessaire.",
  },
  logo_design: {
    nameEn: "Logo Design",
    nameFr: "Création de logo",
    descriptionEn:
      "A distinctive logo delivered in colour and monochrome versions, with the files you need for the web, social media and print.",
    descriptionFr:
      "Un logo distinctif livré en version couleur et monochrome, avec tous les fichiers nécessaires pour le web, les réseaux sociaux et l'impression.",
  },
  graphics: {
    nameEn: "Graphics",
    nameFr: "Graphisme",
    descriptionEn:
      "Visuals for every channel, from social media posts and banners to brochures, presentations and infographics, all consistent with your brand.",
    descriptionFr:
      "Des visuels pour chaque canal, des publications et bannières aux brochures, présentations et infographies, tous fidèles à votre identité.",
  },
  campaigns: {
    nameEn: "Campaigns",
    nameFr: "Campagnes",
    descriptionEn:
      "Advertising campaigns planned, produced and optimised on the platforms where your customers spend their time, with results you can measure.",
    descriptionFr:
      "Des campagnes publicitaires planifiées, produites et optimisées sur les plateformes où se trouvent vos clients, avec des résultats mesurables.",
  },
  social_media: {
    nameEn: "Social Media",
    nameFr: "Réseaux sociaux",
    descriptionEn:
      "Social media management: editorial calendar, content creation, community engagement and performance tracking on the networks that matter to you.",
    descriptionFr:
      "Gestion de vos réseaux sociaux : calendrier éditorial, création de contenus, animation de communauté et suivi des performances sur les réseaux qui comptent pour vous.",
  },
  video_marketing: {
    nameEn: "Video Marketing",
    nameFr: "Marketing vidéo",
    descriptionEn:
      "Short videos, product films and reels that tell your story and perform on social platforms, on your website and in your campaigns.",
    descriptionFr:
      "Vidéos courtes, films produits et reels qui racontent votre histoire et performent sur les réseaux sociaux, sur votre site et dans vos campagnes.",
  },
  sport_audiovisuel: {
    nameEn: "Sport Audiovisual",
    nameFr: "Audiovisuel sportif",
    descriptionEn:
      "Filming, editing and highlight reels for clubs, athletes and sporting events, ready for broadcast and for social media.",
    descriptionFr:
      "Tournage, montage et résumés vidéo pour les clubs, les athlètes et les événements sportifs, prêts pour la diffusion et les réseaux sociaux.",
  },
  jingle: {
    nameEn: "Jingle",
    nameFr: "Jingle",
    descriptionEn:
      "An original jingle or sound logo composed for your brand, for radio, video, podcasts and your phone line's waiting music.",
    descriptionFr:
      "Un jingle ou un logo sonore original composé pour votre marque, pour la radio, la vidéo, les podcasts et l'attente téléphonique.",
  },
  // Sold by the Consultation pricing card; the default service of checkout
  [CHECKOUT_SERVICE_ID]: {
    nameEn: "Marketing Consultation",
    nameFr: "Consultation marketing",
    descriptionEn:
      "A two-hour strategy session with a senior consultant, followed by 30 days of follow-up support to put the plan into action.",
    descriptionFr:
      "Une séance de stratégie de deux heures avec un consultant expérimenté, suivie de 30 jours d'accompagnement pour mettre le plan en œuvre.",
  },
};

function texts(id: string): ServiceTexts {
  const found = SERVICE_TEXTS[id];
  if (!found) throw new Error(`no catalogue texts for ${id}`);
  return found;
}

/**
 * The whole reference catalogue: the five main offers and the eleven specialised services with the
 * ranges of specification 000 section 9, and the Marketing Consultation of checkout (specification 001,
 * section 9: custom price, $500 by default; 500-2000 is the "default" range of section 9 of 000).
 */
export const REFERENCE_SERVICES: readonly StoredService[] = [
  ...CATALOGUE_SEED.map((entry, index) => ({
    ...entry,
    ...texts(entry.id),
    sortOrder: (entry.kind === "main" ? 0 : 100) + index + 1,
  })),
  {
    id: CHECKOUT_SERVICE_ID,
    kind: "main",
    pricingType: "custom",
    fixedPriceCents: null,
    minPriceCents: 50_000,
    maxPriceCents: 200_000,
    active: true,
    sortOrder: 1000,
    ...texts(CHECKOUT_SERVICE_ID),
  },
];

/**
 * Reference data the site cannot work without, stored at every start: the service catalogue (missing
 * entries only, so staff edits stay) and the promo codes (only into an empty table, so a code staff
 * deleted stays deleted). Unlike the demo content, it is seeded whatever SEED_DEMO_CONTENT says.
 */
export async function seedReferenceData(
  services: Pick<Services, "catalogue" | "promotions">,
  logger: Logger,
): Promise<void> {
  const catalogue = await services.catalogue.seed(REFERENCE_SERVICES);
  const promos = await services.promotions.seedIfEmpty(PROMO_SEEDS);
  if (catalogue > 0 || promos > 0) logger.info({ services: catalogue, promoCodes: promos }, "reference data seeded");
}
