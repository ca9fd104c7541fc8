import type { Resource } from "i18next";
import type { Language } from "../../core/i18n/language.ts";
import { NAMESPACES } from "../locales/namespaces.ts";

const files = import.meta.glob<{ default: Record<string, unknown> }>("../locales/*/*.json");

/** Loads one language's resources (each namespace is its own chunk, fetched in parallel). */
export async function loadLanguage(language: Language): Promise<Resource> {
  const entries = await Promise.all(
    NAMESPACES.map(async (ns) => {
      const load = files[`../locales/${language}/${ns}.json`];
      return [ns, load ? (await load()).default : {}] as const;
    }),
  );
  return { [language]: Object.fromEntries(entries) };
}
