import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { DEFAULT_PREFERENCES, type NotificationPreferences, preferencesBody } from "../../domain/notifications/preferences";
import type { Db } from "../db/client";
import { notificationSettings } from "../db/schema";

export async function getPreferences(db: Db, userId: string, projectId: string): Promise<NotificationPreferences> {
  const row = await db
    .select({ preferences: notificationSettings.preferences })
    .from(notificationSettings)
    .where(and(eq(notificationSettings.userId, userId), eq(notificationSettings.projectId, projectId)))
    .get();
  if (!row) return DEFAULT_PREFERENCES;
  try {
    const parsed = preferencesBody.safeParse(JSON.parse(row.preferences));
    return parsed.success ? parsed.data : DEFAULT_PREFERENCES;
  } catch {
    return DEFAULT_PREFERENCES;
  }
}

export async function setPreferences(db: Db, userId: string, projectId: string, prefs: z.infer<typeof preferencesBody>): Promise<NotificationPreferences> {
  const clean = { in_app: [...new Set(prefs.in_app)], email: [...new Set(prefs.email)] };
  await db
    .insert(notificationSettings)
    .values({ userId, projectId, preferences: JSON.stringify(clean) })
    .onConflictDoUpdate({ target: [notificationSettings.userId, notificationSettings.projectId], set: { preferences: JSON.stringify(clean) } });
  return clean;
}
