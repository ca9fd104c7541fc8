import sharp from "sharp";
import type { Logger } from "../server/logger.server.ts";
import type { Services } from "../server/services.server.ts";

interface DemoMedia {
  title: string;
  description: string;
  category: "portfolio" | "branding" | "web" | "photography";
  language: "en" | "fr";
  clientName: string | null;
  featured: boolean;
  /** Two colours of the generated artwork. */
  colours: [string, string];
  comments: Array<{ name: string; comment: string; language: "en" | "fr" }>;
}

/** Portfolio pieces written in English and in French, each with an approved comment in its language. */
const DEMO_MEDIA: DemoMedia[] = [
  {
    title: "Harbour Coffee identity",
    description: "Logo, palette and packaging for a roastery by the docks.",
    category: "branding",
    language: "en",
    clientName: "Harbour Coffee",
    featured: true,
    colours: ["#3730a3", "#f59e0b"],
    comments: [{ name: "Maya", comment: "The cup sleeves look great on the shelf.", language: "en" }],
  },
  {
    title: "Site vitrine de l’Atelier Lumière",
    description: "Un site de cinq pages pour un studio de photographie lyonnais.",
    category: "web",
    language: "fr",
    clientName: "Atelier Lumière",
    featured: false,
    colours: ["#0f766e", "#fde68a"],
    comments: [{ name: "Julien", comment: "Très lisible sur mobile, bravo.", language: "fr" }],
  },
  {
    title: "Trail running campaign",
    description: "Key visuals for a spring campaign, shot at dawn.",
    category: "photography",
    language: "en",
    clientName: "Northside Sports",
    featured: false,
    colours: ["#be123c", "#fb923c"],
    comments: [],
  },
  {
    title: "Affiche du festival Jazz en Seine",
    description: "Affiche et déclinaisons pour les réseaux sociaux.",
    category: "portfolio",
    language: "fr",
    clientName: null,
    featured: false,
    colours: ["#1e293b", "#38bdf8"],
    comments: [],
  },
];

/** A generated artwork: a diagonal gradient with a few circles, as a PNG. */
function artwork([from, to]: [string, string]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="1600" height="1200" fill="url(#g)"/><circle cx="1150" cy="420" r="260" fill="#ffffff" fill-opacity="0.18"/><circle cx="420" cy="860" r="180" fill="#ffffff" fill-opacity="0.12"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Demo portfolio items, uploaded through the same checks and re-encoding as any upload; only into an empty gallery. */
export async function seedDemoMedia(services: Services, logger: Logger): Promise<void> {
  if ((await services.media.listStaffPage({ page: 1, limit: 1 })).paging.total > 0) return;
  for (const [index, demo] of DEMO_MEDIA.entries()) {
    const bytes = await artwork(demo.colours);
    const item = await services.media.upload(
      { title: demo.title, description: demo.description, category: demo.category },
      await services.media.stage(`demo-${index + 1}.png`, bytes),
      { staff: true, language: demo.language },
    );
    await services.media.update(item.id, { clientName: demo.clientName, featured: demo.featured, sortOrder: index });
    for (const comment of demo.comments) {
      const created = await services.media.submitComment(
        item.id,
        { name: comment.name, comment: comment.comment },
        { language: comment.language },
      );
      await services.media.approveComment(created.id);
    }
  }
  logger.info({ media: DEMO_MEDIA.length }, "demo media seeded");
}
