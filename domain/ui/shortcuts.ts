/**
 * The workspace's keyboard shortcuts (issue 15), as pure rules: which shortcut a key press
 * completes, given the key still waiting for a second one ("G then B"). The shell listens to the
 * keys and decides whether the press came from a text field (single keys never fire there).
 */

export type Shortcut = "palette" | "newTask" | "search" | "board" | "sheet" | "next" | "previous" | "open" | "sidebar";

/** The slice of a KeyboardEvent the rules read. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** How long the first key of a sequence waits for the second. */
export const SEQUENCE_MS = 1500;

/**
 * The shortcuts as the sheet lists them: the keys, and whether they are pressed together (a
 * chord) or one after the other (a sequence).
 */
export const SHORTCUT_SHEET: readonly { shortcut: Shortcut; keys: readonly string[]; sequence?: true }[] = [
  { shortcut: "palette", keys: ["Ctrl", "K"] },
  { shortcut: "search", keys: ["/"] },
  { shortcut: "newTask", keys: ["C"] },
  { shortcut: "board", keys: ["G", "B"], sequence: true },
  { shortcut: "next", keys: ["J"] },
  { shortcut: "previous", keys: ["K"] },
  { shortcut: "open", keys: ["E"] },
  { shortcut: "sidebar", keys: ["["] },
  { shortcut: "sheet", keys: ["?"] },
];

/**
 * The shortcut this press completes (or null) and the key left waiting. ⌘K / Ctrl+K opens the
 * palette from anywhere; every other shortcut is a single unmodified key.
 */
export function readShortcut(press: KeyPress, pending: string | null): { shortcut: Shortcut | null; pending: string | null } {
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  if ((press.ctrlKey || press.metaKey) && !press.altKey && key === "k") return { shortcut: "palette", pending: null };
  if (press.ctrlKey || press.metaKey || press.altKey) return { shortcut: null, pending: null };
  if (pending === "g" && key === "b") return { shortcut: "board", pending: null };
  switch (key) {
    case "?":
      return { shortcut: "sheet", pending: null };
    case "/":
      return { shortcut: "search", pending: null };
    case "c":
      return { shortcut: "newTask", pending: null };
    case "j":
      return { shortcut: "next", pending: null };
    case "k":
      return { shortcut: "previous", pending: null };
    case "e":
      return { shortcut: "open", pending: null };
    case "[":
      return { shortcut: "sidebar", pending: null };
    case "g":
      return { shortcut: null, pending: "g" };
    default:
      return { shortcut: null, pending: null };
  }
}

/**
 * Where J (`step` 1) or K (`step` -1) moves among `count` cards or rows from `current` (-1: none
 * focused yet): the next or previous one, stopping at the ends; from none, J takes the first and
 * K the last. -1 when there is nothing to move to.
 */
export function stepIndex(current: number, count: number, step: 1 | -1): number {
  if (count <= 0) return -1;
  if (current < 0 || current >= count) return step === 1 ? 0 : count - 1;
  return Math.min(count - 1, Math.max(0, current + step));
}

/** Whether a single-key shortcut may fire: a press modified with Ctrl or ⌘ is never typing. */
export const firesWhileTyping = (shortcut: Shortcut) => shortcut === "palette";

/**
 * How well `query` matches `text`: 3 the start, 2 the start of a word, 1 anywhere, 0 not at all.
 * Case and diacritics are ignored.
 */
export function matchScore(text: string, query: string): number {
  const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().trim();
  const t = fold(text);
  const q = fold(query);
  if (!q) return 1;
  if (t.startsWith(q)) return 3;
  if (new RegExp(`[^\\p{L}\\p{N}]${q.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "u").test(t)) return 2;
  return t.includes(q) ? 1 : 0;
}

/** The items matching `query`, best first (a stable sort: equal scores keep their order). */
export function rankByQuery<T extends { label: string; keywords?: string }>(items: readonly T[], query: string): T[] {
  return items
    .map((item, i) => ({ item, i, score: Math.max(matchScore(item.label, query), item.keywords ? matchScore(item.keywords, query) : 0) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map((r) => r.item);
}

/** A typed task key: "#12" or "12" both ask for task number 12 (the search API's `#12`). */
export function taskQuery(query: string): string {
  const q = query.trim();
  return /^\d{1,9}$/.test(q) ? `#${q}` : q;
}
