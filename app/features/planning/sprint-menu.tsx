/** A sprint lane's menu of actions (edit, start, poker, retro, complete, archive, delete), as its state allows. */
import { useTranslation } from "react-i18next";
import type { SprintView } from "../../../workers/services/sprints";
import { loadSprintDialogs } from "./sprint-dialogs-loader";

export type SprintAction = "edit" | "start" | "poker" | "retro" | "complete" | "archive" | "unarchive" | "delete";

export function SprintMenu({ sprint, unestimated, onAction }: { sprint: SprintView; unestimated: number; onAction: (action: SprintAction) => void }) {
  const { t } = useTranslation("projects");
  const open = sprint.status !== "completed";
  const actions: SprintAction[] = sprint.archived
    ? ["unarchive", "delete"]
    : ["edit", ...(sprint.status === "planned" ? (["start"] as const) : []), ...(open && unestimated > 0 ? (["poker"] as const) : []), ...(sprint.status !== "planned" ? (["retro"] as const) : []), ...(open ? (["complete"] as const) : []), "archive", "delete"];
  return (
    <details className="relative" data-testid="sprint-menu">
      {/* "Edit" and "Complete" open dialogs: their chunk starts loading when the menu is reached for. */}
      <summary className="btn list-none px-2 py-1 text-xs" aria-label={t("sprints.actions", { title: sprint.title })} onPointerEnter={() => void loadSprintDialogs()} onFocus={() => void loadSprintDialogs()}>
        ⋯
      </summary>
      <ul className="card absolute right-0 z-20 mt-1 w-48 p-1 text-sm shadow-lg">
        {actions.map((action) => (
          <li key={action}>
            <button
              type="button"
              className={`w-full rounded px-3 py-1.5 text-left hover:bg-[var(--surface-2)] ${action === "delete" ? "text-[var(--danger)]" : ""}`}
              onClick={(e) => {
                (e.currentTarget.closest("details") as HTMLDetailsElement).open = false;
                onAction(action);
              }}
              data-testid={`sprint-${action}`}
            >
              {t(`sprints.${action}`)}
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
