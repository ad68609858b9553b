import { describe, expect, it } from "vitest";
import { afterMove, type BoardCard, boardColumns, chooseColumnField, columnFieldCandidates, columnTotals, moveCard, swimlanes } from "./columns";

const field = (guid: string, over: Partial<Parameters<typeof columnFieldCandidates>[0][number]> = {}) => ({
  guid,
  slug: null as string | null,
  type_fields: "select",
  hide_to_user: false,
  individual_value: false,
  entities: [{ slug: "issue", permission: true }],
  ...over,
});

const card = (guid: string, over: Partial<BoardCard> = {}): BoardCard => ({ guid, number: 1, sort: 0, position: 0, column: null, ...over });
const guids = (list: readonly BoardCard[] | undefined) => (list ?? []).map((c) => c.guid);

describe("the field the columns come from", () => {
  const definitions = [
    field("title", { slug: "title", type_fields: "text" }),
    field("priority"),
    field("status", { slug: "status", type_fields: "rotation" }),
    field("tags", { slug: "tags", type_fields: "multi_select" }),
    field("secret", { hide_to_user: true }),
    field("room-only", { entities: [{ slug: "room", permission: true }] }),
    field("mine", { individual_value: true }),
  ];

  it("offers only single-choice option fields shown on tasks", () => {
    expect(columnFieldCandidates(definitions).map((f) => f.guid)).toEqual(["priority", "status"]);
  });
  it("uses status unless the viewer chose another field", () => {
    expect(chooseColumnField(definitions, null)?.guid).toBe("status");
    expect(chooseColumnField(definitions, "priority")?.guid).toBe("priority");
  });
  it("falls back to status when the stored choice is no longer a candidate", () => {
    expect(chooseColumnField(definitions, "tags")?.guid).toBe("status");
    expect(chooseColumnField(definitions, "deleted-field")?.guid).toBe("status");
  });
  it("uses the first candidate when there is no status, and nothing when there is none", () => {
    expect(chooseColumnField(definitions.filter((f) => f.slug !== "status"), null)?.guid).toBe("priority");
    expect(chooseColumnField([field("t", { type_fields: "text" })], null)).toBeNull();
  });
});

describe("column placement", () => {
  const columns = ["todo", "doing", "done"];

  it("puts a task in the column its value names", () => {
    const placed = boardColumns([card("a", { column: "doing" })], columns);
    expect(guids(placed.get("doing"))).toEqual(["a"]);
  });
  it("puts a task with an empty value, or one naming a removed option, in the first column", () => {
    const placed = boardColumns([card("a"), card("b", { column: "gone", position: 1 })], columns);
    expect(guids(placed.get("todo"))).toEqual(["a", "b"]);
  });
  it("orders each column by position, the newer task first on a tie", () => {
    const placed = boardColumns(
      [card("c", { column: "done", position: 2 }), card("a", { column: "done", position: 0, number: 1 }), card("b", { column: "done", position: 0, number: 7 })],
      columns,
    );
    expect(guids(placed.get("done"))).toEqual(["b", "a", "c"]);
  });
  it("gives every option a column even when it is empty", () => {
    expect([...boardColumns([], columns).keys()]).toEqual(columns);
  });
});

