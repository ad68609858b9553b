import { type ReactNode, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { moveWithinGroup, renumber } from "../../domain/ordering";
import { cloudflareContext } from "../../workers/context";
import type { FieldView } from "../../workers/services/field-definitions";
import { useConfirm } from "../components/ui/dialog";
import { FormAlert } from "../components/ui/field";
import { serverErrors } from "../components/ui/form-errors";
import { Icon } from "../components/ui/icons";
import { FieldDetails } from "../features/fields/field-details";
import { SortableFieldList } from "../features/fields/field-list";
import { NewFieldForm } from "../features/fields/new-field-form";
import { loadFieldSettings } from "../features/fields/field-data.server";
import { NoAccess } from "../features/projects/no-access";
import { useProject } from "../features/projects/use-project";
import { useApi } from "../features/shell/errors";
import { useSerial } from "../lib/use-serial";
import type { Route } from "./+types/project-settings-fields";
import { HelpLink } from "../features/site/help-link";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  return loadFieldSettings(request, env, params.guid);
}

/**
 * `/project/{guid}/settings/fields/{field?}`: the project's fields in two orderable lists
 * (shown and hidden), a form for a new one, and with `{field}` that field's details (root only).
 */
export default function ProjectSettingsFields(props: Route.ComponentProps) {
  return props.loaderData.allowed ? <FieldSettings {...props} /> : <NoAccess adminsOf={props.params.guid} />;
}

