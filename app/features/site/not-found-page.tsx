import { useTranslation } from "react-i18next";
import { ErrorNotice } from "./error-notice";
import { PublicPage } from "./public-page";

/** The ErrorBoundary of a public page whose category or article does not exist. */
export function PublicPageError({ error }: { error: unknown }) {
  const { t } = useTranslation("errors");
  return (
    <PublicPage>
      <div className="flex flex-col items-center gap-4 py-16 text-center">
        <ErrorNotice error={error} back={{ to: "/help", label: t("site:help.backToHelp") }} />
      </div>
    </PublicPage>
  );
}
