/** Notifications: stored in D1 (the record), then pushed to the user's hub (the live copy). */
import { and, desc, eq, notInArray } from "drizzle-orm";
import type { NotificationView } from "../../domain/wire/live/hub";
import type { Db } from "../db/client";
import { invites, notifications, users, type Notification } from "../db/schema";
import type { Env } from "../env";
import { pushToUser } from "./hub";
import { DEFAULT_LANGUAGE, toLanguage } from "../../domain/i18n/languages";
import { deliveryFor } from "../../domain/notifications/preferences";
import { NOTIFICATIONS_KEPT } from "../../domain/retention";
import { i18nFor } from "./i18n";
import { newGuid } from "./ids";
import { deliver, linkMail } from "./mailer";
import { getPreferences } from "./notification-settings";

/** Kinds of notification; the client words each of them. */
export type NotificationKind =
  | "invited"
  | "invite_accepted"
  | "access_changed"
  | "removed"
  // A root undid the removal (participant-trash.ts).
  | "restored"
  | "assigned"
  | "mentioned"
  // Licence notices (payments/licence-notices.ts): no project, in the app only (they mail themselves).
  | "licence_renewed"
  | "licence_renewal_failed"
  | "licence_grace_started"
  | "licence_grace_ending"
  | "licence_downgraded"
  | "licence_renewal_action_required";

export const NOTIFICATIONS_DEFAULT_LIMIT = 50;
export const NOTIFICATIONS_MAX_LIMIT = 200;

export function notificationView(n: Notification): NotificationView {
  let payload: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(n.payload);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) payload = parsed as Record<string, unknown>;
  } catch {
    // A damaged payload still shows as a notification of its kind.
  }
  return { id: n.id, kind: n.kind, project: n.projectId, payload, created_at: n.createdAt, read: n.readAt !== null };
}

/**
 * Tells a user about something: stored and pushed live when their preferences for the project
 * want it in the app, and mailed when they want it by e-mail.
 */
export async function notify(
  env: Env,
  db: Db,
  userId: string,
  kind: NotificationKind,
  projectId: string | null,
  payload: Record<string, unknown>,
): Promise<void> {
  const delivery = projectId ? deliveryFor(await getPreferences(db, userId, projectId), kind) : { inApp: true, email: false };
  if (delivery.inApp) {
    // The inbox keeps the newest NOTIFICATIONS_KEPT: the oldest go in the same batch.
    const [inserted] = await db.batch([
      db.insert(notifications).values({ id: newGuid(), userId, kind, projectId, payload: JSON.stringify(payload) }).returning(),
      db
        .delete(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            notInArray(
              notifications.id,
              db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(NOTIFICATIONS_KEPT),
            ),
          ),
        ),
    ]);
    await pushToUser(env, userId, { type: "notification", notification: notificationView(inserted[0]!) });
  }
  if (delivery.email) {
    const user = await db.select({ email: users.email, name: users.name, language: users.language }).from(users).where(eq(users.id, userId)).get();
    if (!user) return;
    const t = i18nFor(toLanguage(user.language) ?? DEFAULT_LANGUAGE).t;
    const text = t(`projects:notifications.kinds.${kind}`, { project: payload.project ?? "", name: payload.name ?? payload.by ?? "", defaultValue: t("projects:notifications.kinds.other", { project: payload.project ?? "" }) });
    await deliver(env, db, linkMail(user.email, text, [t("auth:mail.greeting", { name: user.name }), text]));
  }
}

export async function listNotifications(db: Db, userId: string, limit: number): Promise<NotificationView[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  return rows.map(notificationView);
}

/** Clears all notifications and, as spec §4 says, the pending invitations with them. */
export async function clearNotifications(db: Db, userId: string): Promise<void> {
  const user = await db.select({ email: users.email, confirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, userId)).get();
  // Only the holder of a confirmed address may decline what was sent to it.
  const invitee = user?.confirmedAt != null ? user.email : "";
  await db.batch([
    db.delete(notifications).where(eq(notifications.userId, userId)),
    db
      .update(invites)
      .set({ status: "declined", respondedAt: Date.now() })
      .where(and(eq(invites.email, invitee), eq(invites.status, "pending"))),
  ]);
}

export async function deleteNotification(db: Db, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return deleted.length > 0;
}
