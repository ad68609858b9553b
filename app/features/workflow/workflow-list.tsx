import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { allTransitions } from "../../../domain/fields/workflow";
import type { FieldView } from "../../../workers/services/field-definitions";
import type { WorkflowView } from "../../../workers/services/workflows";
import { Icon } from "../../components/ui/icons";
import { allowedMoves } from "./workflow-editor";

/** The project's workflows, each with its field and how many of the possible moves it allows. */
export function WorkflowList({ workflows, fields, detailsPath }: { workflows: WorkflowView[]; fields: FieldView[]; detailsPath: (w: WorkflowView) => string }) {
  const { t } = useTranslation("projects");
  if (workflows.length === 0) {
    return (
      <p className="muted px-6 pb-6 text-sm" data-testid="workflows-empty">
        {t("workflow.empty")}
      </p>
    );
  }
  return (
    <ul className="divide-y divide-[var(--border)] border-t border-[var(--border)]" data-testid="workflow-list">
      {workflows.map((w) => {
        const field = fields.find((f) => f.guid === w.field);
        const total = field ? allTransitions(field.settings.values_set.map((o) => o.guid)).length : 0;
        return (
          <li key={w.guid} data-testid="workflow-row" data-guid={w.guid}>
            <Link to={detailsPath(w)} className="group flex items-center gap-3 px-6 py-3 hover:bg-[var(--surface-2)]" aria-label={t("workflow.open", { name: w.title })}>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium group-hover:text-[var(--primary)]" data-testid="workflow-row-title">
                  {w.title}
                </span>
                <span className="muted block truncate text-sm">
                  {field?.title ?? ""}
                  {field && " · "}
                  {field && t("workflow.moves", { count: allowedMoves(w, field).length, total })}
                </span>
              </span>
              <Icon name="chevronRight" size={16} className="muted shrink-0" />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
