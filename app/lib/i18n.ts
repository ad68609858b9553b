/** The browser's (and the server render's) i18next instance, seeded with the page's resources. */
import { createInstance, type i18n as I18n, type Resource } from "i18next";
import HttpBackend from "i18next-http-backend";
import { initReactI18next } from "react-i18next";
import {
  DEFAULT_LANGUAGE,
  languageCookie,
  LANGUAGE_STORAGE_KEY,
  type Language,
} from "../../domain/i18n/languages";

export function createI18n(lng: Language, resources: Resource[string]): I18n {
  const instance = createInstance();
  const inBrowser = typeof window !== "undefined";
  if (inBrowser) instance.use(HttpBackend);
  void instance.use(initReactI18next).init({
    lng,
    // Every language carries every key (the locale files are kept in step), so the browser does
    // not fetch the Russian fallback of each namespace on every page load (issue 17: 16 requests
    // and their parsing while the page hydrated). The server keeps the fallback in memory.
    fallbackLng: inBrowser ? false : DEFAULT_LANGUAGE,
    // The page's own namespaces (page-namespaces.ts); any other one is fetched when a screen asks.
    ns: Object.keys(resources),
    defaultNS: "common",
    resources: { [lng]: resources },
    partialBundledLanguages: true,
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    // Spec §9: at most 5 retries, 350 ms first back-off (doubled each time), 10 parallel reads.
    maxRetries: 5,
    retryTimeout: 350,
    maxParallelReads: 10,
    backend: { loadPath: "/locales/{{lng}}/{{ns}}.json" },
  });
  return instance;
}

/** Caches the chosen language in local storage and in the cookie the server reads. */
export function rememberLanguage(lng: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // Private mode: the cookie still carries the choice.
  }
  document.cookie = languageCookie(lng);
  // Setting it, even to the same value, restyles every element (issue 17).
  if (document.documentElement.lang !== lng) document.documentElement.lang = lng;
}
