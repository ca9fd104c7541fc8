import type { TutorialInput } from "../core/tutorials/schema.ts";
import type { Logger } from "../server/logger.server.ts";
import type { Services } from "../server/services.server.ts";

const DAY = 24 * 3600_000;

interface DemoTutorial {
  tutorial: TutorialInput;
  /** Days before the first start that it was published. */
  ageDays: number;
  viewCount: number;
}

/**
 * Demo tutorials, each written in English and French, showing every state of the card and page: a
 * YouTube video with no image (the fallback picture), a Vimeo video, written guides of each difficulty,
 * a members-only one, a "Quick read" without an estimated time, and a draft that never shows.
 */
export const DEMO_TUTORIALS: DemoTutorial[] = [
  {
    ageDays: 2,
    viewCount: 184,
    tutorial: {
      titleEn: "Plan a Month of Social Media Posts in One Afternoon",
      titleFr: "Planifier un mois de publications sur les réseaux sociaux en un après-midi",
      summaryEn:
        "A simple content calendar, four weekly themes and a batching routine that keeps your feeds alive without daily stress.",
      summaryFr:
        "Un calendrier éditorial simple, quatre thèmes par semaine et une routine de production groupée pour animer vos comptes sans stress quotidien.",
      categoryEn: "Social Media",
      categoryFr: "Réseaux sociaux",
      tagsEn: ["content calendar", "planning", "instagram"],
      tagsFr: ["calendrier éditorial", "planification", "instagram"],
      difficulty: "beginner",
      estimatedMinutes: 25,
      videoUrl: "https://www.youtube.com/watch?v=ysz5S6PUM-U",
      contentEn:
        "## Why plan a month at once\nPosting when inspiration strikes leads to silent weeks. A monthly plan turns social media into a routine.\n\n## Step 1: choose four themes\nPick one theme per week: a tip, a behind-the-scenes moment, a client story and an offer.\nWrite each theme at the top of a column.\n\n## Step 2: batch the writing\nWrite every caption in one sitting, then design the visuals in a second one.\n\n### Tip\nKeep a note of questions clients ask: each one is a post.",
      contentFr:
        "## Pourquoi planifier un mois d'un coup\nPublier au gré de l'inspiration mène à des semaines silencieuses. Un plan mensuel transforme les réseaux sociaux en routine.\n\n## Étape 1 : choisir quatre thèmes\nChoisissez un thème par semaine : un conseil, un moment en coulisses, un témoignage client et une offre.\nÉcrivez chaque thème en haut d'une colonne.\n\n## Étape 2 : rédiger en série\nRédigez toutes les légendes en une séance, puis créez les visuels dans une seconde.\n\n### Astuce\nNotez les questions que posent vos clients : chacune est une publication.",
      published: true,
    },
  },
  {
    ageDays: 6,
    viewCount: 96,
    tutorial: {
      titleEn: "Colour Grading Basics for Brand Videos",
      titleFr: "Les bases de l'étalonnage pour les vidéos de marque",
      summaryEn:
        "Correct first, then grade: a repeatable order of operations that makes every clip look like it belongs to your brand.",
      summaryFr:
        "Corriger d'abord, étalonner ensuite : un ordre d'opérations reproductible pour que chaque plan ressemble à votre marque.",
      categoryEn: "Video",
      categoryFr: "Vidéo",
      tagsEn: ["video", "colour", "editing"],
      tagsFr: ["vidéo", "couleur", "montage"],
      difficulty: "intermediate",
      estimatedMinutes: 40,
      featuredImage: "/images/tutorials/colour-grading.svg",
      videoUrl: "https://vimeo.com/76979871",
      contentEn:
        "## Correction before style\nBalance exposure and white balance on every clip before any creative look.\n\n## Build one look\nCreate the look on a neutral shot, save it, and apply it to the rest.\n\n## Check on a phone\nMost viewers watch on a phone: export a test and look at it there.",
      contentFr:
        "## La correction avant le style\nÉquilibrez l'exposition et la balance des blancs de chaque plan avant tout effet créatif.\n\n## Construire un seul rendu\nCréez le rendu sur un plan neutre, enregistrez-le et appliquez-le au reste.\n\n## Vérifier sur un téléphone\nLa plupart des spectateurs regardent sur un téléphone : exportez un essai et regardez-le là.",
      published: true,
    },
  },
  {
    ageDays: 9,
    viewCount: 57,
    tutorial: {
      titleEn: "Write a Chatbot Script That Hands Over to a Human",
      titleFr: "Écrire le script d'un chatbot qui passe la main à un humain",
      summaryEn: "Design the three exits every assistant needs, so that no visitor is left talking to a wall.",
      summaryFr:
        "Concevez les trois sorties dont tout assistant a besoin, pour qu'aucun visiteur ne parle dans le vide.",
      categoryEn: "AI Tools",
      categoryFr: "Outils d'IA",
      tagsEn: ["chatbot", "AI", "customer service"],
      tagsFr: ["chatbot", "IA", "service client"],
      difficulty: "advanced",
      estimatedMinutes: 35,
      featuredImage: "/images/tutorials/chatbot-script.svg",
      membersOnly: true,
      contentEn:
        "## The three exits\n1. The visitor asks for a person.\n2. The assistant is unsure twice in a row.\n3. The request involves money or a complaint.\n\n## Write the hand-over message\nSay who will answer, when, and how the visitor will be contacted.",
      contentFr:
        "## Les trois sorties\n1. Le visiteur demande une personne.\n2. L'assistant hésite deux fois de suite.\n3. La demande concerne de l'argent ou une réclamation.\n\n## Rédiger le message de passage de relais\nDites qui répondra, quand, et comment le visiteur sera contacté.",
      published: true,
    },
  },
  {
    ageDays: 12,
    viewCount: 31,
    tutorial: {
      titleEn: "Five Checks Before You Send a Logo to Print",
      titleFr: "Cinq vérifications avant d'envoyer un logo à l'impression",
      summaryEn:
        "Vector format, colour mode, minimum size, clear space and a one-colour version: the checklist that saves a reprint.",
      summaryFr:
        "Format vectoriel, mode colorimétrique, taille minimale, zone de protection et version monochrome : la liste qui évite une réimpression.",
      categoryEn: "Design",
      categoryFr: "Design",
      tagsEn: ["logo", "print", "checklist"],
      tagsFr: ["logo", "impression", "liste de contrôle"],
      difficulty: "beginner",
      estimatedMinutes: null,
      featuredImage: "/images/tutorials/logo-print.svg",
      contentEn:
        "## The checklist\nVector file (SVG, PDF or EPS).\nCMYK or Pantone colours for print.\nLegible at 15 mm wide.\nClear space around the mark.\nA one-colour version that still works.",
      contentFr:
        "## La liste\nFichier vectoriel (SVG, PDF ou EPS).\nCouleurs CMJN ou Pantone pour l'impression.\nLisible à 15 mm de large.\nUne zone de protection autour du logo.\nUne version monochrome qui fonctionne toujours.",
      published: true,
    },
  },
  {
    ageDays: 1,
    viewCount: 0,
    tutorial: {
      titleEn: "Draft: Measuring a Campaign With UTM Links",
      titleFr: "Brouillon : mesurer une campagne avec des liens UTM",
      categoryEn: "Marketing",
      categoryFr: "Marketing",
      difficulty: "intermediate",
      contentEn: "## Coming soon",
      contentFr: "## Bientôt",
      published: false,
    },
  },
];

/** Demo tutorials, seeded only into an empty table. */
export async function seedDemoTutorials(
  services: Pick<Services, "tutorials">,
  logger: Logger,
  now: Date = new Date(),
): Promise<void> {
  if ((await services.tutorials.count()) > 0) return;
  for (const demo of DEMO_TUTORIALS) {
    await services.tutorials.create(demo.tutorial, {
      viewCount: demo.viewCount,
      createdAt: new Date(now.getTime() - demo.ageDays * DAY),
    });
  }
  logger.info({ tutorials: DEMO_TUTORIALS.length }, "demo tutorials seeded");
}
