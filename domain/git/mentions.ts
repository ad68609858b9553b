/**
 * Tasks a commit message names: `#12` (the task's number, as the app shows it) or the task's
 * guid. Pure; the GitRepo object keeps only commits that name something, and the Worker then
 * looks the names up among the tasks of the repository's own project.
 */

/** At most this many commits of one push are read for task names (newest first). */
export const MENTION_SCAN_CAP = 200;
/** At most this many tasks one commit can name (a release note listing fifty is not fifty links). */
export const MENTIONS_PER_COMMIT = 10;
/** The first line kept for the task page and the activity log. */
export const MENTION_TITLE_MAX = 200;

export interface TaskNames {
  numbers: number[];
  guids: string[];
}

// `#12` not preceded by a word character, `&` (an HTML entity) or `/` (a URL fragment), and not
// followed by a word character (`#12abc` is a colour or an anchor, not a task).
const NUMBER = /(?<![\w&/])#(\d{1,9})(?![\w-])/g;
const GUID = /\b([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b/gi;

/** The distinct task numbers and guids a message names, in order, at most `MENTIONS_PER_COMMIT` in all. */
export function taskNames(message: string): TaskNames {
  const out: TaskNames = { numbers: [], guids: [] };
  const text = message.slice(0, 64 * 1024);
  const found: { at: number; add: () => void }[] = [];
  for (const m of text.matchAll(NUMBER)) {
    const n = Number(m[1]);
    if (n > 0) found.push({ at: m.index, add: () => void (out.numbers.includes(n) || out.numbers.push(n)) });
  }
  for (const m of text.matchAll(GUID)) {
    const g = m[1]!.toLowerCase();
    found.push({ at: m.index, add: () => void (out.guids.includes(g) || out.guids.push(g)) });
  }
  for (const f of found.sort((a, b) => a.at - b.at)) {
    if (out.numbers.length + out.guids.length >= MENTIONS_PER_COMMIT) break;
    f.add();
  }
  return out;
}

/** Whether a message names any task at all. */
export const namesTasks = (message: string) => {
  const names = taskNames(message);
  return names.numbers.length + names.guids.length > 0;
};

/** A message's first line, clipped for display. */
export function firstLine(message: string): string {
  const line = (message.split("\n", 1)[0] ?? "").trim();
  return line.length > MENTION_TITLE_MAX ? `${line.slice(0, MENTION_TITLE_MAX - 1)}…` : line;
}
