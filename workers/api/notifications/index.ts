/** The user's notifications: spec §7 "Notifications". */
import { Hono } from "hono";
import { z } from "zod";
import {
  NOTIFICATIONS_DEFAULT_LIMIT,
  NOTIFICATIONS_MAX_LIMIT,
  clearNotifications,
  deleteNotification,
  listNotifications,
} from "../../services/notifications";
import { requireUser } from "../middleware";
import { ApiProblem } from "../problem";
import type { AppEnv } from "../types";
import { parseWith, readJson } from "../validate";
import { access, type ProjectEnv } from "../project-access";
import { preferencesBody } from "../../../domain/notifications/preferences";
import { getPreferences, setPreferences } from "../../services/notification-settings";

export const limitQuery = z.object({
  limit: z.coerce.number({ error: "limit_invalid" }).int("limit_invalid").min(1, "limit_invalid").max(NOTIFICATIONS_MAX_LIMIT, "limit_invalid").optional(),
});

export const notificationRoutes = new Hono<AppEnv>()
  .get("/v1/my-notifications", requireUser, async (c) => {
    const { limit } = parseWith(limitQuery, c.req.query());
    return c.json(await listNotifications(c.get("db"), c.get("user")!.id, limit ?? NOTIFICATIONS_DEFAULT_LIMIT));
  })
  .delete("/v1/my-notifications", requireUser, async (c) => {
    await clearNotifications(c.get("db"), c.get("user")!.id);
    return c.body(null, 204);
  })
  .delete("/v1/my-notification/:guid", requireUser, async (c) => {
    if (!(await deleteNotification(c.get("db"), c.get("user")!.id, c.req.param("guid")))) {
      throw new ApiProblem(404, "not_found");
    }
    return c.body(null, 204);
  });

/** A participant's own notification preferences for one project (settings → notifications). */
export const notificationSettingsRoutes = new Hono<ProjectEnv>()
  .get("/v1/project/:id/notifications", access("read"), async (c) => c.json(await getPreferences(c.get("db"), c.get("user")!.id, c.get("project").id)))
  .put("/v1/project/:id/notifications", access("read"), async (c) => {
    const body = await readJson(c, preferencesBody);
    return c.json(await setPreferences(c.get("db"), c.get("user")!.id, c.get("project").id, body));
  });
