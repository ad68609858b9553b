/**
 * `/project/{guid}`: the project overview (issue 15). The board's own page read (one D1 batch)
 * gives the sprints and tasks; the activity log and the rooms are read beside it. What the
 * overview shows is worked out by domain/planning/overview.ts, partly in the reader's calendar
 * (days left, activity days), so the page gets plain rows here.
 */
import type { TFunction } from "i18next";
import type { OverviewSprint } from "../../../domain/planning/overview";
import { getDb } from "../../db/client";
import type { Env } from "../../env";
import { listActivity } from "../activity";
import { projectRooms, roomWire } from "../rooms";
import { planningPage } from "./planning";

/** Activity rows the overview groups: enough for a few days of a busy team, one page of the log. */
const OVERVIEW_ACTIVITY = 100;

export async function projectOverviewPage(env: Env, viewerId: string, projectId: string, t: TFunction) {
  const page = await planningPage(env, viewerId, projectId, t, { withArchived: false });
  if (!page) return null;
  const db = getDb(env.DB);
  const [log, rooms] = await Promise.all([listActivity(db, projectId, { limit: OVERVIEW_ACTIVITY }), projectRooms(db, projectId)]);
  const { board, fields } = page;
  const value = (values: { guid: string; value: unknown }[], field: string) => values.find((v) => v.guid === field)?.value;
  const people = page.definitions.find((f) => f.slug === "participants")?.guid ?? "";
  const sprints: OverviewSprint[] = board.sprints.map((s) => ({
    guid: s.guid,
    title: s.title,
    status: s.status,
    backlog: s.backlog,
    start_date: s.start_date,
    end_date: s.end_date,
    tasks: s.issues.map((task) => {
      const assigned = value(task.custom_fields, people);
      const status = value(task.custom_fields, fields.status?.guid ?? "");
      return {
        guid: task.guid,
        number: task.number,
        title: String(value(task.custom_fields, fields.title) ?? ""),
        status: typeof status === "string" ? status : null,
        people: Array.isArray(assigned) ? assigned.filter((p): p is string => typeof p === "string") : [],
      };
    }),
  }));
  // Task numbers and titles for the activity lines, from the board (deleted tasks read by their log detail).
  const tasks = Object.fromEntries(sprints.flatMap((s) => s.tasks.map((task) => [task.guid, { number: task.number, title: task.title }])));
  return {
    sprints,
    statuses: fields.status?.options ?? [],
    done: (fields.status?.options ?? []).filter((o) => o.key === "done").map((o) => o.guid),
    activity: log.results
      .filter((a) => a.entity_kind === "issue" || a.entity_kind === "sprint")
      .map((a) => ({ actor: a.actor ? { guid: a.actor.guid, name: a.actor.name } : null, action: a.action, entity: a.entity, entity_kind: a.entity_kind, created_at: a.created_at, detail: a.detail })),
    tasks,
    rooms: rooms.filter((r) => !r.archived).map(roomWire),
  };
}
