import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { HELP_QUERY_MAX } from "../../../domain/help/articles";

/** The help centre's search: a GET form to `/help?q=`, so it works before (and without) scripts. */
export function HelpSearchForm({ query = "" }: { query?: string }) {
  const { t } = useTranslation("site");
  return (
    <Form method="get" action="/help" role="search" className="flex gap-2" data-testid="help-search">
      <label htmlFor="help-q" className="sr-only">
        {t("help.searchLabel")}
      </label>
      <input id="help-q" className="input flex-1" type="search" name="q" defaultValue={query} maxLength={HELP_QUERY_MAX} placeholder={t("help.searchPlaceholder")} />
      <button type="submit" className="btn btn-primary">
        {t("help.search")}
      </button>
    </Form>
  );
}
