/**
 * What a participant wants to hear about in one project (project settings → notifications).
 * Invitations, removals and their Undo always arrive: they concern one's access, not the
 * project's work (a `restored` goes wherever the `removed` it corrects went, mail included).
 */
import { z } from "zod";

export const PROJECT_NOTIFICATION_KINDS = ["invite_accepted", "access_changed", "assigned", "mentioned"] as const;
export type ProjectNotificationKind = (typeof PROJECT_NOTIFICATION_KINDS)[number];
/** Kinds that cannot be muted. */
export const ALWAYS_NOTIFIED = ["invited", "removed", "restored"] as const;

export interface NotificationPreferences {
  /** Kinds shown in the app (and pushed live). */
  in_app: ProjectNotificationKind[];
  /** Kinds also sent by e-mail. */
  email: ProjectNotificationKind[];
}

export const DEFAULT_PREFERENCES: NotificationPreferences = {
  in_app: [...PROJECT_NOTIFICATION_KINDS],
  email: ["assigned", "mentioned"],
};

const kinds = z.array(z.enum(PROJECT_NOTIFICATION_KINDS, { error: "notification_kind_invalid" }), { error: "body_invalid" }).max(PROJECT_NOTIFICATION_KINDS.length * 2);

export const preferencesBody = z.object({ in_app: kinds, email: kinds }).strict();

/** Where a notification of `kind` goes under these preferences. */
export function deliveryFor(prefs: NotificationPreferences, kind: string): { inApp: boolean; email: boolean } {
  // The invitation mail itself is the e-mail of an invitation.
  if (kind === "invited") return { inApp: true, email: false };
  if ((ALWAYS_NOTIFIED as readonly string[]).includes(kind)) return { inApp: true, email: true };
  return {
    inApp: (prefs.in_app as string[]).includes(kind),
    email: (prefs.email as string[]).includes(kind),
  };
}
