/** What shows instead of a task: it does not exist (a wrong address) or it was just deleted. */
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/ui/empty-state";
import { Link } from "react-router";

export function TaskGone({ reason, projectGuid, onClose }: { reason: "not_found" | "deleted"; projectGuid: string; onClose?: () => void }) {
  const { t } = useTranslation("task");
  return (
    <EmptyState icon={reason === "deleted" ? "trash" : "document"} title={t(`gone.${reason}.title`)} body={t(`gone.${reason}.body`)} testId={reason === "deleted" ? "task-deleted" : "task-not-found"} role="status">
      {onClose ? (
        <button type="button" className="btn btn-primary mt-2" onClick={onClose}>
          {t("gone.back")}
        </button>
      ) : (
        <Link to={`/project/${projectGuid}/taskboard`} className="btn btn-primary mt-2">
          {t("gone.back")}
        </Link>
      )}
    </EmptyState>
  );
}
