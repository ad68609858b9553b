import { and, eq, inArray } from "drizzle-orm";
import { type Db, inSlices } from "../../../workers/db/client";
import { tasks } from "../../../workers/db/schema";
import { readValues } from "../../../workers/services/fields";
import type { RelatedTask } from "./types";

/** Number, title, status and type of some tasks of a project (those that exist), in the given order. */
export async function relatedTasks(db: Db, projectId: string, ids: readonly string[]): Promise<RelatedTask[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await inSlices(unique, (slice) => db.select().from(tasks).where(and(eq(tasks.projectId, projectId), inArray(tasks.id, slice))));
  const values = await readValues(db, "issue", rows.map((r) => r.id), ["title", "status", "issue_type"]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique
    .filter((id) => byId.has(id))
    .map((id) => {
      const v = values.get(id) ?? [];
      const of = (slug: string) => v.find((x) => x.slug === slug)?.value;
      return { guid: id, number: byId.get(id)!.number, title: String(of("title") ?? ""), status: (of("status") as string) ?? null, issue_type: (of("issue_type") as string) ?? null };
    });
}

