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
