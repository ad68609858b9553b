import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link } from "react-router";
import { PublicPage } from "./public-page";

/** The ErrorBoundary of a public page whose category or article does not exist. */
export function PublicPageError({ error }: { error: unknown }) {
  const { t } = useTranslation("errors");
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <PublicPage>
      <div className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-6xl font-bold text-[var(--muted)]">{missing ? 404 : 500}</p>
        <h1 className="text-xl font-semibold">{t(missing ? "page404" : "pageUnexpected")}</h1>
        <Link className="btn btn-primary" to="/help">
          {t("site:help.backToHelp")}
        </Link>
      </div>
    </PublicPage>
  );
}
