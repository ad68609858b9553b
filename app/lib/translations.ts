/**
 * A page's translations, kept by the address of their file (`translationBundle` on the server,
 * issue 17): the root loader sends only that address. On the server the loader puts the bundle
 * here before the page renders; in the browser it is fetched before hydration
 * (`entry.client.tsx`, started by the first-paint script where a page has one) and before a
 * navigation to a page of another set renders (`root.tsx` suspends on `loadTranslations`).
 */
import type { Resource } from "i18next";

type Bundle = Resource[string];

const loaded = new Map<string, Bundle>();
const loading = new Map<string, Promise<Bundle>>();

/** The `<meta>` that names the page's translations in the HTML. */
export const TRANSLATIONS_META = "translations";

declare global {
  interface Window {
    /** Started by the first-paint script: the page's translations, as fetched (null on failure). */
    __translations?: { url: string; body: Promise<unknown> };
  }
}

/** The bundle at `url`, if it is here. */
export function translationsAt(url: string): Bundle | undefined {
  return loaded.get(url);
}

/** Puts a bundle the server already holds (the root loader). */
export function keepTranslations(url: string, bundle: Bundle) {
  loaded.set(url, bundle);
}

/**
 * The bundle at `url`, fetched once. A failed fetch gives an empty bundle: i18next then loads
 * each namespace the page asks for from `/locales` (its HTTP backend), so the page still speaks.
 */
export function loadTranslations(url: string): Promise<Bundle> {
  const here = loaded.get(url);
  if (here) return Promise.resolve(here);
  let pending = loading.get(url);
  if (!pending) {
    const started = typeof window !== "undefined" && window.__translations?.url === url ? window.__translations.body : undefined;
    pending = (started ?? fetch(url, { credentials: "same-origin" }).then((r) => (r.ok ? r.json() : null)))
      .catch(() => null)
      .then((body) => {
        const bundle = body && typeof body === "object" ? (body as Bundle) : {};
        loaded.set(url, bundle);
        loading.delete(url);
        return bundle;
      });
    loading.set(url, pending);
  }
  return pending;
}

/** The address of the page's translations, from its HTML (before React Router has read its data). */
export function translationsOfPage(): string | null {
  return document.querySelector<HTMLMetaElement>(`meta[name="${TRANSLATIONS_META}"]`)?.content || null;
}
