/** Loader helpers for the project area: the same access check and views as the API. */
import { redirect } from "react-router";
import type { Need } from "../../../domain/projects/roles";
import { getDb } from "../../../workers/db/client";
import type { Env } from "../../../workers/env";
import { projectAccess } from "../../../workers/services/access";
import { fullProjectView } from "../../../workers/services/projects";
import { viewerOf } from "../../lib/viewer.server";

/**
 * The project as the signed-in viewer may see it, or `null` when they may not (the no-access
 * screen of spec §6). Guests are sent to sign in first.
 */
export async function loadProject(request: Request, env: Env, projectId: string, need: Need = "read") {
  const viewer = await viewerOf(request, env);
  if (!viewer) {
    const url = new URL(request.url);
    throw redirect(`/login?next=${encodeURIComponent(url.pathname + url.search)}`);
  }
  const db = getDb(env.DB);
  const access = await projectAccess(db, viewer.guid, projectId, need);
  if (!access.ok) return { viewer, project: null };
  return { viewer, project: await fullProjectView(db, access.project, access.participant) };
}
