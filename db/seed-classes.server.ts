import type { ClassInput } from "../core/classes/schema.ts";
import type { Logger } from "../server/logger.server.ts";
import type { Services } from "../server/services.server.ts";

const DAY = 24 * 3600_000;

interface DemoClass {
  class: Omit<ClassInput, "startDate" | "endDate">;
  /** Start and end, in days after the first start. */
  startDays: number;
  endDays: number;
  enrolled: number;
}

/**
 * Demo classes, each written in English and French, one per state of the card: featured with seats
 * left, full ("Class is Full" and the waiting list), and without a seat limit (infinity).
 */
export const DEMO_CLASSES: DemoClass[] = [
  {
    startDays: 14,
    endDays: 56,
    enrolled: 9,
    class: {
      titleEn: "Social Media Marketing Bootcamp",
      titleFr: "Bootcamp marketing sur les réseaux sociaux",
      descriptionEn:
        "Six weeks to build a content strategy, a posting routine and simple reports for your brand, with live feedback on your own accounts.",
      descriptionFr:
        "Six semaines pour bâtir une stratégie de contenu, une routine de publication et des rapports simples pour votre marque, avec des retours en direct sur vos propres comptes.",
      instructorName: "Camille Laurent",
      instructorBioEn:
        "Camille has run social media for agencies and start-ups for ten years and now leads our content team.",
      instructorBioFr:
        "Camille gère les réseaux sociaux d'agences et de jeunes entreprises depuis dix ans et dirige aujourd'hui notre équipe contenu.",
      categoryEn: "Marketing",
      categoryFr: "Marketing",
      level: "beginner",
      durationEn: "6 weeks",
      durationFr: "6 semaines",
      format: "online",
      language: "en",
      price: 49_900,
      maxStudents: 20,
      syllabusEn:
        "Define your audience and voice\nPlan a monthly content calendar\nWrite captions that get replies\nRead your analytics and adjust",
      syllabusFr:
        "Définir votre public et votre ton\nPlanifier un calendrier éditorial mensuel\nRédiger des légendes qui suscitent des réponses\nLire vos statistiques et ajuster",
      prerequisitesEn: "None.",
      prerequisitesFr: "Aucun.",
      requirementsEn: "A laptop and access to your brand's social media accounts.",
      requirementsFr: "Un ordinateur portable et l'accès aux comptes de votre marque.",
      scheduleDays: ["tuesday", "thursday"],
      scheduleTime: "18:00",
      locationEn: "Online (video call)",
      locationFr: "En ligne (visioconférence)",
      featured: true,
    },
  },
  {
    startDays: 21,
    endDays: 22,
    enrolled: 8,
    class: {
      titleEn: "Brand Identity Workshop",
      titleFr: "Atelier identité de marque",
      descriptionEn:
        "Two intensive days in the studio to shape a logo direction, a palette and a type system you can use at once.",
      descriptionFr:
        "Deux jours intensifs au studio pour définir une piste de logo, une palette et un système typographique utilisables tout de suite.",
      instructorName: "Hugo Martin",
      instructorBioEn:
        "Hugo is our design director; he has built identities for restaurants, festivals and software companies.",
      instructorBioFr:
        "Hugo est notre directeur artistique\u202f; il a créé des identités pour des restaurants, des festivals et des éditeurs de logiciels.",
      categoryEn: "Design",
      categoryFr: "Design",
      level: "intermediate",
      durationEn: "2 days",
      durationFr: "2 jours",
      format: "in-person",
      language: "fr",
      price: 89_000,
      maxStudents: 8,
      syllabusEn:
        "Read a brief and find the brand's story\nSketch and choose a logo direction\nBuild a palette and pair typefaces\nPresent a one-page identity guide",
      syllabusFr:
        "Lire un brief et trouver l'histoire de la marque\nEsquisser et choisir une piste de logo\nConstruire une palette et associer des polices\nPrésenter une charte d'une page",
      prerequisitesEn: "Some experience with a design tool.",
      prerequisitesFr: "Une première pratique d'un outil de design.",
      requirementsEn: "Bring a laptop with a vector drawing application.",
      requirementsFr: "Apportez un ordinateur avec un logiciel de dessin vectoriel.",
      scheduleDays: ["saturday", "sunday"],
      scheduleTime: "09:30",
      locationEn: "Atelier studio, Montreal",
      locationFr: "Studio Atelier, Montréal",
      featured: false,
    },
  },
  {
    startDays: 7,
    endDays: 35,
    enrolled: 42,
    class: {
      titleEn: "AI Tools for Small Business Owners",
      titleFr: "Les outils d'IA pour les dirigeants de petites entreprises",
      descriptionEn:
        "A self-paced course with weekly live questions: chat assistants, phone agents and automations that save hours every week.",
      descriptionFr:
        "Un cours à votre rythme avec une séance de questions en direct chaque semaine\u202f: assistants conversationnels, agents téléphoniques et automatisations qui font gagner des heures.",
      instructorName: "Nadia Benali",
      instructorBioEn: "Nadia designs the AI assistants we build for clients and teaches teams to work alongside them.",
      instructorBioFr:
        "Nadia conçoit les assistants d'IA que nous créons pour nos clients et apprend aux équipes à travailler avec eux.",
      categoryEn: "Technology",
      categoryFr: "Technologie",
      level: "beginner",
      durationEn: "4 weeks",
      durationFr: "4 semaines",
      format: "hybrid",
      language: "en",
      price: 19_900,
      maxStudents: null,
      syllabusEn:
        "Choose the tasks worth automating\nSet up a website chat assistant\nWrite prompts your team can reuse\nMeasure the time saved",
      syllabusFr:
        "Choisir les tâches qui valent la peine d'être automatisées\nInstaller un assistant conversationnel sur votre site\nRédiger des consignes réutilisables par votre équipe\nMesurer le temps gagné",
      requirementsEn: "No technical background needed.",
      requirementsFr: "Aucune connaissance technique nécessaire.",
      scheduleDays: ["wednesday"],
      scheduleTime: "12:00",
      locationEn: "Online, with an optional studio session",
      locationFr: "En ligne, avec une séance facultative au studio",
      featured: true,
    },
  },
];

/** Demo classes, seeded only into an empty table, with dates relative to the first start. */
export async function seedDemoClasses(
  services: Pick<Services, "classes">,
  logger: Logger,
  now: Date = new Date(),
): Promise<void> {
  if ((await services.classes.count()) > 0) return;
  for (const demo of DEMO_CLASSES) {
    await services.classes.create(
      {
        ...demo.class,
        startDate: new Date(now.getTime() + demo.startDays * DAY).toISOString(),
        endDate: new Date(now.getTime() + demo.endDays * DAY).toISOString(),
      },
      { currentEnrollment: demo.enrolled },
    );
  }
  logger.info({ classes: DEMO_CLASSES.length }, "demo classes seeded");
}
