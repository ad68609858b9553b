/**
 * The planning board as the task board page sends it: one JSON text instead of a tree of
 * objects (issue 17). React Router encodes loader data value by value (turbo-stream): for a
 * board of 5,000 tasks that is some 100,000 values, each looked up, indexed and written on its
 * own, the largest share of the page's server time after React. A single string is written by
 * one native `JSON.stringify` and read back by one `JSON.parse`.
 *
 * The text keeps what the object tree kept: a value shared by many tasks (a status, a type, a
 * sprint) is written once and read back as one shared object; the people who created tasks and
 * the fields are written once each. Tasks are rows: `[guid, number, sort, position, creator
 * (index or -1), created_at, updated_at, ...value indexes]`.
 *
 * On the server the page renders from the board it packed (`unpackBoard` finds it by the packed
 * object, no parse); in the browser the packed object is a new one, read once per loader answer.
 */

import type { TaskView, ValueView } from "./task-view";

/** A board: lanes of tasks with whatever else each lane carries, the epics, and more. */
export interface PackableBoard<Task extends TaskView = TaskView> {
  sprints: { issues: Task[] }[];
  epics: Task[];
}

/** A board as one JSON text; `B` only carries the board's type to `unpackBoard`. */
export interface PackedBoard<B> {
  packed: string;
  /** Never set: the type of what was packed. */
  readonly board?: B;
}

type Row = (string | number)[];

interface Wire {
  fields: [string, string | null][];
  values: [number, unknown, string | null][];
  people: string[];
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

export function packBoard<B extends PackableBoard>(board: B): PackedBoard<B> {
  const wire: Wire = { fields: [], values: [], people: [], sprints: [], epics: [], rest: {} };
  const fields = interner<string>();
  const values = interner<ValueView>();
  const people = interner<string>();
  const row = (task: TaskView): Row => {
    const out: Row = [task.guid, task.number, task.sort, task.position, task.created_by === null ? -1 : people.of(task.created_by, () => wire.people.push(task.created_by!)), task.created_at, task.updated_at];
    for (const value of task.custom_fields) {
      out.push(
        values.of(value, () => {
          // Fields are told apart by guid and slug together: the pair is what a value carries.
          const field = fields.of(`${value.guid}\u0000${value.slug ?? ""}`, () => wire.fields.push([value.guid, value.slug]));
          wire.values.push([field, value.value ?? null, value.participant_value]);
        }),
      );
    }
    return out;
  };
  const { sprints, epics, ...rest } = board;
  wire.sprints = sprints.map(({ issues, ...lane }) => ({ ...lane, issues: issues.map(row) }));
  wire.epics = epics.map(row);
  wire.rest = rest;
  const packed: PackedBoard<B> = { packed: JSON.stringify(wire) };
  packedHere.set(packed, board);
  return packed;
}

export function unpackBoard<B extends PackableBoard>(packed: PackedBoard<B>): B {
  const here = packedHere.get(packed);
  if (here) return here as B;
  const wire = JSON.parse(packed.packed) as Wire;
  const values: ValueView[] = wire.values.map(([field, value, participant]) => {
    const [guid, slug] = wire.fields[field]!;
    return { guid, slug, value, participant_value: participant };
  });
  const task = (r: Row): TaskView => {
    const creator = r[4] as number;
    const custom: ValueView[] = [];
    for (let i = 7; i < r.length; i++) custom.push(values[r[i] as number]!);
    return {
      guid: r[0] as string,
      number: r[1] as number,
      sort: r[2] as number,
      position: r[3] as number,
      created_by: creator === -1 ? null : wire.people[creator]!,
      created_at: r[5] as number,
      updated_at: r[6] as number,
      custom_fields: custom,
    };
  };
  const board = { ...wire.rest, sprints: wire.sprints.map(({ issues, ...lane }) => ({ ...lane, issues: issues.map(task) })), epics: wire.epics.map(task) } as unknown as B;
  packedHere.set(packed, board);
  return board;
}
