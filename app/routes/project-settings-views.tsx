import { useTranslation } from "react-i18next";
import { cloudflareContext } from "../../workers/context";
import { NoAccess } from "../features/projects/no-access";
import { useProject } from "../features/projects/use-project";
import { loadMappingSettings } from "../features/views-mapping/mapping-data.server";
import { MappingEditor } from "../features/views-mapping/mapping-editor";
import type { Route } from "./+types/project-settings-views";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  return loadMappingSettings(request, env, params.guid);
}

/** `/project/{guid}/settings/views`: what planning-board lines and task-board cards show. */
export default function ProjectSettingsViews({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("projects");
  const project = useProject();
  if (!loaderData.allowed) return <NoAccess />;
  return (
    <section>
      <h1 className="mb-1 text-xl font-semibold">{t("mapping.title")}</h1>
      <p className="muted mb-4 text-sm">{t("mapping.intro")}</p>
      <MappingEditor projectGuid={project.guid} initial={loaderData.mapping} fields={loaderData.fields} />
    </section>
  );
}
