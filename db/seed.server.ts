import type { PostInput } from "../core/blog/schema.ts";
import type { Logger } from "../server/logger.server.ts";
import type { Services } from "../server/services.server.ts";
import { seedDemoTestimonials } from "./seed-testimonials.server.ts";
import { seedDemoDeals } from "./seed-deals.server.ts";
import { seedDemoMedia } from "./seed-media.server.ts";
import { seedDemoTutorials } from "./seed-tutorials.server.ts";
import { seedDemoClasses } from "./seed-classes.server.ts";

const DAY = 24 * 3600_000;

interface DemoComment {
  author: string;
  email: string;
  content: string;
  website?: string;
  approved: boolean;
  replies?: DemoComment[];
}

interface DemoPost {
  post: PostInput;
  /** The title of the demo post (seeded before it) that this one translates. */
  translates?: string;
  daysAgo: number;
  comments?: DemoComment[];
}

export const DEMO_POSTS: DemoPost[] = [
  // ---------------------------------------------------------------------------------- English
  {
    daysAgo: 3,
    post: {
      language: "en",
      category: "design",
      published: true,
      featuredImage: "/images/blog/design.svg",
      tags: ["colour", "brand identity"],
      title: "Building a Colour System That Survives Real Life",
      excerpt:
        "A beautiful palette on a mood board is easy. A palette that still works on a phone in the sun, on a trade-show banner and in a dark-mode app takes a system.",
      content: `<p>Most brand palettes are chosen in perfect conditions: a calibrated monitor, a quiet afternoon, a mood board full of references. Then they meet the real world, and the soft teal that looked so calm turns into an unreadable smudge on a cheap printer.</p>
<h2>Start from roles, not swatches</h2>
<p>Before picking hues, list the jobs colour has to do: carry the brand, signal an action, warn about an error, separate sections, and stay out of the way of the content. Each job becomes a role, and each role gets a small scale of tints rather than a single value.</p>
<ul>
<li><strong>Brand</strong>: one or two colours people should remember you by.</li>
<li><strong>Action</strong>: the colour of buttons and links, used for nothing else.</li>
<li><strong>Feedback</strong>: success, warning and error, each readable on white and on your darkest surface.</li>
<li><strong>Neutrals</strong>: the greys that do most of the work, tinted slightly towards your brand colour.</li>
</ul>
<h2>Test contrast early</h2>
<p>Text needs a contrast ratio of at least 4.5:1 against its background to be comfortable for most readers. Check every text and background pair you intend to use, and write the passing pairs down. A palette with a documented list of safe combinations saves hours of debate later.</p>
<h3>Print is a different planet</h3>
<p>Screens mix light; paper absorbs it. Ask your printer for a proof early, and keep a print-specific version of each brand colour instead of trusting an automatic conversion.</p>
<p>A colour system is never finished, but when it is built on roles and tested contrast, every new page, poster and product screen starts from solid ground.</p>`,
    },
    comments: [
      {
        author: "Maya Chen",
        email: "maya.chen@example.com",
        website: "https://maya.example",
        content:
          "The idea of tinting the neutrals towards the brand colour was a revelation. Our interface finally feels like one family.",
        approved: true,
        replies: [
          {
            author: "Atelier Studio",
            email: "hello@atelier.example",
            content: "Thank you, Maya! A 2 to 4 percent tint is usually enough: people feel it more than they see it.",
            approved: true,
          },
        ],
      },
      {
        author: "Jonas Berg",
        email: "jonas.berg@example.com",
        content:
          "Keeping a list of approved text and background pairs is such a simple habit, and it ended a lot of arguments in our team.",
        approved: true,
      },
      {
        author: "Priya Nair",
        email: "priya.nair@example.com",
        content: "Do you have a favourite tool for checking contrast across a whole palette at once?",
        approved: false,
      },
    ],
  },
  {
    daysAgo: 8,
    post: {
      language: "en",
      category: "technology",
      published: true,
      featuredImage: "/images/blog/technology.svg",
      tags: ["AI", "customer service"],
      title: "What a 24/7 AI Phone Assistant Really Changes for a Small Business",
      excerpt:
        "Missed calls are missed revenue. Here is what an AI phone assistant handles well, where people still matter, and how to roll one out without annoying your customers.",
      content: `<p>For a small business, the phone still rings at the worst moments: during a client meeting, after closing time, on a Sunday morning. Every unanswered call is a prospect who may simply try the next name on the list.</p>
<h2>What the assistant does well</h2>
<p>A well-configured assistant answers instantly, in a consistent voice, at any hour. It is excellent at the repetitive part of the conversation:</p>
<ul>
<li>answering questions about opening hours, prices and services;</li>
<li>qualifying a request and collecting a name, an e-mail address and a callback time;</li>
<li>booking a consultation directly into your calendar;</li>
<li>sending a clear summary of each call to your team.</li>
</ul>
<h2>Where people still matter</h2>
<p>Negotiations, complaints and anything emotional deserve a human. The best set-ups make the hand-over obvious: the assistant says it will pass the request on, and someone calls back within the promised time.</p>
<h3>Rolling it out gently</h3>
<p>Start with evenings and weekends only. Read the call summaries every day for the first two weeks, fix the answers that were vague, and only then let the assistant take daytime overflow. Tell callers they are speaking with an assistant; honesty builds more trust than a convincing imitation.</p>
<p>Done this way, the assistant does not replace your team. It gives them back the hours they spent on the same five questions, and it makes sure no opportunity goes to voicemail.</p>`,
    },
  },
  {
    daysAgo: 14,
    post: {
      language: "en",
      category: "marketing",
      published: true,
      featuredImage: "/images/blog/marketing.svg",
      tags: ["campaigns", "strategy"],
      title: "Five Signals Your Brand Is Ready for a Campaign",
      excerpt:
        "Spending on a campaign before the foundations are in place only amplifies the gaps. These five signals tell you it is time to turn up the volume.",
      content: `<p>A campaign is a megaphone. It makes whatever you already are louder, including the confusing parts. Before investing in media, check that the message you are about to amplify is one you want everyone to hear.</p>
<h2>The five signals</h2>
<ol>
<li><strong>You can say what you do in one sentence</strong>, and your team says it the same way.</li>
<li><strong>Your website converts the visitors you already have.</strong> If one visitor in a hundred gets in touch today, a campaign will not fix the other ninety-nine.</li>
<li><strong>You know who buys and why.</strong> Three real customer stories beat any persona invented in a workshop.</li>
<li><strong>You can handle the demand.</strong> A campaign that brings in more enquiries than you can answer damages your reputation.</li>
<li><strong>You have decided how you will measure success</strong>, before the first advert goes live.</li>
</ol>
<h2>If you are not there yet</h2>
<p>That is good news: the missing pieces are cheaper than media. Sharpen the message, fix the pages that leak visitors and collect customer stories. Each of these keeps paying off long after a campaign ends.</p>
<p>When all five signals are green, a campaign stops being a gamble and becomes a multiplier.</p>`,
    },
  },
  {
    daysAgo: 21,
    post: {
      language: "en",
      category: "business",
      published: true,
      membersOnly: true,
      featuredImage: "/images/blog/business.svg",
      tags: ["pricing", "freelance"],
      title: "Pricing Creative Work Without Underselling It",
      excerpt:
        "Hourly rates punish you for getting better. Our members' guide to value-based pricing, packages and the conversations that make them work.",
      content: `<p>Charging by the hour feels fair until you notice the paradox: the more experienced you become, the faster you work, and the less you earn for the same result. Clients do not buy hours; they buy outcomes.</p>
<h2>Price the outcome</h2>
<p>Ask what the project is worth to the client. A new logo for a local bakery and a rebrand for a company about to raise funding can take similar effort, yet their value is worlds apart. Your price should sit comfortably below the value and well above your costs.</p>
<h2>Offer three packages</h2>
<ul>
<li><strong>Essential</strong>: the smallest thing that solves the problem well.</li>
<li><strong>Recommended</strong>: what you would choose for yourself, clearly marked.</li>
<li><strong>Complete</strong>: everything, including support after launch.</li>
</ul>
<p>Three options turn "yes or no" into "which one", and most clients choose the middle.</p>
<h3>Hold the line on scope</h3>
<p>Write down what is included and what is not, and agree how changes are priced before the work begins. A clear scope protects the relationship as much as the budget.</p>`,
    },
  },
  {
    daysAgo: 1,
    post: {
      language: "en",
      category: "general",
      published: false,
      featuredImage: "/images/blog/studio.svg",
      tags: ["process"],
      title: "Behind the Scenes: How We Run a Discovery Workshop",
      excerpt:
        "Draft: the half-day format we use to start every project, from the first sticky note to the signed brief.",
      content: `<h2>Before the workshop</h2>
<p>We send a short questionnaire and read everything the client has already published.</p>
<ul>
<li>Goals and constraints</li>
<li>Audience and competitors</li>
<li>What success looks like in a year</li>
</ul>
<p>More to come once the photos from our last session are ready.</p>`,
    },
  },
  // ----------------------------------------------------------------------------------- French
  {
    daysAgo: 4,
    translates: "Five Signals Your Brand Is Ready for a Campaign",
    post: {
      language: "fr",
      category: "marketing",
      published: true,
      featuredImage: "/images/blog/marketing.svg",
      tags: ["campagnes", "stratégie"],
      title: "Cinq signes que votre marque est prête pour une campagne",
      excerpt:
        "Investir dans une campagne avant d'avoir posé les fondations ne fait qu'amplifier les faiblesses. Voici cinq signes qu'il est temps de monter le son.",
      content: `<p>Une campagne est un mégaphone\u202f: elle rend plus fort tout ce que vous êtes déjà, y compris ce qui reste flou. Avant d'acheter de l'espace, vérifiez que le message que vous allez amplifier est bien celui que vous voulez faire entendre.</p>
<h2>Les cinq signes</h2>
<ol>
<li><strong>Vous savez dire ce que vous faites en une phrase</strong>, et toute votre équipe la dit de la même façon.</li>
<li><strong>Votre site convertit déjà vos visiteurs actuels.</strong> Si un visiteur sur cent vous contacte aujourd'hui, une campagne ne changera rien pour les quatre-vingt-dix-neuf autres.</li>
<li><strong>Vous savez qui achète et pourquoi.</strong> Trois histoires de vrais clients valent mieux que n'importe quel persona inventé en atelier.</li>
<li><strong>Vous pouvez absorber la demande.</strong> Une campagne qui génère plus de demandes que vous ne pouvez en traiter abîme votre réputation.</li>
<li><strong>Vous avez défini comment mesurer le succès</strong>, avant la diffusion de la première annonce.</li>
</ol>
<h2>Si vous n'y êtes pas encore</h2>
<p>C'est plutôt une bonne nouvelle\u202f: les pièces manquantes coûtent moins cher que les médias. Affinez le message, corrigez les pages qui laissent fuir les visiteurs et recueillez des témoignages. Ces efforts continuent de rapporter bien après la fin d'une campagne.</p>
<p>Quand les cinq signaux sont au vert, une campagne cesse d'être un pari et devient un multiplicateur.</p>`,
    },
    comments: [
      {
        author: "Camille Laurent",
        email: "camille.laurent@example.com",
        content:
          "Le point sur la capacité à absorber la demande est tellement juste. Nous l'avons appris à nos dépens l'an dernier\u202f!",
        approved: true,
        replies: [
          {
            author: "Atelier Studio",
            email: "hello@atelier.example",
            content:
              "Merci Camille\u202f! C'est l'erreur la plus fréquente, et la plus facile à éviter avec un peu d'anticipation.",
            approved: true,
          },
        ],
      },
      {
        author: "Hugo Martin",
        email: "hugo.martin@example.com",
        website: "https://hugo.example",
        content:
          "Trois vraies histoires clients plutôt qu'un persona\u202f: je garde la formule pour notre prochain atelier.",
        approved: true,
      },
    ],
  },
  {
    daysAgo: 10,
    translates: "What a 24/7 AI Phone Assistant Really Changes for a Small Business",
    post: {
      language: "fr",
      category: "technology",
      published: true,
      featuredImage: "/images/blog/technology.svg",
      tags: ["IA", "service client"],
      title: "Assistant téléphonique IA\u202f: ce qui change vraiment pour une petite entreprise",
      excerpt:
        "Un appel manqué, c'est un client perdu. Ce qu'un assistant téléphonique IA fait bien, là où l'humain reste indispensable, et comment le déployer sans agacer vos clients.",
      content: `<p>Dans une petite entreprise, le téléphone sonne toujours au mauvais moment\u202f: en plein rendez-vous, après la fermeture, un dimanche matin. Chaque appel sans réponse est un prospect qui risque de composer le numéro suivant de sa liste.</p>
<h2>Ce que l'assistant fait bien</h2>
<p>Bien configuré, un assistant répond immédiatement, avec un ton constant, à toute heure. Il excelle dans la partie répétitive de la conversation\u202f:</p>
<ul>
<li>répondre aux questions sur les horaires, les tarifs et les services\u202f;</li>
<li>qualifier une demande et recueillir un nom, une adresse e-mail et un créneau de rappel\u202f;</li>
<li>réserver une consultation directement dans votre agenda\u202f;</li>
<li>envoyer à votre équipe un résumé clair de chaque appel.</li>
</ul>
<h2>Là où l'humain reste indispensable</h2>
<p>Les négociations, les réclamations et tout ce qui touche à l'émotion méritent une personne. Les meilleurs dispositifs rendent le relais évident\u202f: l'assistant annonce qu'il transmet la demande, et quelqu'un rappelle dans le délai promis.</p>
<h3>Un déploiement en douceur</h3>
<p>Commencez par les soirs et les week-ends. Lisez les résumés d'appels chaque jour pendant deux semaines, corrigez les réponses trop vagues, puis seulement confiez à l'assistant le débordement en journée. Dites aux appelants qu'ils parlent à un assistant\u202f: la franchise inspire plus confiance qu'une imitation réussie.</p>
<p>Ainsi déployé, l'assistant ne remplace pas votre équipe. Il lui rend les heures passées à répondre aux cinq mêmes questions, et aucune opportunité ne finit sur la messagerie.</p>`,
    },
  },
  {
    daysAgo: 16,
    translates: "Building a Colour System That Survives Real Life",
    post: {
      language: "fr",
      category: "design",
      published: true,
      featuredImage: "/images/blog/design.svg",
      tags: ["couleur", "identité de marque"],
      title: "Construire une palette de couleurs qui résiste à la réalité",
      excerpt:
        "Une belle palette sur un moodboard, c'est facile. Une palette qui fonctionne encore sur un téléphone en plein soleil, une bâche de salon et une application en mode sombre demande un système.",
      content: `<p>La plupart des palettes de marque sont choisies dans des conditions idéales\u202f: un écran calibré, un après-midi calme, un moodboard rempli de références. Puis elles rencontrent le monde réel, et le bleu-vert apaisant devient une tache illisible sur une imprimante de bureau.</p>
<h2>Partir des rôles, pas des nuanciers</h2>
<p>Avant de choisir des teintes, listez les missions de la couleur\u202f: porter la marque, signaler une action, avertir d'une erreur, séparer des sections et s'effacer derrière le contenu. Chaque mission devient un rôle, et chaque rôle reçoit une petite gamme de nuances plutôt qu'une valeur unique.</p>
<ul>
<li><strong>Marque</strong>\u202f: une ou deux couleurs dont on doit se souvenir.</li>
<li><strong>Action</strong>\u202f: la couleur des boutons et des liens, réservée à cet usage.</li>
<li><strong>Retour</strong>\u202f: succès, avertissement et erreur, lisibles sur blanc comme sur votre fond le plus sombre.</li>
<li><strong>Neutres</strong>\u202f: les gris qui font l'essentiel du travail, légèrement teintés vers votre couleur de marque.</li>
</ul>
<h2>Tester le contraste très tôt</h2>
<p>Un texte a besoin d'un rapport de contraste d'au moins 4,5:1 avec son fond pour être confortable pour la plupart des lecteurs. Vérifiez chaque paire texte et fond prévue, et notez celles qui passent. Une palette accompagnée de sa liste de combinaisons sûres épargne des heures de débat.</p>
<h3>L'impression est une autre planète</h3>
<p>Les écrans additionnent la lumière, le papier l'absorbe. Demandez rapidement une épreuve à votre imprimeur et conservez une version «\u202fimpression\u202f» de chaque couleur plutôt que de vous fier à une conversion automatique.</p>
<p>Une palette n'est jamais terminée, mais lorsqu'elle repose sur des rôles et des contrastes vérifiés, chaque nouvelle page, affiche ou écran part sur des bases solides.</p>`,
    },
  },
  {
    daysAgo: 24,
    translates: "Pricing Creative Work Without Underselling It",
    post: {
      language: "fr",
      category: "business",
      published: true,
      membersOnly: true,
      featuredImage: "/images/blog/business.svg",
      tags: ["tarifs", "indépendants"],
      title: "Fixer le prix d'un travail créatif sans se brader",
      excerpt:
        "Le taux horaire vous pénalise à mesure que vous progressez. Notre guide réservé aux membres sur la tarification à la valeur, les forfaits et les conversations qui les font accepter.",
      content: `<p>Facturer à l'heure semble juste, jusqu'au jour où l'on remarque le paradoxe\u202f: plus on gagne en expérience, plus on travaille vite, et moins on gagne pour le même résultat. Les clients n'achètent pas des heures, ils achètent des résultats.</p>
<h2>Fixer le prix du résultat</h2>
<p>Demandez ce que vaut le projet pour le client. Un logo pour une boulangerie de quartier et la refonte d'une entreprise sur le point de lever des fonds peuvent demander un effort comparable, mais leur valeur n'a rien à voir. Votre prix doit se situer confortablement sous cette valeur et nettement au-dessus de vos coûts.</p>
<h2>Proposer trois forfaits</h2>
<ul>
<li><strong>Essentiel</strong>\u202f: le minimum qui résout bien le problème.</li>
<li><strong>Recommandé</strong>\u202f: ce que vous choisiriez pour vous-même, clairement mis en avant.</li>
<li><strong>Complet</strong>\u202f: tout compris, y compris l'accompagnement après le lancement.</li>
</ul>
<p>Trois options transforment «\u202foui ou non\u202f» en «\u202flequel\u202f», et la plupart des clients choisissent celui du milieu.</p>
<h3>Tenir le périmètre</h3>
<p>Écrivez ce qui est inclus et ce qui ne l'est pas, et convenez du prix des modifications avant de commencer. Un périmètre clair protège la relation autant que le budget.</p>`,
    },
  },
];