describe("moving cards", () => {
  const board = () =>
    new Map([
      ["todo", [card("a", { column: "todo", position: 0, sort: 4 }), card("b", { column: "todo", position: 1, sort: 2 }), card("c", { column: "todo", position: 2 })]],
      ["done", [card("x", { column: "done", position: 0 }), card("y", { column: "done", position: 1 })]],
    ]);

  it("reorders within a column, renumbering from 0 and writing only the cards that moved", () => {
    const { columns, changed, value } = moveCard(board(), { from: { column: "todo", index: 2 }, to: { column: "todo", index: 0 } });
    expect(guids(columns.get("todo"))).toEqual(["c", "a", "b"]);
    expect(changed).toEqual([
      { guid: "c", sort: 0, position: 0 },
      { guid: "a", sort: 4, position: 1 },
      { guid: "b", sort: 2, position: 2 },
    ]);
    expect(value).toBeUndefined();
  });
  it("keeps each card's planning sort as it was", () => {
    const { changed } = moveCard(board(), { from: { column: "todo", index: 0 }, to: { column: "todo", index: 1 } });
    expect(changed).toEqual([
      { guid: "b", sort: 2, position: 0 },
      { guid: "a", sort: 4, position: 1 },
    ]);
  });
  it("moves a card across columns, gives it the target's value and renumbers both columns", () => {
    const { columns, changed, value } = moveCard(board(), { from: { column: "todo", index: 0 }, to: { column: "done", index: 1 } });
    expect(value).toBe("done");
    expect(columns.get("todo")!.map((c) => [c.guid, c.position])).toEqual([
      ["b", 0],
      ["c", 1],
    ]);
    expect(columns.get("done")!.map((c) => [c.guid, c.position, c.column])).toEqual([
      ["x", 0, "done"],
      ["a", 1, "done"],
      ["y", 2, "done"],
    ]);
    expect(changed.map((c) => c.guid)).toEqual(["b", "c", "a", "y"]);
  });
  it("renumbers a column whose positions had gaps", () => {
    const gappy = new Map([["todo", [card("a", { position: 3 }), card("b", { position: 8 })]]]);
    const { changed } = moveCard(gappy, { from: { column: "todo", index: 1 }, to: { column: "todo", index: 0 } });
    expect(changed).toEqual([
      { guid: "b", sort: 0, position: 0 },
      { guid: "a", sort: 0, position: 1 },
    ]);
  });
  it("drops a card at the end of a column when the index is past it", () => {
    const { columns } = moveCard(board(), { from: { column: "todo", index: 1 }, to: { column: "done", index: 99 } });
    expect(guids(columns.get("done"))).toEqual(["x", "y", "b"]);
  });
  it("changes nothing for a move from an unknown column or index", () => {
    expect(moveCard(board(), { from: { column: "nope", index: 0 }, to: { column: "done", index: 0 } }).changed).toEqual([]);
    expect(moveCard(board(), { from: { column: "todo", index: 9 }, to: { column: "done", index: 0 } }).changed).toEqual([]);
  });
  it("writes nothing for a drop where the card already was", () => {
    const numbered = new Map([["todo", [card("a", { position: 0 }), card("b", { position: 1 })]]]);
    expect(moveCard(numbered, { from: { column: "todo", index: 1 }, to: { column: "todo", index: 1 } }).changed).toEqual([]);
  });
});

describe("the tasks after a move the server took", () => {
  type Task = { guid: string; sort: number; position: number; title: string; status: string };
  const read = new Map<string, Task>([
    ["a", { guid: "a", sort: 1, position: 0, title: "A", status: "todo" }],
    ["b", { guid: "b", sort: 1, position: 1, title: "B", status: "todo" }],
  ]);

  it("are the tasks as read with the numbers the move wrote", () => {
    expect(afterMove(read, [{ guid: "a", sort: 1, position: 1 }, { guid: "b", sort: 1, position: 0 }], null)).toEqual([
      { guid: "a", sort: 1, position: 1, title: "A", status: "todo" },
      { guid: "b", sort: 1, position: 0, title: "B", status: "todo" },
    ]);
  });

  it("take the moved card from its write's answer, with the numbers the move wrote", () => {
    const written = { guid: "a", sort: 1, position: 0, title: "A", status: "doing" };
    expect(afterMove(read, [{ guid: "a", sort: 1, position: 3 }], written)).toEqual([{ guid: "a", sort: 1, position: 3, title: "A", status: "doing" }]);
  });

  it("hold the moved card's answer alone when no number changed", () => {
    const written = { guid: "b", sort: 1, position: 1, title: "B", status: "done" };
    expect(afterMove(read, [], written)).toEqual([written]);
  });

  it("are unknown when a task of the move was not among those read (the board is read again)", () => {
    expect(afterMove(read, [{ guid: "a", sort: 1, position: 1 }, { guid: "gone", sort: 1, position: 0 }], null)).toBeNull();
  });
});

describe("column figures and swimlanes", () => {
  it("counts the cards and sums their estimates, ignoring empty ones", () => {
    const cards = [{ e: 3 }, { e: null }, { e: 0.1 }, { e: 0.2 }, { e: "5" }];
    expect(columnTotals(cards, (c) => c.e)).toEqual({ count: 5, estimate: 3.3, estimated: 3 });
  });
  it("splits cards into lanes in the given order, with the cards without a key last", () => {
    const cards = [
      { id: 1, keys: ["ann"] },
      { id: 2, keys: [] },
      { id: 3, keys: ["ben", "ann"] },
      { id: 4, keys: ["gone"] },
    ];
    const lanes = swimlanes(cards, (c) => c.keys, ["ann", "ben"]);
    expect(lanes.map((l) => [l.key, l.cards.map((c) => c.id)])).toEqual([
      ["ann", [1]],
      ["ben", [3]],
      [null, [2, 4]],
    ]);
  });
});
