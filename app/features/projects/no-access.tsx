import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "../../components/ui/icons";

/**
 * Shown instead of a project the viewer may not see (spec §6: a 403 yields a no-access marker).
 * With `adminsOf`, the viewer is a participant of that project but the page is for its roots
 * (a root-only settings tab); they are pointed to the settings that are theirs.
 */
export function NoAccess({ adminsOf }: { adminsOf?: string }) {
  const { t } = useTranslation("projects");
  return (
    <main className={`mx-auto flex max-w-lg flex-col items-center gap-3 px-4 text-center ${adminsOf ? "py-16" : "py-24"}`} data-testid="no-access">
      <div className="muted" aria-hidden="true">
        <Icon name="lock" size={48} />
      </div>
      <h1 className="text-xl font-bold">{t(adminsOf ? "noAccess.adminsTitle" : "noAccess.title")}</h1>
      <p className="muted">{t(adminsOf ? "noAccess.adminsBody" : "noAccess.body")}</p>
      <Link className="btn btn-primary mt-2" to={adminsOf ? `/project/${adminsOf}/settings/notifications` : "/project"}>
        {t(adminsOf ? "noAccess.adminsBack" : "noAccess.back")}
      </Link>
    </main>
  );
}
