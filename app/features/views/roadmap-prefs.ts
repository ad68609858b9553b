/**
 * The roadmap's grouping and zoom, remembered per project in local storage (a viewing
 * preference of this browser, not shared with the team).
 */
import { z } from "zod";
import { type GroupBy, ZOOMS, type Zoom } from "../../../domain/planning/roadmap";

export interface RoadmapPrefs {
  group: GroupBy;
  zoom: Zoom;
}

export const DEFAULT_PREFS: RoadmapPrefs = { group: "epic", zoom: "month" };

const stored = z.object({
  group: z.enum(["epic", "sprint"]).catch(DEFAULT_PREFS.group),
  zoom: z.enum(ZOOMS).catch(DEFAULT_PREFS.zoom),
});

const keyOf = (projectGuid: string) => `roadmap:${projectGuid}`;

export function readPrefs(projectGuid: string): RoadmapPrefs {
  try {
    const raw = localStorage.getItem(keyOf(projectGuid));
    if (!raw) return DEFAULT_PREFS;
    const parsed = stored.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : DEFAULT_PREFS;
  } catch {
    // No storage (private mode) or a damaged entry: the defaults.
    return DEFAULT_PREFS;
  }
}

export function writePrefs(projectGuid: string, prefs: RoadmapPrefs) {
  try {
    localStorage.setItem(keyOf(projectGuid), JSON.stringify(prefs));
  } catch {
    // Storage full or unavailable: the choice lasts for this visit only.
  }
}
