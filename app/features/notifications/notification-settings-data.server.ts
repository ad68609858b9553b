/** Loader glue of the notification settings: the viewer, then the one page service. */
import type { Env } from "../../../workers/env";
import { notificationSettingsPage } from "../../../workers/services/pages/project";
import { signedInViewer } from "../projects/project-data.server";

/** The signed-in participant's own preferences for the project; `allowed: false` for anyone else. */
export async function loadNotificationSettings(request: Request, env: Env, projectId: string) {
  const viewer = await signedInViewer(request, env);
  return notificationSettingsPage(env, viewer.guid, projectId);
}
