/**
 * The planning board as the task board page sends it: one JSON text instead of a tree of
 * objects (issue 17). React Router encodes loader data value by value (turbo-stream): for a
 * board of 5,000 tasks that is some 100,000 values, each looked up, indexed and written on its
 * own, the largest share of the page's server time after React. A single string is written by
 * one native `JSON.stringify` and read back by one `JSON.parse`.
 *
 * The text keeps what the views read of the object tree (`BoardTaskView`): a value shared by
 * many tasks (a status, a type, a sprint) is written once and read back as one shared object, and
 * each field once. Tasks are rows of numbers, `[number, sort, position, ...value indexes]`, and
 * their guids one text in the rows' order, space-separated: a quoted string in the page costs its
 * two quotes three times over (JSON, then the loader data's JSON, then the script's string), 8
 * bytes a task. A value is `[field, value]`, with the participant third only when it has one. A
 * task's creator and times stay out: no view shows them (the task's own page reads them), and they
 * were 30 of a row's bytes, 150 KB of a 5,000-task page (issue 17).
 *
 * On the server the page renders from the board it packed (`unpackBoard` finds it by the packed
 * object, no parse); in the browser the packed object is a new one, read once per loader answer.
 */

import type { BoardTaskView, ValueView } from "./task-view";

/** A board: lanes of tasks with whatever else each lane carries, the epics, and more. */
export interface PackableBoard<Task extends BoardTaskView = BoardTaskView> {
  sprints: { issues: Task[] }[];
  epics: Task[];
}

/** Board `B` as the text gives it back: its tasks as the views read them, whatever they held. */
export type SentBoard<B extends PackableBoard> = {
  [K in keyof B]: K extends "sprints"
    ? { [L in keyof B["sprints"][number]]: L extends "issues" ? BoardTaskView[] : B["sprints"][number][L] }[]
    : K extends "epics"
      ? BoardTaskView[]
      : B[K];
};

/** A board as one JSON text; `B` only carries the board's type to `unpackBoard`. */
export interface PackedBoard<B> {
  packed: string;
  /** Never set: the type of what was packed. */
  readonly board?: B;
}

type Row = number[];

interface Wire {
  /** The tasks' guids in the order of their rows (lanes first, then epics): space-separated, or a list if a guid ever held a space. */
  ids: string | string[];
  fields: [string, string | null][];
  values: ([number, unknown] | [number, unknown, string])[];
  sprints: (Record<string, unknown> & { issues: Row[] })[];
  epics: Row[];
  rest: Record<string, unknown>;
}

/** Boards packed in this isolate, by their packed object: the server renders from these. */
const packedHere = new WeakMap<object, unknown>();

/** An index for each distinct key, given in the order first met. */
function interner<K>() {
  const indexes = new Map<K, number>();
  return {
    indexes,
    of(key: K, add: () => void): number {
      let index = indexes.get(key);
      if (index === undefined) {
        index = indexes.size;
        indexes.set(key, index);
        add();
      }
      return index;
    },
  };
}

export function packBoard<B extends PackableBoard>(board: B): PackedBoard<SentBoard<B>> {
  const wire: Wire = { ids: "", fields: [], values: [], sprints: [], epics: [], rest: {} };
  const fields = interner<string>();
  const values = interner<ValueView>();
  const ids: string[] = [];
  const row = (task: BoardTaskView): Row => {
    ids.push(task.guid);
    const out: Row = [task.number, task.sort, task.position];
    for (const value of task.custom_fields) {
      out.push(
        values.of(value, () => {
          // Fields are told apart by guid and slug together: the pair is what a value carries.
          const field = fields.of(`${value.guid}\u0000${value.slug ?? ""}`, () => wire.fields.push([value.guid, value.slug]));
          wire.values.push(value.participant_value === null ? [field, value.value ?? null] : [field, value.value ?? null, value.participant_value]);
        }),
      );
    }
    return out;
  };
  const { sprints, epics, ...rest } = board;
  wire.sprints = sprints.map(({ issues, ...lane }) => ({ ...lane, issues: issues.map(row) }));
  wire.epics = epics.map(row);
  wire.ids = ids.some((id) => id.includes(" ")) ? ids : ids.join(" ");
  wire.rest = rest;
  const packed: PackedBoard<SentBoard<B>> = { packed: JSON.stringify(wire) };
  packedHere.set(packed, board);
  return packed;
}

export function unpackBoard<B extends PackableBoard>(packed: PackedBoard<B>): B {
  const here = packedHere.get(packed);
  if (here) return here as B;
  const wire = JSON.parse(packed.packed) as Wire;
  const values: ValueView[] = wire.values.map(([field, value, participant]) => {
    const [guid, slug] = wire.fields[field]!;
    return { guid, slug, value, participant_value: participant ?? null };
  });
  const ids = typeof wire.ids === "string" ? (wire.ids === "" ? [] : wire.ids.split(" ")) : wire.ids;
  let next = 0;
  const task = (r: Row): BoardTaskView => {
    const custom: ValueView[] = [];
    for (let i = 3; i < r.length; i++) custom.push(values[r[i]!]!);
    return { guid: ids[next++]!, number: r[0]!, sort: r[1]!, position: r[2]!, custom_fields: custom };
  };
  const board = { ...wire.rest, sprints: wire.sprints.map(({ issues, ...lane }) => ({ ...lane, issues: issues.map(task) })), epics: wire.epics.map(task) } as unknown as B;
  packedHere.set(packed, board);
  return board;
}
