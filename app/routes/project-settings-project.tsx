import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { updateProjectBody } from "../../domain/projects/schemas";
import { cloudflareContext } from "../../workers/context";
import { Field, FormAlert } from "../components/ui/field";
import { serverErrors, zodFieldErrors } from "../components/ui/form-errors";
import { NoAccess } from "../features/projects/no-access";
import { loadRootOnly } from "../features/projects/project-data.server";
import { useProject } from "../features/projects/use-project";
import { useApi } from "../features/shell/errors";
import type { Route } from "./+types/project-settings-project";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  return loadRootOnly(request, env, params.guid);
}

/** `/project/{guid}/settings/project`: name, description, sprint start time, visibility (root only). */
export default function ProjectSettingsProject({ loaderData, params }: Route.ComponentProps) {
  return loaderData.allowed ? <ProjectForm /> : <NoAccess adminsOf={params.guid} />;
}

function ProjectForm() {
  const { t } = useTranslation("projects");
  const project = useProject();
  const api = useApi();
  const { revalidate } = useRevalidator();
  const [values, setValues] = useState({
    name: project.name,
    description: project.description,
    sstime: project.sstime ?? "",
    slug: project.slug ?? "",
    hidden: project.hidden,
    archive: project.archive,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [detail, setDetail] = useState("");
  const [done, setDone] = useState("");

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDetail("");
    setDone("");
    const parsed = updateProjectBody.safeParse({ ...values, sstime: values.sstime || null, slug: values.slug || null });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error, t));
    setErrors({});
    const result = await api("PUT", `/v1/project/${project.guid}`, parsed.data, { quiet: true });
    if (result.error) {
      const s = serverErrors(result.error, t);
      setDetail(s.detail);
      return setErrors(s.fields);
    }
    setDone(t("settings:saved"));
    await revalidate();
  };

  return (
    <section className="card p-6">
      <h2 className="mb-4 text-lg font-semibold">{t("settings.tabs.project")}</h2>
      <form className="flex max-w-xl flex-col gap-4" onSubmit={submit} noValidate>
        {detail && <FormAlert tone="error">{detail}</FormAlert>}
        {done && <FormAlert tone="success">{done}</FormAlert>}
        <Field label={t("settings.name")} name="name" value={values.name} onChange={(e) => setValues({ ...values, name: e.target.value })} error={errors.name} />
        <div>
          <label className="label" htmlFor="project-description">
            {t("settings.description")}
          </label>
          <textarea id="project-description" className="input min-h-28" value={values.description} onChange={(e) => setValues({ ...values, description: e.target.value })} />
          {errors.description && <p className="field-error">{errors.description}</p>}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("settings.sstime")} name="sstime" type="time" value={values.sstime} onChange={(e) => setValues({ ...values, sstime: e.target.value })} error={errors.sstime} />
          <Field label={t("settings.slug")} name="slug" value={values.slug} onChange={(e) => setValues({ ...values, slug: e.target.value })} error={errors.slug} />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={values.hidden} onChange={(e) => setValues({ ...values, hidden: e.target.checked })} />
          {t("settings.hidden")}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={values.archive} onChange={(e) => setValues({ ...values, archive: e.target.checked })} />
          {t("settings.archive")}
        </label>
        <div>
          <button className="btn btn-primary" type="submit">
            {t("settings:save")}
          </button>
        </div>
      </form>
    </section>
  );
}
