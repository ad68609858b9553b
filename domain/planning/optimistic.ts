/**
 * One's own changes on the task board and the table show at once, before the server answers,
 * and must not flicker back when a board read that started earlier lands afterwards. A pending
 * edit overlays the server's tasks until the server reflects it (or, once written, for a short
 * grace period, after which the server is the truth again); a refused edit is dropped, which
 * puts the task back where it was.
 */

export interface FieldValueLike {
  guid: string;
  slug: string | null;
  value: unknown;
  participant_value: string | null;
}

export interface EditableTask {
  guid: string;
  position: number;
  custom_fields: FieldValueLike[];
}

export interface PendingEdit {
  /** Identifies the edit, so its answer settles or drops exactly it. */
  id: number;
  task: string;
  /** Field guid → new value (null clears). */
  values?: Record<string, unknown>;
  position?: number;
  /** When the server confirmed it (ms), or null while the write is in flight. */
  settledAt: number | null;
}

/** How long a confirmed edit still overlays a server read that does not show it yet. */
export const PENDING_GRACE_MS = 5_000;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A task with the given values and position, the rest untouched. */
function overlay<T extends EditableTask>(task: T, edit: PendingEdit): T {
  let fields = task.custom_fields;
  for (const [guid, value] of Object.entries(edit.values ?? {})) {
    const at = fields.findIndex((f) => f.guid === guid && !f.participant_value);
    if (value === null) fields = fields.filter((_, i) => i !== at);
    else if (at >= 0) fields = fields.map((f, i) => (i === at ? { ...f, value } : f));
    else fields = [...fields, { guid, slug: null, value, participant_value: null }];
  }
  return { ...task, custom_fields: fields, position: edit.position ?? task.position };
}

/** The tasks as the viewer should see them: the server's, with pending edits applied in order. */
export function applyPending<T extends EditableTask>(tasks: readonly T[], edits: readonly PendingEdit[]): T[] {
  if (edits.length === 0) return tasks as T[];
  const byTask = new Map<string, PendingEdit[]>();
  for (const e of edits) byTask.set(e.task, [...(byTask.get(e.task) ?? []), e]);
  return tasks.map((t) => (byTask.get(t.guid) ?? []).reduce((acc, e) => overlay(acc, e), t));
}

/** Whether a server task already shows an edit. */
export function reflects(task: EditableTask, edit: PendingEdit): boolean {
  if (edit.position !== undefined && task.position !== edit.position) return false;
  return Object.entries(edit.values ?? {}).every(([guid, value]) => same(task.custom_fields.find((f) => f.guid === guid && !f.participant_value)?.value, value));
}

/**
 * The edits still worth overlaying on a fresh server read: every edit in flight, and confirmed
 * ones the read does not show yet, for at most `grace` ms after confirmation. Edits of tasks
 * that are gone are dropped.
 */
export function prunePending(edits: readonly PendingEdit[], tasks: readonly EditableTask[], now: number, grace = PENDING_GRACE_MS): PendingEdit[] {
  const byGuid = new Map(tasks.map((t) => [t.guid, t]));
  return edits.filter((e) => {
    const task = byGuid.get(e.task);
    if (!task) return false;
    if (e.settledAt === null) return true;
    return now - e.settledAt <= grace && !reflects(task, e);
  });
}
