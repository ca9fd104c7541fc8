import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ROUTE_NAMESPACES, routeNamespaces } from "../../app/i18n/route-namespaces.ts";
import { NAMESPACES, SERVER_ONLY_NAMESPACES, isBrowserNamespace } from "../../app/locales/namespaces.ts";

/**
 * The browser holds only the namespaces its routes declare (app/i18n/route-namespaces.ts), so a
 * component that starts using another namespace without its route declaring it would show raw keys
 * after a client navigation. This test reads the source: for every route, the modules it reaches
 * (static and dynamic imports, `.server.ts` files excluded) and the namespaces they use, and compares
 * them with the declaration.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const APP = path.join(ROOT, "app");
const ROOT_MODULE = path.join(APP, "root.tsx");

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const target = path.resolve(path.dirname(from), specifier);
  if (/\.(json|css)(\?.*)?$/.test(target) || /\.server\.tsx?$/.test(target)) return null;
  return existsSync(target) ? target : null;
}

/** Every module a route file reaches, without crossing into app/root.tsx (the root is its own route). */
function reachable(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const source = readFileSync(entry, "utf8");
  const specifiers = [
    ...[...source.matchAll(/^\s*(?:import|export)\s+(type\s+)?(?:[^;"']*?\sfrom\s+)?["']([^"']+)["']/gm)]
      .filter((match) => !match[1])
      .map((match) => match[2]),
    ...[...source.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)].map((match) => match[1]),
  ];
  for (const specifier of specifiers) {
    const target = resolveImport(entry, specifier);
    if (target && target !== ROOT_MODULE) reachable(target, seen);
  }
  return seen;
}

/**
 * The namespaces a set of modules translates with: `useTranslation("ns")` (no argument: the default,
 * common) and "ns:key" strings (t("cart:toast.added"), schema messages a form translates). Keys in
 * core/ modules reached by the layouts (root, site) are messages their providers hand to the pages
 * (the cart's rules, say), which translate them: they count for the pages that reach those modules.
 */
function namespacesUsed(modules: Iterable<string>, withCoreKeys: boolean): Set<string> {
  const used = new Set<string>();
  for (const file of modules) {
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(/useTranslation\(\s*(?:["']([a-z]+)["'])?/g)) used.add(match[1] ?? "common");
    if (!withCoreKeys && !file.startsWith(APP)) continue;
    for (const match of source.matchAll(/["'`]([a-z]+):[A-Za-z{$]/g))
      if ((NAMESPACES as readonly string[]).includes(match[1])) used.add(match[1]);
  }
  return used;
}

/** Route ids (without the /:lang tree's "lang-" prefix) and their files, read from app/routes.ts. */
function routeFiles(): Map<string, string> {
  const source = readFileSync(path.join(APP, "routes.ts"), "utf8");
  const files = new Map<string, string>([["root", ROOT_MODULE]]);
  for (const match of source.matchAll(
    /"(routes\/[a-z-]+\.tsx)",\s*(?:id\("([a-z-]+)"\)|\{\s*id:\s*"([a-z-]+)"\s*\})/g,
  )) {
    const id = (match[2] ?? match[3]).replace(/^lang-/, "");
    files.set(id, path.join(APP, match[1]));
  }
  return files;
}

const files = routeFiles();

/** The page a nested route renders inside (the staff dashboard's sections inside its frame), if any. */
function parentOf(id: string): keyof typeof ROUTE_NAMESPACES | null {
  return id.startsWith("admin-") ? "admin" : null;
}
const LAYOUTS = ["root", "site"];

describe("route namespaces", () => {
  it("reads every route of app/routes.ts", () => {
    expect([...files.keys()].sort()).toEqual(Object.keys(ROUTE_NAMESPACES).sort());
    expect(files.size).toBeGreaterThan(10);
  });

  for (const [id, file] of files) {
    it(`${id} declares exactly the namespaces its components use`, () => {
      const inherited =
        id === "root"
          ? []
          : id === "site"
            ? ROUTE_NAMESPACES.root
            : [
                ...ROUTE_NAMESPACES.root,
                ...ROUTE_NAMESPACES.site,
                ...(parentOf(id) ? ROUTE_NAMESPACES[parentOf(id)!] : []),
              ];
      const used = namespacesUsed(reachable(file), !LAYOUTS.includes(id));
      const needed = [...used].filter((ns) => isBrowserNamespace(ns) && !inherited.includes(ns as never)).sort();
      expect(
        [...ROUTE_NAMESPACES[id as keyof typeof ROUTE_NAMESPACES]].sort(),
        `${path.relative(ROOT, file)} and the modules it imports`,
      ).toEqual(needed);
    });
  }

  it("pages with their own namespaces have a loader, so that a client navigation loads them first", () => {
    for (const [id, file] of files) {
      if (LAYOUTS.includes(id) || ROUTE_NAMESPACES[id as keyof typeof ROUTE_NAMESPACES].length === 0) continue;
      expect(readFileSync(file, "utf8"), id).toMatch(/export (async )?function loader\b|export const loader\b/);
    }
  });

  it("never sends a server-only namespace to the browser", () => {
    for (const namespaces of Object.values(ROUTE_NAMESPACES))
      for (const ns of SERVER_ONLY_NAMESPACES) expect(namespaces).not.toContain(ns);
    expect(routeNamespaces(["root", "site", "home"])).not.toContain("mail");
  });

  it("adds the layouts' namespaces to a page's, for both address trees, once each", () => {
    const plain = routeNamespaces(["root", "site", "cart"]);
    const prefixed = routeNamespaces(["root", "lang-site", "lang-cart"]);
    expect(prefixed).toEqual(plain);
    expect(plain).toContain("common");
    expect(plain).toContain("cart");
    expect(new Set(plain).size).toBe(plain.length);
    expect(routeNamespaces(["root", "site", "no-such-route"])).toEqual(routeNamespaces(["root", "site"]));
  });
});
