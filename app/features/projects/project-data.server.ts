/** Loader glue of the project area: the signed-in viewer, then the page services' access check and views. */
import { redirect } from "react-router";
import type { Need } from "../../../domain/projects/roles";
import type { Env } from "../../../workers/env";
import type { AccessResult } from "../../../workers/services/access";
import { projectAccessOf, projectPage } from "../../../workers/services/pages/project";
import { viewerOf } from "../../lib/viewer.server";
import { pageSession } from "../../../workers/services/pages/viewer";
import { pageEnv } from "../../../workers/services/pages/page-reads";

/** Sends a guest to sign in and back to the page afterwards. */
function toSignIn(request: Request): never {
  const url = new URL(request.url);
  throw redirect(`/login?next=${encodeURIComponent(url.pathname + url.search)}`);
}

/** The signed-in viewer; a guest is sent to sign in and back here afterwards. */
export async function signedInViewer(request: Request, env: Env) {
  return (await viewerOf(request, env)) ?? toSignIn(request);
}

/**
 * A project page's session: its rows are read by the session's holder beside the session's own
 * read (one D1 round trip), and judged for the signed-in viewer. Guests are sent to sign in.
 */
export const projectPageSession = (request: Request, env: Env) => pageSession(request, env, () => toSignIn(request));

/**
 * The project as the signed-in viewer may see it, or `null` when they may not (the no-access
 * screen of spec §6). Guests are sent to sign in first.
 */
export async function loadProject(request: Request, env: Env, projectId: string, need: Need = "read") {
  const session = await projectPageSession(request, env);
  const [viewer, project] = await Promise.all([session.viewer, projectPage(pageEnv(request, env), session, projectId, need)]);
  return { viewer, project };
}

/**
 * The viewer's access to the project for `need`, without building the project's view: for
 * loaders of the settings tabs, whose layout already has the project. Guests are sent to sign in.
 */
export async function loadAccess(request: Request, env: Env, projectId: string, need: Need): Promise<{ viewer: Awaited<ReturnType<typeof signedInViewer>>; access: AccessResult }> {
  const viewer = await signedInViewer(request, env);
  return { viewer, access: await projectAccessOf(env, viewer.guid, projectId, need) };
}

/** Loader of a root-only settings tab: whether the viewer administers the project (else the no-access screen). */
export async function loadRootOnly(request: Request, env: Env, projectId: string): Promise<{ allowed: boolean }> {
  const { access } = await loadAccess(request, env, projectId, "root");
  return { allowed: access.ok };
}
