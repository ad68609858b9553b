import { redirect } from "react-router";
import { cloudflareContext } from "../../workers/context";
import { loadAccess } from "../features/projects/project-data.server";
import type { Route } from "./+types/project-settings-index";

/**
 * `/project/{guid}/settings`: the first tab the viewer may use — the project's own settings
 * for a root, their notifications for everyone else.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const { access } = await loadAccess(request, env, params.guid, "root");
  throw redirect(`/project/${params.guid}/settings/${access.ok ? "project" : "notifications"}`);
}