function FieldSettings({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation("projects");
  const [confirmDialog, ask] = useConfirm();
  const project = useProject();
  const api = useApi();
  const navigate = useNavigate();
  const [fields, setFields] = useState(loaderData.fields);
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState("");
  const [error, setError] = useState("");
  useEffect(() => setFields(loaderData.fields), [loaderData.fields]);

  const shown = useMemo(() => fields.filter((f) => !f.hide_to_user), [fields]);
  const hidden = useMemo(() => fields.filter((f) => f.hide_to_user), [fields]);
  const base = `/project/${project.guid}/settings/fields`;
  const detailsPath = (f: FieldView) => `${base}/${f.guid}`;
  const replace = (next: FieldView) => setFields((list) => list.map((f) => (f.guid === next.guid ? next : f)));
  // Order, visibility and deletions reach the server in the order they were made: each answer
  // is the new truth, so an older one arriving last would undo a newer change.
  const serial = useSerial();

  const move = (inHidden: boolean) => async (from: number, to: number) => {
    setError("");
    const before = fields;
    const { items } = renumber(moveWithinGroup(fields, (f) => f.hide_to_user === inHidden, from, to));
    setFields(items);
    // The whole order is sent: the server renumbers it and writes only the rows that changed.
    const result = await serial(() => api<FieldView[]>("PATCH", `/v1/project/${project.guid}/fields`, items.map(({ guid, sort }) => ({ guid, sort })), { quiet: true }));
    if (result.error) {
      setFields(before);
      return setError(serverErrors(result.error, t).detail);
    }
    setFields(result.data);
  };
  const toggleHidden = async (field: FieldView) => {
    setError("");
    const result = await serial(() => api<FieldView>("PUT", `/v1/project/${project.guid}/fields/${field.guid}`, { hide_to_user: !field.hide_to_user }, { quiet: true }));
    if (result.error) return setError(serverErrors(result.error, t).detail);
    replace(result.data);
  };
  const remove = async (field: FieldView) => {
    setError("");
    if (!(await ask({ question: t("fieldSettings.confirmDelete", { name: field.title }), confirm: t("common:confirm.delete"), cancel: t("common:confirm.cancel") }))) return;
    const result = await serial(() => api("DELETE", `/v1/project/${project.guid}/fields/${field.guid}`, undefined, { quiet: true }));
    if (result.error) return setError(serverErrors(result.error, t).detail);
    setFields((list) => list.filter((f) => f.guid !== field.guid));
    setNotice(t("fieldSettings.deleted", { name: field.title }));
    if (params.field) void navigate(base);
  };

  if (params.field) {
    const field = fields.find((f) => f.guid === params.field);
    return (
      <div className="flex min-w-0 flex-col gap-4">
        {confirmDialog}
        <Link to={base} className="link inline-flex w-fit items-center gap-1.5 text-sm" data-testid="field-back">
          <Icon name="arrowLeft" size={16} />
          {t("fieldSettings.back")}
        </Link>
        {error && <FormAlert tone="error">{error}</FormAlert>}
        {field ? (
          <FieldDetails key={field.guid} field={field} projectGuid={project.guid} onChange={(update) => setFields((list) => list.map((f) => (f.guid === field.guid ? update(f) : f)))} onDelete={remove} />
        ) : (
          <section className="card p-6" data-testid="field-not-found">
            <p>{t("fieldSettings.notFound")}</p>
          </section>
        )}
      </div>
    );
  }

  return (
    <div className="flex min-w-0 flex-col gap-6">
      {confirmDialog}
      <div className="flex flex-wrap items-start gap-4">
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-semibold">{t("settings.tabs.fields")}</h2>
          <p className="muted mt-1 max-w-2xl text-sm">{t("fieldSettings.intro")}</p>
          <HelpLink topic="planning/custom-fields" />
        </div>
        {!creating && (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              setNotice("");
              setCreating(true);
            }}
            data-testid="new-field-open"
          >
            <Icon name="plus" size={16} />
            {t("fieldSettings.new")}
          </button>
        )}
      </div>

      {creating && (
        <section className="card">
          <h3 className="px-6 pt-6 font-semibold">{t("fieldSettings.new")}</h3>
          <NewFieldForm
            projectGuid={project.guid}
            types={loaderData.types}
            onCancel={() => setCreating(false)}
            onCreated={(field) => {
              setFields((list) => [...list, field]);
              setCreating(false);
              setNotice(t("fieldSettings.created", { name: field.title }));
            }}
          />
        </section>
      )}

      <div className="flex flex-col gap-2 empty:hidden" aria-live="polite">
        {notice && <FormAlert tone="success">{notice}</FormAlert>}
        {error && (
          <div data-testid="fields-error">
            <FormAlert tone="error">{error}</FormAlert>
          </div>
        )}
      </div>

      <FieldGroup title={t("fieldSettings.shownTitle")} count={shown.length} testId="fields-shown" aside={<span className="muted ml-auto hidden text-xs sm:block">{t("fieldSettings.dragHint")}</span>}>
        <SortableFieldList fields={shown} onMove={move(false)} empty={t("fieldSettings.noShown")} testId="fields-shown" detailsPath={detailsPath} onToggleHidden={toggleHidden} onDelete={remove} />
      </FieldGroup>

      <FieldGroup title={t("fieldSettings.hiddenTitle")} count={hidden.length} testId="fields-hidden" hint={t("fieldSettings.hiddenHint")}>
        <SortableFieldList fields={hidden} onMove={move(true)} empty={t("fieldSettings.noHidden")} testId="fields-hidden" detailsPath={detailsPath} onToggleHidden={toggleHidden} onDelete={remove} />
      </FieldGroup>
    </div>
  );
}

/** One of the two lists of fields (shown on tasks, hidden): its title, how many, and the list. */
function FieldGroup({ title, count, testId, hint, aside, children }: { title: string; count: number; testId: string; hint?: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <section className="card">
      <div className="px-6 pt-5 pb-2">
        <div className="flex items-baseline gap-2">
          <h3 className="font-semibold">{title}</h3>
          <span className="muted text-sm" data-testid={`${testId}-count`}>
            {count}
          </span>
          {aside}
        </div>
        {hint && <p className="muted mt-1 text-sm">{hint}</p>}
      </div>
      {children}
    </section>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation("projects");
  return (
    <section className="card p-6" data-testid="fields-error-boundary">
      <p>{t("fieldSettings.loadFailed")}</p>
    </section>
  );
}
