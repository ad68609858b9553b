import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { cloudflareContext } from "../../workers/context";
import type { WorkflowView } from "../../workers/services/workflows";
import { useConfirm } from "../components/ui/dialog";
import { FormAlert } from "../components/ui/field";
import { serverErrors } from "../components/ui/form-errors";
import { Icon } from "../components/ui/icons";
import { NoAccess } from "../features/projects/no-access";
import { useProject } from "../features/projects/use-project";
import { useApi } from "../features/shell/errors";
import { NewWorkflowForm } from "../features/workflow/new-workflow-form";
import { loadWorkflowSettings } from "../features/workflow/workflow-data.server";
import { WorkflowEditor } from "../features/workflow/workflow-editor";
import { WorkflowList } from "../features/workflow/workflow-list";
import type { Route } from "./+types/project-settings-workflow";
import { HelpLink } from "../features/site/help-link";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  return loadWorkflowSettings(request, env, params.guid);
}

/**
 * `/project/{guid}/settings/workflow/{workflowGuid?}`: the project's workflows and a form for a
 * new one, and with `{workflowGuid}` that workflow's transitions matrix (root only).
 */
export default function ProjectSettingsWorkflow(props: Route.ComponentProps) {
  return props.loaderData.allowed ? <WorkflowSettings {...props} /> : <NoAccess adminsOf={props.params.guid} />;
}

function WorkflowSettings({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation("projects");
  const [confirmDialog, ask] = useConfirm();
  const project = useProject();
  const api = useApi();
  const navigate = useNavigate();
  const { fields } = loaderData;
  const [workflows, setWorkflows] = useState(loaderData.workflows);
  // A notice belongs to the view it was made for: "created" to the new workflow's page,
  // "deleted" to the list.
  const [notice, setNotice] = useState<{ text: string; on?: string } | null>(null);
  const [error, setError] = useState("");
  useEffect(() => setWorkflows(loaderData.workflows), [loaderData.workflows]);

  const taken = useMemo(() => new Set(workflows.map((w) => w.field)), [workflows]);
  const base = `/project/${project.guid}/settings/workflow`;
  const detailsPath = (w: WorkflowView) => `${base}/${w.guid}`;
  const replace = (next: WorkflowView) => setWorkflows((list) => list.map((w) => (w.guid === next.guid ? next : w)));

  const remove = async (workflow: WorkflowView) => {
    setError("");
    if (!(await ask({ question: t("workflow.confirmDelete", { name: workflow.title }), confirm: t("common:confirm.delete"), cancel: t("common:confirm.cancel") }))) return;
    const result = await api("DELETE", `/v1/project/${project.guid}/workflow/${workflow.guid}`, undefined, { quiet: true });
    if (result.error) return setError(serverErrors(result.error, t).detail);
    setWorkflows((list) => list.filter((w) => w.guid !== workflow.guid));
    setNotice({ text: t("workflow.deleted", { name: workflow.title }) });
    void navigate(base);
  };

  const alerts = (
    <div className="flex flex-col gap-2 empty:hidden" aria-live="polite">
      {notice && notice.on === params.workflowGuid && <FormAlert tone="success">{notice.text}</FormAlert>}
      {error && (
        <div data-testid="workflows-error">
          <FormAlert tone="error">{error}</FormAlert>
        </div>
      )}
    </div>
  );

  if (params.workflowGuid) {
    const workflow = workflows.find((w) => w.guid === params.workflowGuid);
    const field = workflow && fields.find((f) => f.guid === workflow.field);
    return (
      <div className="flex min-w-0 flex-col gap-4">
        {confirmDialog}
        <Link to={base} className="link inline-flex w-fit items-center gap-1.5 text-sm" data-testid="workflow-back">
          <Icon name="arrowLeft" size={16} />
          {t("workflow.back")}
        </Link>
        {alerts}
        {workflow && field ? (
          <WorkflowEditor key={workflow.guid} workflow={workflow} field={field} projectGuid={project.guid} onSaved={replace} onDelete={remove} />
        ) : (
          <section className="card p-6" data-testid="workflow-not-found">
            <p>{t("workflow.notFound")}</p>
          </section>
        )}
      </div>
    );
  }

  return (
    <div className="flex min-w-0 flex-col gap-6">
      {confirmDialog}
      <div>
        <h2 className="text-lg font-semibold">{t("settings.tabs.workflow")}</h2>
        <p className="muted mt-1 max-w-2xl text-sm">{t("workflow.intro")}</p>
        <p className="muted mt-1 max-w-2xl text-sm">{t("workflow.refused")}</p>
        <HelpLink topic="planning/custom-fields" />
      </div>

      {alerts}

      <section className="card overflow-hidden">
        <div className="flex items-baseline gap-2 px-6 pt-5 pb-3">
          <h3 className="font-semibold">{t("workflow.listTitle")}</h3>
          <span className="muted text-sm" data-testid="workflows-count">
            {workflows.length}
          </span>
        </div>
        <WorkflowList workflows={workflows} fields={fields} detailsPath={detailsPath} />
      </section>

      <section className="card">
        <h3 className="px-6 pt-5 pb-3 font-semibold">{t("workflow.new")}</h3>
        <NewWorkflowForm
          projectGuid={project.guid}
          fields={fields}
          taken={taken}
          onCreated={(workflow) => {
            setWorkflows((list) => [...list, workflow]);
            setNotice({ text: t("workflow.created", { name: workflow.title }), on: workflow.guid });
            void navigate(detailsPath(workflow));
          }}
        />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation("projects");
  return (
    <section className="card p-6" data-testid="workflow-error-boundary">
      <p>{t("workflow.loadFailed")}</p>
    </section>
  );
}
