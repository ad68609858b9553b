/**
 * The task board (spec §4 "Columns"): columns are the options of one single-choice field
 * (status unless the viewer picks another), a task stands in the column its value names or in
 * the first one when the value is empty, and a column is ordered by `position`. Pure: the
 * board renders with these rules and writes what they return.
 */
import { columnOf } from "./placement";

/** Field types whose options can be the board's columns (one value per task). */
export const COLUMN_FIELD_TYPES: readonly string[] = ["rotation", "select"];

interface ColumnFieldCandidate {
  guid: string;
  slug: string | null;
  type_fields: string;
  hide_to_user: boolean;
  individual_value: boolean;
  entities: { slug: string; permission: boolean }[];
}

/** The fields a viewer may group the board by: single-choice, on tasks, shown, shared. */
export function columnFieldCandidates<F extends ColumnFieldCandidate>(definitions: readonly F[]): F[] {
  return definitions.filter(
    (f) =>
      COLUMN_FIELD_TYPES.includes(f.type_fields) &&
      !f.hide_to_user &&
      !f.individual_value &&
      f.entities.some((e) => e.slug === "issue" && e.permission),
  );
}

/**
 * The field the columns come from: the viewer's stored choice while it is still a candidate,
 * else status, else the first candidate (null when the project has none).
 */
export function chooseColumnField<F extends ColumnFieldCandidate>(definitions: readonly F[], stored: string | null | undefined): F | null {
  const candidates = columnFieldCandidates(definitions);
  return candidates.find((f) => f.guid === stored) ?? candidates.find((f) => f.slug === "status") ?? candidates[0] ?? null;
}

export interface BoardCard {
  guid: string;
  /** The project-wide task number: newer tasks have higher numbers. */
  number: number;
  sort: number;
  position: number;
  /** The task's value of the column field (an option guid), if any. */
  column: string | null;
}

/**
 * Groups cards into columns, each ordered by position. Positions are shared by every column
 * field, so two cards of one column may tie after a switch of field: the newer one goes first,
 * as a new task enters at the top.
 */
export function boardColumns<T extends BoardCard>(cards: readonly T[], columnGuids: readonly string[]): Map<string, T[]> {
  const columns = new Map(columnGuids.map((g) => [g, [] as T[]]));
  for (const card of cards) columns.get(columnOf(card, columnGuids))?.push(card);
  for (const list of columns.values()) list.sort((a, b) => a.position - b.position || b.number - a.number);
  return columns;
}

export interface CardMove {
  /** Column the card leaves and its index there. */
  from: { column: string; index: number };
  /** Column the card enters and its index there (clamped to the column). */
  to: { column: string; index: number };
}

export interface CardMoveResult<T> {
  columns: Map<string, T[]>;
  /** `PATCH /issue` rows: only the cards whose position changed, each with its unchanged sort. */
  changed: { guid: string; sort: number; position: number }[];
  /** The moved card's new value of the column field when it crossed columns, else undefined. */
  value: string | undefined;
}

/**
 * Moves a card within a column or across two, renumbering the positions of the columns it
 * touched from 0. Returns the new columns, the rows whose position changed and, across
 * columns, the value the card takes (the target column's option).
 */
export function moveCard<T extends BoardCard>(columns: ReadonlyMap<string, readonly T[]>, move: CardMove): CardMoveResult<T> {
  const next = new Map([...columns].map(([k, v]) => [k, [...v]]));
  const source = next.get(move.from.column);
  const target = next.get(move.to.column);
  if (!source || !target || move.from.index < 0 || move.from.index >= source.length) return { columns: next, changed: [], value: undefined };
  const crossing = move.from.column !== move.to.column;
  const [card] = source.splice(move.from.index, 1);
  const moved = crossing ? { ...card!, column: move.to.column } : card!;
  const dest = crossing ? target : source;
  dest.splice(Math.min(Math.max(0, move.to.index), dest.length), 0, moved);
  const changed: CardMoveResult<T>["changed"] = [];
  for (const column of crossing ? [move.from.column, move.to.column] : [move.from.column]) {
    const numbered = next.get(column)!.map((c, i) => (c.position === i ? c : { ...c, position: i }));
    next.set(column, numbered);
    const before = new Map((columns.get(column) ?? []).map((c) => [c.guid, c.position]));
    for (const c of numbered) if (before.get(c.guid) !== c.position) changed.push({ guid: c.guid, sort: c.sort, position: c.position });
  }
  return { columns: next, changed, value: crossing ? move.to.column : undefined };
}

/** A column header's figures: how many cards, the sum of their estimates and how many have one. */
export function columnTotals<T>(cards: readonly T[], estimateOf: (card: T) => unknown): { count: number; estimate: number; estimated: number } {
  let estimate = 0;
  let estimated = 0;
  for (const card of cards) {
    const value = estimateOf(card);
    if (typeof value === "number" && Number.isFinite(value)) {
      estimate += value;
      estimated += 1;
    }
  }
  // Sums of decimal estimates (0.1 + 0.2) should read as people wrote them.
  return { count: cards.length, estimate: Math.round(estimate * 1000) / 1000, estimated };
}

/**
 * Splits a column's cards into swimlanes by a key (an assignee, an epic, an option): one lane
 * per key in the given order, then the cards without one. A card with several keys (several
 * assignees) stands in its first key's lane, so every card shows exactly once.
 */
export function swimlanes<T>(cards: readonly T[], keysOf: (card: T) => readonly string[], order: readonly string[]): { key: string | null; cards: T[] }[] {
  const lanes = new Map<string | null, T[]>([...order.map((k) => [k, [] as T[]] as const), [null, []]]);
  for (const card of cards) {
    const key = keysOf(card).find((k) => lanes.has(k)) ?? null;
    lanes.get(key)!.push(card);
  }
  return [...lanes].map(([key, list]) => ({ key, cards: list }));
}

interface HeldTask {
  guid: string;
  sort: number;
  position: number;
}

/**
 * The tasks of a move the server took, as it now holds them: the numbers the move wrote over the
 * tasks as last read, the moved card taken from its own write's answer when it crossed columns
 * (its value changed there). Null when a task of the move is not among those read: the board is
 * then read again instead.
 */
export function afterMove<T extends HeldTask>(read: ReadonlyMap<string, T>, positions: readonly HeldTask[], written: T | null): T[] | null {
  const held = new Map<string, T>();
  if (written) held.set(written.guid, written);
  for (const { guid, sort, position } of positions) {
    const base = held.get(guid) ?? read.get(guid);
    if (!base) return null;
    held.set(guid, { ...base, sort, position });
  }
  return [...held.values()];
}
