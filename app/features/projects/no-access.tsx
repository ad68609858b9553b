import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/ui/empty-state";
import { Link } from "react-router";

/**
 * Shown instead of a project the viewer may not see (spec §6: a 403 yields a no-access marker).
 * With `adminsOf`, the viewer is a participant of that project but the page is for its roots
 * (a root-only settings tab); they are pointed to the settings that are theirs.
 */
export function NoAccess({ adminsOf }: { adminsOf?: string }) {
  const { t } = useTranslation("projects");
  return (
    <EmptyState as="main" heading="h1" icon="lock" iconSize={48} title={t(adminsOf ? "noAccess.adminsTitle" : "noAccess.title")} body={t(adminsOf ? "noAccess.adminsBody" : "noAccess.body")} className={adminsOf ? "py-16" : "py-24"} testId="no-access">
      <Link className="btn btn-primary mt-2" to={adminsOf ? `/project/${adminsOf}/settings/notifications` : "/project"}>
        {t(adminsOf ? "noAccess.adminsBack" : "noAccess.back")}
      </Link>
    </EmptyState>
  );
}
