/**
 * Shown once a socket was closed because the page speaks an older live protocol than the
 * server (a deploy happened while the page was open): live updates have stopped, and a reload
 * brings the new version. See `app/lib/live-version.ts`.
 */
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { staleVersion } from "../../lib/live-version";

export function StaleVersionPrompt() {
  const { t } = useTranslation("common");
  const stale = useSyncExternalStore(staleVersion.subscribe, staleVersion.get, () => false);
  if (!stale) return null;
  return (
    <div
      role="alert"
      data-testid="stale-version"
      className="card fixed bottom-4 left-1/2 z-50 flex -translate-x-1/2 items-center gap-3 px-4 py-3 shadow-lg"
    >
      <span className="text-sm">{t("staleVersion.text")}</span>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t("staleVersion.reload")}
      </button>
    </div>
  );
}
