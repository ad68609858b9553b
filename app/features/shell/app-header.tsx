import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useLocation, useNavigate, useRevalidator } from "react-router";
import { Icon } from "../../components/ui/icons";
import { lazyPart } from "../../lib/before-hydration";
import { useDismiss } from "../../lib/use-dismiss";
import { useApi } from "./errors";
import { LanguageSelect, ThemeToggle } from "./preferences";
import { useViewer } from "./viewer";

// A signed-in person's tools (palette, licence, help, notifications, account link) are their
// own chunks: a guest's page, the landing page above all, never loads them (issue 17). The
// signed-in layout imports them statically, so the app's pages have them with their first
// JavaScript.
// Rendered in place (`inline`): a boundary of their own made React move them to the end of the HTML.
const accountTools = lazyPart(() => import("./account-tools").then((module) => ({ default: module.AccountTools })), { inline: true });
const paletteButton = lazyPart(() => import("./palette").then((module) => ({ default: module.PaletteButton })), { inline: true });
const AccountTools = accountTools.Inline;
const PaletteButton = paletteButton.Inline;

// The server rendered a signed-in person's tools (the header, outside any Suspense boundary, is
// in the HTML before the page's scripts): hydration waits for their chunks, so a first click on
// them is not dropped (lib/before-hydration.ts). On the app's pages the chunks are already here.
if (typeof document !== "undefined" && document.querySelector("header[data-signed-in]")) {
  accountTools.beforeHydration();
  paletteButton.beforeHydration();
}

/** The logo links home; below the `sm` breakpoint only the mark shows, the name stays for screen readers. */
export function Logo() {
  const { t } = useTranslation();
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2 font-bold tracking-tight">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span className="sr-only sm:not-sr-only">{t("appName")}</span>
    </Link>
  );
}

const navClass = ({ isActive }: { isActive: boolean }) => `btn btn-ghost ${isActive ? "text-[var(--primary)]" : ""}`;

/**
 * The top bar of every page: logo, navigation, language, theme and the user's menu. On a phone
 * the navigation, language, theme and sign-out fold into one menu button; each control exists
 * once in the document (from `sm` up the panel is `display: contents`, its controls laid out in
 * the bar), so tests and assistive technology find one of each.
 */
export function AppHeader() {
  const { t } = useTranslation();
  const user = useViewer();
  const api = useApi();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setMenuOpen(false), []);
  useDismiss(menuOpen, menu, close);
  // A followed link closes the phone menu.
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    setMenuOpen(false);
  }

  const signOut = async () => {
    const result = await api("POST", "/v1/exit");
    if (!result.error) {
      await revalidate();
      await navigate("/");
    }
  };

  return (
    <header className="sticky top-0 z-30 border-b border-[var(--border)] bg-[var(--surface)]/90 backdrop-blur" data-signed-in={user ? "" : undefined}>
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4 sm:gap-4">
        <Logo />
        {user && (
          <nav className="ml-4 hidden gap-1 sm:flex" aria-label={t("shell.mainNav")}>
            <NavLink to="/project" className={navClass}>
              {t("nav.projects")}
            </NavLink>
            {user.site_admin && (
              <NavLink to="/blog/write" className={navClass} data-testid="nav-blog-editor">
                {t("blog:editor.nav")}
              </NavLink>
            )}
          </nav>
        )}
        <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
          {user && <PaletteButton />}
          <div className="relative order-last sm:contents" ref={menu}>
            <button type="button" className="btn btn-ghost px-2.5 sm:hidden" aria-expanded={menuOpen} aria-controls="app-header-menu" onClick={() => setMenuOpen(!menuOpen)} data-testid="header-menu" data-tour="preferences-menu">
              <Icon name="menu" size={20} />
              <span className="sr-only">{t("shell.menu")}</span>
            </button>
            <div
              id="app-header-menu"
              className={`${menuOpen ? "flex" : "hidden"} card absolute right-0 z-40 mt-2 w-60 flex-col items-stretch gap-2 p-2 sm:contents`}
            >
              {user && (
                <NavLink to="/project" className={({ isActive }) => `${navClass({ isActive })} justify-start sm:hidden`}>
                  {t("nav.projects")}
                </NavLink>
              )}
              <div className="flex items-center gap-2" data-tour="preferences">
                <LanguageSelect className="min-w-0 flex-1 sm:flex-none" />
                <ThemeToggle />
              </div>
              {user && (
                <button type="button" className="btn sm:order-last" onClick={signOut} data-testid="sign-out">
                  {t("nav.signOut")}
                </button>
              )}
            </div>
          </div>
          {user ? (
            <AccountTools user={user} />
          ) : (
            <Link to="/login" className="btn btn-primary shrink-0">
              {t("nav.signIn")}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
