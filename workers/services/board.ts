/**
 * The planning board: sprints (backlog first, archived appended on request) with their tasks
 * and the epic lane, placed by the rules of spec §4 and narrowed by filter conditions.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { TFunction } from "i18next";
import { type Condition, matchesFilter } from "../../domain/fields/filters";
import { placeTasks } from "../../domain/planning/placement";
import type { Db } from "../db/client";
import { fieldDefinitions, tasks } from "../db/schema";
import { ensureSystemFields, optionsOf } from "./fields";
import { archivedSprints, boardSprints, sprintView, type SprintView } from "./sprints";
import { type TaskView, taskViews } from "./tasks";

export interface PlanningBoardView {
  sprints: (SprintView & { issues: TaskView[]; count: number })[];
  epics: TaskView[];
  /** Option guid of the epic issue type, so clients place tasks by the same rule. */
  epic_type: string | null;
}

export async function planningBoard(
  db: Db,
  projectId: string,
  t: TFunction,
  options: { conditions?: Condition[]; withArchived?: boolean } = {},
): Promise<PlanningBoardView> {
  await ensureSystemFields(db, projectId, t);
  const [sprintRows, archived, rows, fields] = await Promise.all([
    boardSprints(db, projectId),
    options.withArchived ? archivedSprints(db, projectId) : Promise.resolve([]),
    db.select().from(tasks).where(eq(tasks.projectId, projectId)).orderBy(asc(tasks.sort), asc(tasks.position)),
    db.select().from(fieldDefinitions).where(and(eq(fieldDefinitions.projectId, projectId), inArray(fieldDefinitions.slug, ["issue_type", "sprint"]))),
  ]);
  const issueType = fields.find((f) => f.slug === "issue_type");
  const sprintField = fields.find((f) => f.slug === "sprint");
  const epicType = issueType ? (optionsOf(issueType).find((o) => o.key === "epic")?.guid ?? null) : null;
  let views = await taskViews(db, rows);
  if (options.conditions && options.conditions.length > 0) {
    const conditions = options.conditions;
    views = views.filter((v) => matchesFilter(new Map(v.custom_fields.map((c) => [c.guid, c.value])), conditions));
  }
  const allSprints = [...sprintRows, ...archived.filter((a) => !sprintRows.some((s) => s.id === a.id))];
  const valueOf = (v: TaskView, fieldId: string | undefined) => (fieldId ? ((v.custom_fields.find((c) => c.guid === fieldId)?.value as string | undefined) ?? null) : null);
  const placed = placeTasks(
    views.map((v) => ({ ...v, issueType: valueOf(v, issueType?.id), sprint: valueOf(v, sprintField?.id) })),
    allSprints.map((s) => s.id),
    epicType,
  );
  const strip = ({ issueType: _i, sprint: _s, ...task }: TaskView & { issueType: string | null; sprint: string | null }): TaskView => task;
  return {
    sprints: allSprints.map((s, i) => {
      const issues = placed.sprints[i]!.issues.map(strip);
      return { ...sprintView(s, t), issues, count: issues.length };
    }),
    epics: placed.epics.map(strip),
    epic_type: epicType,
  };
}

/** Tasks of the backlog lane: no sprint (or one not on the board) and not epics (spec §4). */
export async function backlogTasks(db: Db, projectId: string, t: TFunction): Promise<TaskView[]> {
  return (await planningBoard(db, projectId, t)).sprints[0]?.issues ?? [];
}
