/** Page data of the planning area: the task board's four views and the statistics. */
import type { TFunction } from "i18next";
import { type Db, getDb } from "../../db/client";
import type { Env } from "../../env";
import { type Pace, completedSprints, paceOf } from "../../../domain/planning/capacity";
import { estimateOf } from "../../../domain/planning/totals";
import { projectAccess, projectQuery } from "../access";
import { accessOfReader, type PageReader, readerId, readerParticipantQuery } from "./page-reader";
import type { PageSession } from "./viewer";
import { boardOf, type BoardRowsForm, type PlanningBoardView, readBoardRows, tasksWithStoredValues } from "../board";
import { fieldRowsQuery, hasSystemFields, listFields, optionsOf, projectFields } from "../field-definitions";
import { archivedSprints, backlogFirst, boardSprintRowsQuery, boardSprints, completedSprintRows, type SprintView, sprintView } from "../sprints";
import type { TaskView } from "../../../domain/wire/task-view";
import { projectStats } from "../stats";
import { mappingOf, viewFieldRowsQuery } from "../views";

/**
 * `/project/{guid}/taskboard`: the planning board (every task, placed), the project's field
 * definitions and the views mapping, or null without read access. All four views render
 * from this one answer.
 */
export async function planningPage(env: Env, reader: PageReader, projectId: string, t: TFunction, options: { withArchived: boolean }) {
  const db = getDb(env.DB);
  // Every read of the page in one D1 round trip: the access row beside the project's rows (read
  // by the project id of the URL, used only when the access check passes), each read once.
  // A board too large for D1's one-row answer is read a row per task (`readBoardRows`).
  const read = () => readBoardRows(projectId, (form) => db.batch(planningPageQueries(db, reader, projectId, form)));
  let rows = await read();
  const access = accessOfReader(rows[0][0], rows[1][0], await readerId(reader), "read");
  if (!access.ok) return null;
  // A project from before its system fields or backlog existed: make them (writes), then read again.
  if (!hasSystemFields(rows[2]) || !backlogFirst(rows[3])) {
    await Promise.all([projectFields(db, projectId, t), boardSprints(db, projectId)]);
    rows = await read();
  }
  const [, , fieldRows, sprintRows, archived, taskRows, mappingRows, completed] = rows;
  const board = boardOf({ fields: fieldRows, sprintRows: backlogFirst(sprintRows) ?? [], archived: options.withArchived ? archived : [], taskRows }, t);
  const mapping = mappingOf(fieldRows, mappingRows);
  const definitions = await listFields(db, projectId, t, fieldRows);
  const pick = (slug: string) => definitions.find((f) => f.slug === slug);
  const status = fieldRows.find((f) => f.slug === "status");
  const done = new Set(status ? optionsOf(status).filter((o) => o.key === "done").map((o) => o.guid) : []);
  return {
    board,
    definitions,
    mapping,
    canWrite: access.participant.write || access.participant.root,
    pace: paceOfBoard(board, completed.map((s) => sprintView(s)), { sprint: pick("sprint")?.guid, status: status?.id, estimate: pick("estimate")?.guid }, done),
    // What planning-board cards need: the labels and colours of types and statuses, the sprint field.
    fields: {
      title: pick("title")?.guid ?? "",
      sprint: pick("sprint")?.guid ?? "",
      estimate: pick("estimate")?.guid ?? "",
      status: pick("status") ? { guid: pick("status")!.guid, options: pick("status")!.settings.values_set } : null,
      issueType: pick("issue_type") ? { guid: pick("issue_type")!.guid, options: pick("issue_type")!.settings.values_set } : null,
    },
  };
}

/** The planning page's reads, in the order `planningPage` reads their rows (also the benchmark's floor). */
export const planningPageQueries = (db: Db, reader: string | Pick<PageSession, "hash">, projectId: string, form: BoardRowsForm = "joined") =>
  [
    readerParticipantQuery(db, reader, projectId),
    projectQuery(db, projectId),
    fieldRowsQuery(db, projectId),
    boardSprintRowsQuery(db, projectId),
    archivedSprints(db, projectId),
    tasksWithStoredValues(db, projectId, form),
    viewFieldRowsQuery(db, projectId),
    completedSprintRows(db, projectId),
  ] as const;

/**
 * `/project/{guid}/stats`: the same statistics as `GET /api/v1/project/{id}/stats`. A sprint
 * that is not in the project (`sprint` undefined while `asked`) shows the current sprint with
 * a notice instead of an error page; null without read access.
 */
export async function statsPage(env: Env, viewerId: string, projectId: string, t: TFunction, sprint: { wanted: string | undefined; invalid: boolean }) {
  const db = getDb(env.DB);
  const access = await projectAccess(db, viewerId, projectId, "read");
  if (!access.ok) return null;
  const result = await projectStats(db, projectId, sprint.wanted, t);
  if (result.ok) return { stats: result.stats, missing: sprint.invalid };
  const fallback = await projectStats(db, projectId, undefined, t);
  return fallback.ok ? { stats: fallback.stats, missing: true } : null;
}

/**
 * The pace of completed sprints (archived ones included) from the board's tasks, which are all
 * the project's tasks: the roadmap's forecast and the sprint dialog's suggestion read it.
 */
function paceOfBoard(board: PlanningBoardView, completed: SprintView[], field: { sprint?: string; status?: string; estimate?: string }, done: ReadonlySet<string>): Pace {
  const valueOf = (task: TaskView, guid: string | undefined) => (guid ? task.custom_fields.find((c) => c.guid === guid)?.value : undefined);
  const work = board.sprints.flatMap((s) => s.issues);
  return paceOf(
    completedSprints(
      completed,
      work.map((task) => {
        const sprint = valueOf(task, field.sprint);
        const status = valueOf(task, field.status);
        return { sprint: typeof sprint === "string" ? sprint : null, done: typeof status === "string" && done.has(status), estimate: field.estimate ? estimateOf(task, field.estimate) : null };
      }),
    ),
  );
}
