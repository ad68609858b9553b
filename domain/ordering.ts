/** Ordering rules (spec §4): lists renumber their `sort` from 0 after a move. */

export interface Sortable {
  guid: string;
  sort: number;
}

/** Moves the item at `from` to `to`, returning a new array. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * Renumbers a list 0, 1, 2… and returns only the items whose number changed: a reorder
 * writes just those rows.
 */
export function renumber<T extends Sortable>(list: readonly T[]): { items: T[]; changed: { guid: string; sort: number }[] } {
  const changed: { guid: string; sort: number }[] = [];
  const items = list.map((item, index) => {
    if (item.sort === index) return item;
    changed.push({ guid: item.guid, sort: index });
    return { ...item, sort: index };
  });
  return { items, changed };
}

/**
 * Moves an item among the members of one group of a list (e.g. the shown fields among all
 * fields): `from` and `to` count only the group's members, and every other item keeps its
 * place, so a field hidden now and shown later comes back where it was.
 */
export function moveWithinGroup<T>(list: readonly T[], inGroup: (item: T) => boolean, from: number, to: number): T[] {
  const slots = list.flatMap((item, index) => (inGroup(item) ? [index] : []));
  const group = moveItem(
    slots.map((index) => list[index]!),
    from,
    to,
  );
  const next = [...list];
  slots.forEach((slot, k) => {
    next[slot] = group[k]!;
  });
  return next;
}

/**
 * The most moves one `PATCH /issue` takes. Each changed row is one statement of a single D1
 * batch (all or nothing), and a Worker invocation may run at most 1000 D1 queries on the paid
 * plan (counting a batch's statements one by one, to be safe); the request's own reads (the
 * session, access, the moved rows in slices of 90) need a dozen more. Above the ceiling the
 * request is refused up front (413 `bulk_too_many`) instead of failing inside D1; the web
 * client sends a larger reorder in parts of this size.
 */
export const TASK_MOVES_MAX = 900;

/** Splits a list into parts of at most `size` items (a bulk body above its ceiling is sent in parts). */
export function inParts<T>(items: readonly T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += size) parts.push(items.slice(i, i + size));
  return parts;
}
