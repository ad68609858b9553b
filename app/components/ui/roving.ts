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
