import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link } from "react-router";

/** The body of an ErrorBoundary: 404 when the thing is not there (or not yours), else 500, and the way back. */
export function ErrorNotice({ error, back }: { error: unknown; back: { to: string; label: string } }) {
  const { t } = useTranslation("errors");
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <p className="text-6xl font-bold text-[var(--muted)]">{missing ? 404 : 500}</p>
      <h1 className="text-xl font-semibold">{t(missing ? "page404" : "pageUnexpected")}</h1>
      <Link className="btn btn-primary" to={back.to}>
        {back.label}
      </Link>
    </>
  );
}
