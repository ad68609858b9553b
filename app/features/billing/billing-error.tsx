import { useTranslation } from "react-i18next";
import { useRouteError } from "react-router";
import { ErrorNotice } from "../site/error-notice";

/** The ErrorBoundary of the billing pages: a plan or payment that is not (or not yours) is a 404. */
export function BillingError() {
  const error = useRouteError();
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-4 py-16 text-center" data-testid="billing-error">
      <ErrorNotice error={error} back={{ to: "/price", label: t("billing:payment.backToPlans") }} />
    </main>
  );
}
