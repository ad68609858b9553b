/** Wire schemas of the stats call. */
import { z } from "zod";

/** Ids are UUIDs; anything else cannot name a sprint and is a malformed request. */
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `GET /api/v1/project/{id}/stats?sprint=<guid>`: the sprint of the burndown, optional. */
export const statsQuery = z.object({
  sprint: z.string().regex(uuid, "sprint_invalid").optional(),
});
