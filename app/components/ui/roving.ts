/**
 * The keyboard rule every list-like part of the kit shares (menus, tabs): which item an arrow,
 * Home or End moves to from `at` among `count` items, wrapping at the ends. Pure, so the kit's
 * keyboard behaviour is tested without a browser (tests/unit/ui-roving.test.ts).
 */
export type Orientation = "horizontal" | "vertical";

const STEPS: Record<Orientation, Record<string, 1 | -1>> = {
  horizontal: { ArrowRight: 1, ArrowLeft: -1 },
  vertical: { ArrowDown: 1, ArrowUp: -1 },
};

/** The index `key` moves to, or null when the key is not a move (the event is left alone). */
export function rovingIndex(key: string, at: number, count: number, orientation: Orientation): number | null {
  if (count <= 0) return null;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  const step = STEPS[orientation][key];
  if (step === undefined) return null;
  // Nothing focused yet: Down/Right starts at the first item, Up/Left at the last.
  if (at < 0) return step === 1 ? 0 : count - 1;
  return (at + step + count) % count;
}

/** Moves the focus among `items` as `key` says; true when it did (the caller prevents the default). */
export function moveFocus(key: string, items: readonly HTMLElement[], orientation: Orientation): boolean {
  const next = rovingIndex(key, items.indexOf(document.activeElement as HTMLElement), items.length, orientation);
  if (next === null) return false;
  items[next]!.focus();
  return true;
}

/**
 * Type-ahead in a list without a search box: the index of the first label after `at` (wrapping)
 * that starts with `typed`, or null. A repeated single letter cycles through the labels that
 * start with it, as native selects do.
 */
export function typeAheadIndex(typed: string, labels: readonly string[], at: number): number | null {
  const query = typed.toLocaleLowerCase();
  if (query === "" || labels.length === 0) return null;
  const cycling = [...query].every((c) => c === query[0]);
  const needle = cycling ? query[0]! : query;
  // A longer query first tries the current item (it may still match); a cycling letter moves on.
  const start = cycling ? at + 1 : Math.max(0, at);
  for (let i = 0; i < labels.length; i++) {
    const index = (start + i) % labels.length;
    if (labels[index]!.toLocaleLowerCase().startsWith(needle)) return index;
  }
  return null;
}
