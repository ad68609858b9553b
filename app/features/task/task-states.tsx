/** What shows instead of a task: it does not exist (a wrong address) or it was just deleted. */
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "../../components/ui/icons";

export function TaskGone({ reason, projectGuid, onClose }: { reason: "not_found" | "deleted"; projectGuid: string; onClose?: () => void }) {
  const { t } = useTranslation("task");
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center" data-testid={reason === "deleted" ? "task-deleted" : "task-not-found"} role="status">
      <div className="muted" aria-hidden="true">
        <Icon name={reason === "deleted" ? "trash" : "document"} size={44} />
      </div>
      <h2 className="text-xl font-bold">{t(`gone.${reason}.title`)}</h2>
      <p className="muted max-w-md">{t(`gone.${reason}.body`)}</p>
      {onClose ? (
        <button type="button" className="btn btn-primary mt-2" onClick={onClose}>
          {t("gone.back")}
        </button>
      ) : (
        <Link to={`/project/${projectGuid}/taskboard`} className="btn btn-primary mt-2">
          {t("gone.back")}
        </Link>
      )}
    </div>
  );
}
