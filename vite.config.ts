import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig } from "vite";

const resolve = (file: string) => path.resolve(import.meta.dirname, file);

/** The modules every page's first load runs: the browser entry and the two layouts around each page. */
const SHELL_ENTRIES = ["app/entry.client.tsx", "app/root.tsx", "app/routes/site-layout.tsx"].map(resolve);

/**
 * Small modules that many pages import (page meta tags, the API client, form fields and alerts, the
 * catalogue's ids, the "written in" label of people's texts, the generated art of cards without a
 * picture, the share button and the Add to Cart controls): in the shell rather than in a dozen chunks
 * of a few hundred bytes, each one more request on a page's first load (the home page loaded 24
 * files). On a phone's connection a request costs more than a kilobyte (Lighthouse mobile: 90 with 24
 * files, 94 with 13). Together they weigh about 3.3 KB gzip. What they import comes along: keep heavy
 * modules out.
 */
const SHARED_BY_MOST_PAGES = [
  "app/layout/page-meta.ts",
  "app/lib/api.ts",
  "app/components/ui/field.tsx",
  "app/components/ui/form-alert.tsx",
  "app/components/ui/badge.tsx",
  "app/i18n/written-in-label.tsx",
  "core/catalogue/limits.ts",
  "app/components/ui/generated-art.tsx",
  "app/components/share/share-button.tsx",
  "app/components/cart/add-to-cart-controls.tsx",
].map(resolve);

/** Libraries that change only with an upgrade: their own chunk keeps its cache across releases of the app. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@react-router|cookie|set-cookie-parser|turbo-stream)[\\/]/;

/**
 * Modules that travel together, each set in one chunk instead of one file per module: a review's card,
 * stars, badge and "share your experience" button (home, /testimonials, the Reviews tab); the cart's
 * rules, the hook that runs them and the reading back of a saved cart (the pages about the cart, home's
 * first Add to Cart, a deal's first Claim, and any page opened in a browser that saved a cart); a line's texts and the money summary (cart, checkout, receipt); the contact section and the
 * contact form's limits (home, /contact). What they import comes along unless another group has it.
 */
const TOGETHER: Record<string, string[]> = {
  reviews: [
    "app/features/testimonials/testimonial-card.tsx",
    "app/components/reviews/star-rating.tsx",
    "app/components/reviews/verified-badge.tsx",
    "core/testimonials/limits.ts",
    "app/features/testimonials/share-experience-dialog.tsx",
  ],
  contact: ["app/features/contact/contact-section.tsx", "core/contact/limits.ts"],
  "cart-rules": ["core/cart/rules.ts", "core/cart/state.ts", "app/components/cart/use-cart-dispatch.ts"],
  // What the checkout and the receipt read of a cart's lines without its reducer and limits: a line's
  // texts and the money summary under the lines.
  "cart-lines": ["core/cart/line-texts.ts", "app/components/money-summary.tsx"],
};
const TOGETHER_BY_MODULE = new Map(
  Object.entries(TOGETHER).flatMap(([name, files]) => files.map((file) => [resolve(file), name] as const)),
);

/**
 * The form layer's hook, submit button and failure helper (decision 33): one small chunk for every page
 * with a form. A group of its own, ahead of TOGETHER's: the contact group would otherwise take them along
 * with the contact form, and bring the contact section to every page with a form.
 */
const FORM_LAYER = new Set(
  ["app/lib/form.tsx", "app/components/ui/submit-button.tsx", "app/lib/server-failure.ts"].map(resolve),
);

/**
 * The saved cart's check, which the checkout reads without the cart's rules: a group of its own, ahead of
 * TOGETHER's, or the cart's rules (which read a saved cart back) would take it along.
 */
const SAVED_CART = resolve("core/cart/stored.ts");

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; code: string | null } | null;
}

/**
 * A library's index that only re-exports its parts (lucide-react's icons, radix-ui's primitives). Its
 * imports say nothing about which parts the shell uses: following them would put into the shell every
 * icon or primitive any page uses. What the shell takes from a barrel is left to the automatic split.
 */
function isBarrel(id: string, code: string | null): boolean {
  if (!id.includes("node_modules") || !code) return false;
  const statements = code
    .replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, "")
    .split(";")
    .map((statement) => statement.trim())
    .filter(Boolean);
  return statements.length > 20 && statements.every((statement) => /^(import|export)\b/.test(statement));
}

/**
 * Every module the shell entries reach through static imports (dynamic imports stay on demand). Each
 * page loads all of them, so they go into two chunks instead of dozens of 1 KB files, each with its own
 * request and headers; what only some pages use stays in their route chunks.
 */
function shellModules(graph: ModuleGraph): Set<string> {
  const seen = new Set<string>();
  const pending = [...SHELL_ENTRIES, ...SHARED_BY_MOST_PAGES].filter((id) => graph.getModuleInfo(id));
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    if (!info || isBarrel(id, info.code)) continue;
    for (const imported of info.importedIds) pending.push(imported);
  }
  // The entries keep their own chunks: React Router loads root and site-layout as route modules.
  for (const entry of SHELL_ENTRIES) seen.delete(entry);
  return seen;
}

export default defineConfig(({ command, isSsrBuild }) => {
  let shell: Set<string> | null = null;
  return {
    plugins: [tailwindcss(), reactRouter()],
    resolve: {
      tsconfigPaths: true,
      // The browser build takes React Router's production files: the package maps every import to its
      // development ones, which keep developer warnings (0.6 KB gzip on every page; decision 27).
      alias:
        command !== "build" || isSsrBuild
          ? []
          : [
              { find: /^react-router$/, replacement: resolve("node_modules/react-router/dist/production/index.mjs") },
              {
                find: /^react-router\/dom$/,
                replacement: resolve("node_modules/react-router/dist/production/dom-export.mjs"),
              },
            ],
    },
    build: {
      target: "es2022",
      rolldownOptions: isSsrBuild
        ? {}
        : {
            output: {
              codeSplitting: {
                groups: [
                  {
                    debugName: "shell",
                    name(id, graph) {
                      shell ??= shellModules(graph);
                      if (!shell.has(id)) return null;
                      return FRAMEWORK.test(id) ? "framework" : "shell";
                    },
                  },
                  {
                    debugName: "form",
                    name: (id) => (FORM_LAYER.has(id) ? "form" : null),
                  },
                  {
                    debugName: "saved-cart",
                    name: (id) => (id === SAVED_CART ? "saved-cart" : null),
                  },
                  {
                    debugName: "together",
                    name: (id) => TOGETHER_BY_MODULE.get(id) ?? null,
                  },
                ],
              },
            },
          },
    },
  };
});
