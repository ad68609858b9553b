/**
 * Task search over the FTS5 index `task_search` (migration 0011), kept in step with every
 * write by triggers. Ranking: tasks whose title holds every word first, then by BM25 with the
 * title weighing most, then the description, then the comments.
 */
import { and, eq, sql } from "drizzle-orm";
import { MARK_CLOSE, MARK_OPEN, type ParsedQuery, type SearchMatch, ftsExpression, pickMatch, projectToken, splitMarked } from "../../domain/planning/search";
import type { Db } from "../db/client";
import { tasks } from "../db/schema";
import { taskSummaries } from "./links";
import { notDeleted } from "./task-filter";

export interface SearchHit {
  guid: string;
  number: number;
  title: string;
  status: string | null;
  match: SearchMatch;
  /** Plain text around the match: the whole title, or a few words of the description or comments. */
  snippet: string;
  /** `[start, end)` of the matched words in `snippet`. */
  highlights: [number, number][];
}

export interface SearchAnswer {
  count: number;
  results: SearchHit[];
}

/** Words of context a description or comment snippet shows. */
const SNIPPET_TOKENS = 16;
/** What stands for the text a snippet leaves out (bound, so the Worker's source stays ASCII). */
const SNIPPET_ELLIPSIS = "\u2026";

const STATUS_OF_TASK = sql.raw(`(SELECT json_extract(v.value, '$') FROM field_values v JOIN field_definitions f ON f.id = v.field_id
  WHERE v.entity_kind = 'issue' AND v.entity_id = d.task_id AND v.participant_value = '' AND f.slug = 'status' AND json_valid(v.value))`);

export async function searchTasks(db: Db, projectId: string, query: ParsedQuery, page: { limit: number; offset: number }): Promise<SearchAnswer> {
  if (query.kind === "none") return { count: 0, results: [] };
  if (query.kind === "number") return byNumber(db, projectId, query.number, page);
  const token = projectToken(projectId);
  // Guids are hex and hyphens; anything else would not be a project of ours.
  if (!/^[0-9a-z]+$/.test(token)) return { count: 0, results: [] };
  const inProject = `project_id : "${token}"`;
  const all = `${inProject} AND ${ftsExpression(query.terms)}`;
  const inTitle = `${inProject} AND ${ftsExpression(query.terms, ["title"])}`;
  const [open, close] = [MARK_OPEN, MARK_CLOSE];
  const [counted, rows] = await Promise.all([
    db.get<{ n: number }>(sql`SELECT count(*) AS n FROM task_search JOIN task_search_docs d ON d.id = task_search.rowid JOIN tasks t ON t.id = d.task_id WHERE task_search MATCH ${all} AND t.deleted_at IS NULL`),
    db.all<{ task_id: string; number: number; title: string; description: string; comments: string; in_title: number; status: unknown }>(sql`
      SELECT d.task_id, t.number,
        highlight(task_search, 1, ${open}, ${close}) AS title,
        snippet(task_search, 2, ${open}, ${close}, ${SNIPPET_ELLIPSIS}, ${SNIPPET_TOKENS}) AS description,
        snippet(task_search, 3, ${open}, ${close}, ${SNIPPET_ELLIPSIS}, ${SNIPPET_TOKENS}) AS comments,
        task_search.rowid IN (SELECT rowid FROM task_search WHERE task_search MATCH ${inTitle}) AS in_title,
        ${STATUS_OF_TASK} AS status
      FROM task_search
        JOIN task_search_docs d ON d.id = task_search.rowid
        JOIN tasks t ON t.id = d.task_id
      WHERE task_search MATCH ${all} AND t.deleted_at IS NULL
      ORDER BY in_title DESC, bm25(task_search, 0.0, 10.0, 3.0, 1.0), t.number DESC
      LIMIT ${page.limit} OFFSET ${page.offset}`),
  ]);
  return {
    count: counted?.n ?? 0,
    results: rows.map((r) => ({
      guid: r.task_id,
      number: r.number,
      title: splitMarked(r.title ?? "").text,
      status: typeof r.status === "string" ? r.status : null,
      ...pickMatch({ inTitle: Boolean(r.in_title), title: r.title ?? "", description: r.description ?? "", comments: r.comments ?? "" }),
    })),
  };
}

/** `#123`: the task with that number, shown by its title. */
async function byNumber(db: Db, projectId: string, number: number, page: { limit: number; offset: number }): Promise<SearchAnswer> {
  const row = await db.select({ id: tasks.id }).from(tasks).where(and(eq(tasks.projectId, projectId), eq(tasks.number, number), notDeleted)).get();
  if (!row) return { count: 0, results: [] };
  if (page.offset > 0) return { count: 1, results: [] };
  const summary = (await taskSummaries(db, projectId, [row.id])).get(row.id)!;
  return { count: 1, results: [{ guid: row.id, number, title: summary.title, status: summary.status, match: "title", snippet: summary.title, highlights: [] }] };
}
