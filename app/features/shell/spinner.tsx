import { useTranslation } from "react-i18next";

/** The centred spinner shown while a page or the session is loading (spec §2). */
export function Spinner({ fullHeight = false }: { fullHeight?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      className={`flex items-center justify-center ${fullHeight ? "min-h-screen" : "fixed inset-0 z-40 bg-[var(--bg)]/40"}`}
      role="status"
      aria-live="polite"
    >
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">{t("loading")}</span>
    </div>
  );
}
