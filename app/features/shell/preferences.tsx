import { useTranslation } from "react-i18next";
import { tooltip } from "../../components/ui/tooltip";
import { useRevalidator } from "react-router";
import { LANGUAGES, type Language, isLanguage } from "../../../domain/i18n/languages";
import { THEMES, type Theme } from "../../../domain/shell";
import { Icon } from "../../components/ui/icons";
import { rememberLanguage } from "../../lib/i18n";
import { useTheme } from "./theme";

/** Switches the interface language; the choice survives reloads (cookie + local storage). */
export function useChangeLanguage() {
  const { i18n } = useTranslation();
  const { revalidate } = useRevalidator();
  return async (lng: Language) => {
    rememberLanguage(lng);
    await i18n.changeLanguage(lng);
    // The root loader reads the cookie, so server-rendered text follows on the next load.
    await revalidate();
  };
}

export function LanguageSelect({ className = "" }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const change = useChangeLanguage();
  return (
    <select
      aria-label={t("language.label")}
      className={`input w-auto py-1.5 ${className}`}
      value={i18n.language}
      onChange={(e) => isLanguage(e.target.value) && void change(e.target.value)}
      data-testid="language-select"
    >
      {LANGUAGES.map((lng) => (
        <option key={lng} value={lng}>
          {t(`language.names.${lng}`)}
        </option>
      ))}
    </select>
  );
}

export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme, setTheme } = useTheme();
  const next: Theme = theme === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      className="btn btn-ghost px-2.5"
      onClick={() => setTheme(next)}
      aria-label={t("theme.switchTo", { theme: t(`theme.names.${next}`) })}
      {...tooltip(t("theme.switchTo", { theme: t(`theme.names.${next}`) }))}
      data-testid="theme-toggle"
    >
      <Icon name={theme === "dark" ? "sun" : "moon"} size={18} />
    </button>
  );
}

export { THEMES };
