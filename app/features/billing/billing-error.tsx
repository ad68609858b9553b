import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";

/** The ErrorBoundary of the billing pages: a plan or payment that is not (or not yours) is a 404. */
export function BillingError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-4 py-16 text-center" data-testid="billing-error">
      <p className="text-6xl font-bold text-[var(--muted)]">{missing ? 404 : 500}</p>
      <h1 className="text-xl font-semibold">{t(missing ? "errors:page404" : "errors:pageUnexpected")}</h1>
      <Link className="btn btn-primary" to="/price">
        {t("billing:payment.backToPlans")}
      </Link>
    </main>
  );
}
