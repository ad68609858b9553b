import { type ComponentType, use, useEffect, useState } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLoaderData,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import { detectLanguage, LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, readCookie } from "../domain/i18n/languages";
import { LEGACY_PAGE_KEYS, migrateStoredPage, skipsSessionCheck } from "../domain/shell";
import { cloudflareContext } from "../workers/context";
import { namespacesFor, namespaceSetKey } from "../domain/i18n/page-namespaces";
import { i18nFor, languageOf, translationBundle } from "../workers/services/i18n";
import type { Route } from "./+types/root";
import appStyles from "./app.css?url";
import { installChunkReload, isChunkLoadError, reloadOnce } from "./features/shell/chunk-reload";
import { HubProvider } from "./features/hub/hub-provider";
import { ErrorsProvider } from "./features/shell/errors";
import { Spinner } from "./features/shell/spinner";
import { StaleVersionPrompt } from "./features/shell/stale-version-prompt";
import { ThemeProvider, themeBootScript } from "./features/shell/theme";
import { sidebarBootScript } from "./features/projects/sidebar-state";
import { createI18n, rememberLanguage } from "./lib/i18n";
import { keepTranslations, loadTranslations, TRANSLATIONS_META, translationsAt } from "./lib/translations";
import { useNonce } from "./lib/nonce";
import { zodJitlessScript } from "./lib/zod-config";
import { viewerOf } from "./lib/viewer.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const lang = languageOf(request);
  // Spec §4: the session is not checked on the sign-in callback page.
  const { pathname } = new URL(request.url);
  const user = skipsSessionCheck(pathname) ? null : await viewerOf(request, env);
  // Only the namespaces this page can show (page-namespaces.ts), as the address of their file:
  // the browser keeps it from page to page (lib/translations.ts).
  const bundle = translationBundle(lang, namespacesFor(pathname, user !== null));
  keepTranslations(bundle.url, bundle.resources);
  return { lang, translations: bundle.url, user, title: i18nFor(lang).t("common:appName") };
}

/**
 * A page whose namespaces the current HTML did not carry (the app's after the public site, a
 * document's editor after the board) needs them: the root loader runs again on that navigation,
 * so they arrive with the page's data. The signed-in flag only matters on the site, where it
 * adds one namespace the signed-in header then already has.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (namespaceSetKey(currentUrl.pathname, true) !== namespaceSetKey(nextUrl.pathname, true)) return true;
  return defaultShouldRevalidate;
}

/**
 * The page's style sheet, linked by the root itself rather than imported for its side effect:
 * it then belongs to no chunk, so no lazy import asks for it again under another address (a
 * second sheet restyles the whole page; decisions.md, "Nothing restyles the whole page").
 */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: appStyles }];

/**
 * The default title; a route's own `meta` (public pages: domain/seo/head.ts) replaces it, so a
 * page never has two `<title>` elements.
 */
export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Planning" }];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  return (
    <html lang={data?.lang ?? "ru"} data-theme="light" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: zodJitlessScript }} />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: themeBootScript + sidebarBootScript }} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {data?.translations && <meta name={TRANSLATIONS_META} content={data.translations} />}
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** The tooltip host and the toasts, loaded once the page is interactive (overlays.tsx). */
function LateOverlays() {
  const [Overlays, setOverlays] = useState<ComponentType | null>(null);
  useEffect(() => {
    void import("./features/shell/overlays").then((module) => setOverlays(() => module.Overlays));
  }, []);
  return Overlays ? <Overlays /> : null;
}

export default function App() {
  const { lang, translations, user } = useLoaderData<typeof loader>();
  // Here on the server and at hydration; a navigation to a page of another set waits for them.
  const resources = translationsAt(translations) ?? use(loadTranslations(translations));
  const [i18n] = useState(() => createI18n(lang, resources));
  const navigation = useNavigation();

  // Namespaces this page brought that the instance lacks (another language, or the app's after
  // the public site's) are added before anything below renders with them. Idempotent.
  for (const [ns, bundle] of Object.entries(resources)) {
    if (bundle && !i18n.hasResourceBundle(lang, ns)) i18n.addResourceBundle(lang, ns, bundle, true, true);
  }
  useEffect(() => {
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
  }, [i18n, lang]);

  useEffect(() => {
    // Server-rendered forms look ready before React owns them; this marks the moment they are
    // (end-to-end tests wait for it instead of guessing with timeouts).
    document.documentElement.dataset.hydrated = "true";
    installChunkReload();
    // Legacy stored values: "planning" is now "taskboard" (spec §2).
    for (const key of LEGACY_PAGE_KEYS) {
      const value = localStorage.getItem(key);
      const migrated = migrateStoredPage(value);
      if (migrated !== value && migrated !== null) localStorage.setItem(key, migrated);
    }
    // The browser may know a language the server could not see (local or session storage).
    const detected = detectLanguage({
      url: window.location.href,
      cookie: readCookie(document.cookie, LANGUAGE_COOKIE),
      localStorage: localStorage.getItem(LANGUAGE_STORAGE_KEY),
      sessionStorage: sessionStorage.getItem(LANGUAGE_STORAGE_KEY),
      browserLanguages: navigator.languages,
      htmlLang: document.documentElement.lang,
    });
    rememberLanguage(detected);
    if (detected !== lang) void i18n.changeLanguage(detected);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    // A guest has no token to keep (spec §4: a failed session check removes it).
    if (!user) localStorage.removeItem("access_token");
  }, [user]);

  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <ErrorsProvider>
          <HubProvider userGuid={user?.guid ?? null}>
            {navigation.state === "loading" && <Spinner />}
            <Outlet />
            <LateOverlays />
            <StaleVersionPrompt />
          </HubProvider>
        </ErrorsProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}

export function HydrateFallback() {
  return <Spinner fullHeight />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation("errors");
  if (typeof window !== "undefined" && isChunkLoadError(error)) reloadOnce();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const key = ({ 400: "page400", 403: "page403", 404: "page404", 405: "page405" } as Record<number, string>)[status] ?? "pageUnexpected";
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-6xl font-bold text-[var(--muted)]">{status}</p>
      <h1 className="text-xl font-semibold">{t(key)}</h1>
      <a className="btn btn-primary" href="/">
        {t("backHome")}
      </a>
    </main>
  );
}
