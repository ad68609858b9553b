import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "../../components/ui/icons";

/** Shown instead of a project the viewer may not see (spec §6: a 403 yields a no-access marker). */
export function NoAccess() {
  const { t } = useTranslation("projects");
  return (
    <main className="mx-auto flex max-w-lg flex-col items-center gap-3 px-4 py-24 text-center" data-testid="no-access">
      <div className="muted" aria-hidden="true">
        <Icon name="lock" size={48} />
      </div>
      <h1 className="text-xl font-bold">{t("noAccess.title")}</h1>
      <p className="muted">{t("noAccess.body")}</p>
      <Link className="btn btn-primary mt-2" to="/project">
        {t("noAccess.back")}
      </Link>
    </main>
  );
}
