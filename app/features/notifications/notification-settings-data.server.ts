/** Loader helper of the notification settings: the viewer's own preferences, as the API serves them. */
import { DEFAULT_PREFERENCES, type NotificationPreferences } from "../../../domain/notifications/preferences";
import { getDb } from "../../../workers/db/client";
import type { Env } from "../../../workers/env";
import { getPreferences } from "../../../workers/services/notification-settings";
import { loadAccess } from "../projects/project-data.server";

/**
 * The signed-in participant's preferences for the project (GET /api/v1/project/{id}/notifications).
 * Every verified participant has them, not only roots; anyone else gets `allowed: false`.
 */
export async function loadNotificationSettings(request: Request, env: Env, projectId: string): Promise<{ allowed: boolean; preferences: NotificationPreferences }> {
  const { viewer, access } = await loadAccess(request, env, projectId, "read");
  if (!access.ok) return { allowed: false, preferences: DEFAULT_PREFERENCES };
  return { allowed: true, preferences: await getPreferences(getDb(env.DB), viewer.guid, access.project.id) };
}
