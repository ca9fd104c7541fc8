/**
 * Atelier's translation engine: the part of i18next the site uses (namespaces, `ns:key.path` keys,
 * `{{name}}` interpolation, plural forms chosen by `Intl.PluralRules` with i18next's JSON v4 suffixes
 * `_one`, `_other`, `_many`...), in about 1 KB instead of i18next's 15 KB gzip on every page
 * (docs/decisions/0013-translation-engine.md). The resource files keep i18next's format, so they stay
 * readable by translation tools. Framework-free: React binds to it in app/i18n/react.tsx.
 */

/** One namespace: nested objects of texts, as in the JSON files. */
export type Bundle = Record<string, unknown>;
/** Translations by language, then namespace. */
export type Resources = Record<string, Record<string, Bundle>>;

export type TOptions = {
  /** Chooses the plural form (`key_one`, `key_other`...) and is available as `{{count}}`. */
  count?: number;
  /** Namespace of a key that does not name one (`ns:key` does). */
  ns?: string;
  /** Another language than the instance's. */
  lng?: string;
  [value: string]: unknown;
};

export type TFunction = (key: string, options?: TOptions) => string;

type Listener = (language: string) => void;

const DEFAULT_NAMESPACE = "common";
const INTERPOLATION = /\{\{\s*([\w.]+)\s*\}\}/g;
const pluralRules = new Map<string, Intl.PluralRules>();

function pluralCategory(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

function lookup(bundle: Bundle | undefined, path: string): string | undefined {
  let node: unknown = bundle;
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Bundle)[part];
  }
  return typeof node === "string" ? node : undefined;
}

function valueAt(values: TOptions, path: string): unknown {
  let value: unknown = values;
  for (const part of path.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** `{{name}}` takes the option's value; a placeholder without a value stays as written, as in i18next. */
function interpolate(text: string, values: TOptions | undefined): string {
  if (!values || !text.includes("{{")) return text;
  return text.replace(INTERPOLATION, (placeholder, name: string) => {
    const value = valueAt(values, name);
    return value === undefined || value === null ? placeholder : String(value);
  });
}

export class I18n {
  language: string;
  private readonly store: Resources;
  private readonly listeners = new Set<Listener>();
  private readonly fixed = new Map<string, TFunction>();

  constructor(language: string, resources: Resources = {}) {
    this.language = language;
    this.store = {};
    for (const [lng, namespaces] of Object.entries(resources)) this.store[lng] = { ...namespaces };
    this.t = this.t.bind(this);
  }

  /** The text of `key` (`key`, `ns:key` or `ns:a.b`), or the key itself when no language holds it. */
  t(key: string, options?: TOptions): string {
    const separator = key.indexOf(":");
    const ns = separator > 0 ? key.slice(0, separator) : (options?.ns ?? DEFAULT_NAMESPACE);
    const path = separator > 0 ? key.slice(separator + 1) : key;
    const language = options?.lng ?? this.language;
    const bundle = this.store[language]?.[ns];
    let text: string | undefined;
    if (typeof options?.count === "number") {
      text = lookup(bundle, `${path}_${pluralCategory(language, options.count)}`) ?? lookup(bundle, `${path}_other`);
    }
    text ??= lookup(bundle, path);
    return text === undefined ? path : interpolate(text, options);
  }

  /** A `t` bound to a language and a default namespace; the same function each time it is asked for. */
  getFixedT(language: string, ns: string = DEFAULT_NAMESPACE): TFunction {
    const id = `${language}\u0000${ns}`;
    let t = this.fixed.get(id);
    if (!t) {
      t = (key, options) => this.t(key, { ns, lng: language, ...options });
      this.fixed.set(id, t);
    }
    return t;
  }

  hasResourceBundle(language: string, ns: string): boolean {
    return this.store[language]?.[ns] !== undefined;
  }

  getResourceBundle(language: string, ns: string): Bundle | undefined {
    return this.store[language]?.[ns];
  }

  addResourceBundle(language: string, ns: string, bundle: Bundle): void {
    (this.store[language] ??= {})[ns] = bundle;
  }

  /** Switches the language and tells every listener (the React binding re-renders the page). */
  async changeLanguage(language: string): Promise<void> {
    if (language === this.language) return;
    this.language = language;
    for (const listener of this.listeners) listener(language);
  }

  onLanguageChanged(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** An instance for one language (the server keeps one per language; the browser one for the page). */
export function createTranslator(language: string, resources: Resources = {}): I18n {
  return new I18n(language, resources);
}
