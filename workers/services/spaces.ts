/** The order of the planning board's sprint lanes (`PATCH /spaces`); rules in domain/planning/lanes. */
import { eq } from "drizzle-orm";
import { reorderLanes } from "../../domain/planning/lanes";
import { type Db, runBatch } from "../db/client";
import { sprints, type Sprint } from "../db/schema";
import { boardSprints } from "./sprints";

export type SpacesResult = { ok: true; written: number; sprints: Sprint[] } | { ok: false; reason: "sprint_not_found" | "backlog_fixed" | "sprint_archived" };

/**
 * Applies `[{guid, sort}]` to the board's sprint lanes: the backlog stays first (it cannot be
 * moved), archived sprints are not lanes, and only the rows whose number changes are written,
 * in one batch. Answers the board's sprints in their new order.
 */
export async function reorderSpaces(db: Db, projectId: string, moves: { guid: string; sort: number }[]): Promise<SpacesResult> {
  const [board, all] = await Promise.all([boardSprints(db, projectId), db.select().from(sprints).where(eq(sprints.projectId, projectId))]);
  const byId = new Map(all.map((s) => [s.id, s]));
  for (const move of moves) {
    const sprint = byId.get(move.guid);
    if (!sprint) return { ok: false, reason: "sprint_not_found" };
    if (sprint.isBacklog) return { ok: false, reason: "backlog_fixed" };
    if (sprint.archived) return { ok: false, reason: "sprint_archived" };
  }
  const lanes = board.filter((s) => !s.isBacklog);
  const { order, changed } = reorderLanes(
    lanes.map((s) => ({ guid: s.id, sort: s.sort })),
    moves,
  );
  await runBatch(
    db,
    changed.map((c) => db.update(sprints).set({ sort: c.sort }).where(eq(sprints.id, c.guid))),
  );
  const sorts = new Map(changed.map((c) => [c.guid, c.sort]));
  const laneById = new Map(lanes.map((s) => [s.id, s]));
  return {
    ok: true,
    written: changed.length,
    sprints: [...board.filter((s) => s.isBacklog), ...order.map((id) => ({ ...laneById.get(id)!, sort: sorts.get(id) ?? laneById.get(id)!.sort }))],
  };
}
