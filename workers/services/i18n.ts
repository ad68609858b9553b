/**
 * Server-side translations: the locale files under public/locales are bundled into the Worker
 * so pages render in the right language and API errors are answered in the caller's language.
 */
import { createInstance, type i18n as I18n } from "i18next";
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGES,
  type Language,
  NAMESPACES,
  type Namespace,
  detectLanguage,
  parseAcceptLanguage,
  readCookie,
} from "../../domain/i18n/languages";
import { fnv1a } from "../../domain/fnv";

type Resources = Record<Namespace, Record<string, unknown>>;

const files = import.meta.glob<Record<string, unknown>>("../../public/locales/*/*.json", {
  eager: true,
  import: "default",
});

/** Namespaces of one language (all of them unless named), as the browser's i18next wants them. */
export function resourcesFor(lng: Language, namespaces: readonly Namespace[] = NAMESPACES): Partial<Resources> {
  const out: Partial<Resources> = {};
  for (const ns of namespaces) out[ns] = files[`../../public/locales/${lng}/${ns}.json`] ?? {};
  return out;
}

/**
 * A page's translations as one cached file (issue 17): the namespaces a page shows, in one JSON
 * text at an address that names the language, the namespaces and a hash of the text. The HTML
 * carries only the address (`root.tsx`); the browser fetches the file once and keeps it, where
 * the text inlined into every page was 100–180 KB of each page's HTML (a fifth of a 5,000-task
 * board's), written, escaped and compressed on every request.
 */
export interface TranslationBundle {
  url: string;
  json: string;
  resources: Partial<Resources>;
}

/** Where the bundles are served (`workers/site/index.ts`): `/i18n/{language}/{ns,ns,…}.{hash}.json`. */
export const TRANSLATIONS_PATH = /^\/i18n\/([a-z]{2})\/([a-z,-]+)\.([0-9a-f]{8})\.json$/;

const bundles = new Map<string, TranslationBundle>();

/** The bundle's version in its address: FNV-1a of its text, 8 hex digits. */
const versionOf = (json: string) => fnv1a(json).toString(16).padStart(8, "0");

/**
 * The bundle of these namespaces in one language. A page's sets are kept once made (a handful
 * per language); `keep: false` (a set asked for by address, which anyone can name) uses a kept
 * one or makes it for this answer only, so no address grows the isolate's memory.
 */
export function translationBundle(lng: Language, namespaces: readonly Namespace[], keep = true): TranslationBundle {
  const set = namespaces.join(",");
  const key = `${lng}/${set}`;
  let bundle = bundles.get(key);
  if (!bundle) {
    const resources = resourcesFor(lng, namespaces);
    const json = JSON.stringify(resources);
    bundle = { url: `/i18n/${lng}/${set}.${versionOf(json)}.json`, json, resources };
    if (keep) bundles.set(key, bundle);
  }
  return bundle;
}

const instances = new Map<Language, I18n>();

/** A ready i18next instance for one language, shared by all requests of this isolate. */
export function i18nFor(lng: Language): I18n {
  let instance = instances.get(lng);
  if (!instance) {
    instance = createInstance();
    const resources = Object.fromEntries(LANGUAGES.map((l) => [l, resourcesFor(l) as Resources]));
    void instance.init({
      resources,
      lng,
      fallbackLng: DEFAULT_LANGUAGE,
      ns: [...NAMESPACES],
      defaultNS: "common",
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    instances.set(lng, instance);
  }
  return instance;
}

/** The language of a request, by the detection order of spec §9 as far as a server sees it. */
export function languageOf(request: Request): Language {
  return detectLanguage({
    url: request.url,
    cookie: readCookie(request.headers.get("Cookie"), LANGUAGE_COOKIE),
    browserLanguages: parseAcceptLanguage(request.headers.get("Accept-Language")),
  });
}
