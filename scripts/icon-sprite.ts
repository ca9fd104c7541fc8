/**
 * Builds app/components/ui/icons.svg, the one SVG sprite of the site's icons: a <symbol> per lucide icon
 * of app/components/ui/icon-names.ts (drawn from lucide-react's own data) and per brand mark. Pages draw
 * an icon with <svg><use href="sprite#name"/></svg>: a few bytes per icon instead of its full markup, and
 * no icon code in the JavaScript.
 *
 *   npm run icons
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { LUCIDE_ICONS } from "../app/components/ui/icon-names.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SPRITE_FILE = path.join(ROOT, "app/components/ui/icons.svg");
const LUCIDE_DIR = path.join(ROOT, "node_modules/lucide-react/dist/esm");

/** Brand marks (lucide has none). Fill and stroke are their own: they ignore the icon's stroke settings. */
const BRAND_SYMBOLS: Record<string, string> = {
  facebook:
    '<path fill="currentColor" stroke="none" d="M12 2a10 10 0 0 0-1.56 19.88V14.9H7.9V12h2.54V9.8c0-2.5 1.49-3.89 3.78-3.89 1.09 0 2.24.2 2.24.2v2.46h-1.26c-1.24 0-1.63.77-1.63 1.56V12h2.78l-.45 2.9h-2.33v6.98A10 10 0 0 0 12 2Z"/>',
  instagram:
    '<rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="currentColor" stroke-width="2"/><circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" stroke-width="2"/><circle cx="17.3" cy="6.7" r="1.2" fill="currentColor" stroke="none"/>',
  tiktok:
    '<path fill="currentColor" stroke="none" d="M16.6 2h-3.3v13.2a2.9 2.9 0 1 1-2.9-2.9c.3 0 .6 0 .9.1V9a6.2 6.2 0 1 0 5.3 6.2V8.6a7.6 7.6 0 0 0 4.4 1.4V6.7a4.4 4.4 0 0 1-4.4-4.4Z"/>',
  whatsapp:
    '<path fill="none" stroke="currentColor" stroke-width="1.9" stroke-linejoin="round" d="M12 3a9 9 0 0 0-7.75 13.57L3 21l4.55-1.2A9 9 0 1 0 12 3Z"/><path fill="currentColor" stroke="none" d="M9.1 7.6c.2 0 .4 0 .5.4l.7 1.7c.1.2 0 .4-.1.6l-.5.6c-.1.1-.2.3 0 .5.4.8 1 1.5 1.7 2 .5.4 1 .6 1.4.8.2.1.4 0 .5-.1l.6-.8c.2-.2.3-.2.5-.1l1.7.8c.2.1.3.2.3.3 0 .4-.1 1-.5 1.4-.4.4-1.1.8-1.8.7-1-.1-2.4-.6-3.8-1.9-1.3-1.2-2-2.6-2.3-3.5-.2-.9.1-1.7.6-2.2.2-.2.4-.3.6-.3h.3Z"/>',
};

type IconNode = Array<[string, Record<string, string | number>]>;

const pascal = (kebab: string) => kebab.replace(/(^|-)(\w)/g, (_, __, letter: string) => letter.toUpperCase());
const kebab = (camel: string) => camel.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const escape = (value: string | number) =>
  String(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** lucide-react's module of an icon, by the name its code imports (aliases such as AlertCircle included). */
function lucideModule(name: string, exportsIndex: string): string {
  const exportName = pascal(name);
  const line = exportsIndex.split("\n").find((entry) => new RegExp(`default as ${exportName}[,\\s]`).test(entry));
  const file = line && /from '(\.\/icons\/[\w-]+\.mjs)'/.exec(line)?.[1];
  if (!file) throw new Error(`lucide-react has no icon ${exportName}`);
  return path.join(LUCIDE_DIR, file);
}

export async function buildSprite(): Promise<string> {
  const exportsIndex = fs.readFileSync(path.join(LUCIDE_DIR, "lucide-react.mjs"), "utf8");
  const symbols: string[] = [];
  for (const name of LUCIDE_ICONS) {
    const { __iconData } = (await import(pathToFileURL(lucideModule(name, exportsIndex)).href)) as {
      __iconData: { node: IconNode };
    };
    const children = __iconData.node
      .map(([tag, attributes]) => {
        const attrs = Object.entries(attributes)
          .filter(([key]) => key !== "key")
          .map(([key, value]) => ` ${kebab(key)}="${escape(value)}"`)
          .join("");
        return `<${tag}${attrs}/>`;
      })
      .join("");
    symbols.push(`<symbol id="${name}" viewBox="0 0 24 24">${children}</symbol>`);
  }
  for (const [name, body] of Object.entries(BRAND_SYMBOLS))
    symbols.push(`<symbol id="${name}" viewBox="0 0 24 24">${body}</symbol>`);
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

if (import.meta.main) {
  fs.writeFileSync(SPRITE_FILE, await buildSprite());
  console.log(`Wrote ${path.relative(ROOT, SPRITE_FILE)}`);
}
