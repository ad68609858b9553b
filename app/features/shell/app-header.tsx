import { useTranslation } from "react-i18next";
import { Link, NavLink, useNavigate, useRevalidator } from "react-router";
import { Avatar } from "../../components/ui/avatar";
import { LicenceBadge } from "../billing/licence-badge";
import { NotificationsMenu } from "../hub/notifications-menu";
import { useApi } from "./errors";
import { HelpMenu } from "./help-menu";
import { LanguageSelect, ThemeToggle } from "./preferences";
import { useViewer } from "./viewer";

export function Logo() {
  const { t } = useTranslation();
  return (
    <Link to="/" className="flex items-center gap-2 font-bold tracking-tight">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span>{t("appName")}</span>
    </Link>
  );
}

/** The top bar of every page: logo, navigation, language, theme and the user's menu. */
export function AppHeader() {
  const { t } = useTranslation();
  const user = useViewer();
  const api = useApi();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();

  const signOut = async () => {
    const result = await api("POST", "/v1/exit");
    if (!result.error) {
      await revalidate();
      await navigate("/");
    }
  };

  return (
    <header className="sticky top-0 z-30 border-b border-[var(--border)] bg-[var(--surface)]/90 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-4 px-4">
        <Logo />
        {user && (
          <nav className="ml-4 hidden gap-1 sm:flex">
            <NavLink to="/project" className={({ isActive }) => `btn btn-ghost ${isActive ? "text-[var(--primary)]" : ""}`}>
              {t("nav.projects")}
            </NavLink>
            {user.site_admin && (
              <NavLink to="/blog/write" className={({ isActive }) => `btn btn-ghost ${isActive ? "text-[var(--primary)]" : ""}`} data-testid="nav-blog-editor">
                {t("blog:editor.nav")}
              </NavLink>
            )}
          </nav>
        )}
        <div className="ml-auto flex items-center gap-2">
          <div className="flex items-center gap-2" data-tour="preferences">
            <LanguageSelect />
            <ThemeToggle />
          </div>
          {user ? (
            <>
              <LicenceBadge />
              <HelpMenu />
              <div data-tour="notifications">
                <NotificationsMenu />
              </div>
              <Link to="/settings/profile" className="flex items-center gap-2 rounded-lg px-2 py-1 hover:bg-[var(--surface-2)]" data-testid="user-menu">
                <Avatar user={user} size={28} />
                <span className="hidden text-sm font-medium md:inline">{user.name}</span>
              </Link>
              <button type="button" className="btn" onClick={signOut} data-testid="sign-out">
                {t("nav.signOut")}
              </button>
            </>
          ) : (
            <Link to="/login" className="btn btn-primary">
              {t("nav.signIn")}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