/**
 * The demo posts and their comments, in order. A first start stopped part-way (kill -9 while seeding)
 * leaves the first few demo posts and nothing else: the next start carries on from the first one
 * missing. Any other set of posts means the site is in use, and is left alone.
 */
async function seedBlog(services: Services, logger: Logger): Promise<void> {
  // More posts than the demo holds: the site is in use (and its posts are not read one by one).
  if ((await services.blog.countPosts()) > DEMO_POSTS.length) return;
  const existing = (await services.blog.listStaffPage({ page: 1, limit: DEMO_POSTS.length })).items;
  const done = existing.length;
  if (done >= DEMO_POSTS.length) return;
  const titles = new Set(existing.map((post) => post.title));
  const seededBefore = DEMO_POSTS.slice(0, done);
  if (titles.size !== done || !seededBefore.every((demo) => titles.has(demo.post.title))) return;
  const now = Date.now();
  let comments = 0;
  const idsByTitle = new Map<string, number>(existing.map((post) => [post.title, post.id]));
  for (const demo of DEMO_POSTS.slice(done)) {
    const translationOf = demo.translates === undefined ? null : (idsByTitle.get(demo.translates) ?? null);
    const post = await services.blog.createPost(
      { ...demo.post, translationOf },
      { createdAt: new Date(now - demo.daysAgo * DAY) },
    );
    idsByTitle.set(post.title, post.id);
    for (const comment of demo.comments ?? []) {
      const { approved, replies, ...input } = comment;
      const created = await services.blog.submitComment(post.id, input);
      comments += 1;
      if (approved) await services.blog.approveComment(created.id);
      for (const reply of replies ?? []) {
        const { approved: replyApproved, replies: _ignored, ...replyInput } = reply;
        const createdReply = await services.blog.submitComment(post.id, { ...replyInput, parentId: created.id });
        comments += 1;
        if (replyApproved) await services.blog.approveComment(createdReply.id);
      }
    }
  }
  logger.info({ posts: DEMO_POSTS.length, comments }, "demo blog content seeded");
}

/** Demo content loaded on first start; each part seeds only into an empty table, so restarts never duplicate. */
export async function seedDemoContent(services: Services, logger: Logger): Promise<void> {
  await seedBlog(services, logger);
  await seedDemoTestimonials(services, logger);
  await seedDemoDeals(services, logger);
  await seedDemoMedia(services, logger);
  await seedDemoTutorials(services, logger);
  await seedDemoClasses(services, logger);
}
