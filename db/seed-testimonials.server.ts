import type { Language } from "../core/i18n/language.ts";
import type { TestimonialSubmission } from "../core/testimonials/schema.ts";
import type { Logger } from "../server/logger.server.ts";
import type { Services } from "../server/services.server.ts";

const DAY = 24 * 3600_000;

interface DemoTestimonial {
  input: TestimonialSubmission;
  /** The language the review is written in. */
  language: Language;
  approved: boolean;
  featured?: boolean;
  daysAgo: number;
}

/** Four approved client reviews (in English and French) and one public submission awaiting moderation. */
const DEMO_TESTIMONIALS: DemoTestimonial[] = [
  {
    daysAgo: 40,
    approved: true,
    featured: true,
    language: "en",
    input: {
      name: "Sarah Mitchell",
      email: "sarah.mitchell@example.com",
      company: "Northwind Coffee Roasters",
      title: "Marketing Director",
      projectType: "Brand identity",
      rating: 5,
      content:
        "Atelier rebuilt our brand from the logo to the packaging in six weeks. Their AI-assisted research surfaced ideas we had never considered, and the designers turned them into something that feels completely like us. Wholesale enquiries doubled in the first quarter.",
    },
  },
  {
    daysAgo: 27,
    approved: true,
    language: "fr",
    input: {
      name: "Julien Moreau",
      email: "julien.moreau@example.com",
      company: "Maison Lumière",
      title: "Fondateur",
      projectType: "Site web e-commerce",
      rating: 5,
      content:
        "Une équipe à l'écoute et d'une grande rigueur. Notre nouvelle boutique en ligne est rapide, élégante et bilingue, et le chatbot répond à nos clients jour et nuit. Nos ventes en ligne ont progressé de 40 % en trois mois.",
    },
  },
  {
    daysAgo: 15,
    approved: true,
    language: "en",
    input: {
      name: "David Okafor",
      email: "david.okafor@example.com",
      company: "Brightpath Logistics",
      title: "Chief Operating Officer",
      projectType: "AI agent",
      rating: 4,
      content:
        "The AI phone agent Atelier built for us now handles most of our routine delivery questions, and hands the tricky ones to a person with a clear summary. Setup took longer than planned, but the team kept us informed at every step.",
    },
  },
  {
    daysAgo: 6,
    approved: true,
    language: "fr",
    input: {
      name: "Camille Bernard",
      email: "camille.bernard@example.com",
      company: "Atelier Floral Bernard",
      title: "Gérante",
      projectType: "Réseaux sociaux",
      rating: 5,
      content:
        "Grâce à leur accompagnement sur Instagram et TikTok, notre petite boutique de fleurs a trouvé une vraie communauté. Les visuels sont superbes et le calendrier de publication nous fait gagner des heures chaque semaine.",
    },
  },
  {
    daysAgo: 0,
    approved: false,
    language: "en",
    input: {
      name: "Emily Tran",
      email: "emily.tran@example.com",
      company: "Tran & Co. Accounting",
      projectType: "Logo design",
      rating: 5,
      content:
        "Quick turnaround on our new logo and the three concepts were all strong. We went with the second one and our clients love it.",
    },
  },
];

/** Seeds the demo testimonials into an empty table; the pending one stands for a public submission. */
export async function seedDemoTestimonials(services: Services, logger: Logger): Promise<void> {
  if ((await services.testimonials.count()) > 0) return;
  const now = Date.now();
  for (const demo of DEMO_TESTIMONIALS) {
    const createdAt = new Date(now - demo.daysAgo * DAY);
    if (demo.approved) {
      await services.testimonials.create(demo.input, {
        approved: true,
        featured: demo.featured ?? false,
        createdAt,
        language: demo.language,
      });
    } else {
      // Like a visitor's submission (unapproved, public), just now.
      await services.testimonials.submit(demo.input, { language: demo.language });
    }
  }
  logger.info({ testimonials: DEMO_TESTIMONIALS.length }, "demo testimonials seeded");
}
