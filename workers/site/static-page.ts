/**
 * A guest's landing page without React (issue 17: JavaScript for `/` ≤ 100 KB; React DOM and
 * React Router alone are about 105 KB). The server-rendered HTML is the whole page; on the way
 * out the module preloads and every script React Router puts in the body (scroll restoration,
 * its context and data stream, the module that hydrates) are dropped, and the page's own small
 * script (domain/site/landing-script.ts) takes their place with the response's nonce. The page
 * renders nothing that streams in later (no Suspense boundary resolves after the shell), so no
 * content waits for a dropped script. Any other page, and `/` with a session, hydrates as usual.
 */
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, LANGUAGES, languageCookie, toLanguage } from "../../domain/i18n/languages";
import { THEME_STORAGE_KEY } from "../../domain/shell";
import { iconMarkup, type LandingConfig, landingScript, STATIC_PAGE_ATTRIBUTE } from "../../domain/site/landing-script";
import { SHAPES } from "../../app/components/ui/icons";
import { i18nFor } from "../services/i18n";
import { TRANSLATIONS_META } from "../../app/lib/translations";

/** The script's texts and icons in one language. */
export function landingConfig(lng: string): LandingConfig {
  const { t } = i18nFor(toLanguage(lng) ?? DEFAULT_LANGUAGE);
  const switchTo = (theme: "light" | "dark") => t("common:theme.switchTo", { theme: t(`common:theme.names.${theme}`) });
  const feedback = (key: string) => t(`common:feedback.${key}`);
  return {
    themeKey: THEME_STORAGE_KEY,
    languageKey: LANGUAGE_STORAGE_KEY,
    languageCookie: LANGUAGE_COOKIE,
    cookies: Object.fromEntries(LANGUAGES.map((l) => [l, languageCookie(l)])),
    switchTo: { light: switchTo("light"), dark: switchTo("dark") },
    icons: { light: iconMarkup(SHAPES.moon), dark: iconMarkup(SHAPES.sun) },
    network: t("errors:network"),
    feedback: {
      title: feedback("title"),
      name: feedback("name"),
      email: feedback("email"),
      phone: feedback("phone"),
      text: feedback("text"),
      send: feedback("send"),
      close: feedback("close"),
    },
  };
}

/** The page's HTML with React's scripts replaced by the landing page's own. */
export function withoutReact(page: Response, nonce: string): Response {
  if (page.status !== 200 || !(page.headers.get("Content-Type") ?? "").startsWith("text/html")) return page;
  let lng: string = DEFAULT_LANGUAGE;
  return new HTMLRewriter()
    .on("html", {
      element(el) {
        lng = el.getAttribute("lang") ?? lng;
        // Tests and tools can tell a page that never hydrates from one still loading.
        el.setAttribute(STATIC_PAGE_ATTRIBUTE, "");
      },
    })
    .on('link[rel="modulepreload"]', {
      element(el) {
        el.remove();
      },
    })
    // Nothing here reads the translations' file: the next page's loader names its own.
    .on(`meta[name="${TRANSLATIONS_META}"]`, {
      element(el) {
        el.remove();
      },
    })
    .on("body script", {
      element(el) {
        // Structured data is not a script that runs; the rest is React Router's.
        if (el.getAttribute("type") !== "application/ld+json") el.remove();
      },
    })
    .on("body", {
      element(el) {
        el.onEndTag((end) => {
          end.before(`<script nonce="${nonce}">${landingScript(landingConfig(lng))}</script>`, { html: true });
        });
      },
    })
    .transform(page);
}
