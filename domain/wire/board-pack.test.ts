import { describe, expect, it } from "vitest";
import { packBoard, unpackBoard } from "./board-pack";
import type { BoardTaskView, TaskView, ValueView } from "./task-view";

const status = (value: string): ValueView => ({ guid: "f-status", slug: "status", value, participant_value: null });
const todo = status("o-todo");
const done = status("o-done");

function task(n: number, values: ValueView[], creator: string | null = "u-ann"): TaskView {
  return { guid: `t-${n}`, number: n, sort: n % 3, position: n * 1.5, created_by: creator, created_at: 1_700_000_000_000 + n, updated_at: 1_700_000_100_000 + n, custom_fields: values };
}

function board() {
  const title = (text: string): ValueView => ({ guid: "f-title", slug: "title", value: text, participant_value: null });
  const estimate: ValueView = { guid: "f-est", slug: null, value: 3, participant_value: "u-bob" };
  const labels: ValueView = { guid: "f-labels", slug: "labels", value: ["a", "</script><b>"], participant_value: null };
  return {
    sprints: [
      { guid: "s-backlog", title: "Backlog", backlog: true, start_date: null, availability: [{ user: "u-ann", share: 1, days_off: 0 }], count: 2, issues: [task(1, [title("Log in"), todo, estimate]), task(2, [title('Say "hi" ✓'), done, labels], null)] },
      { guid: "s-1", title: "Sprint 1", backlog: false, start_date: "2026-11-01", availability: [], count: 1, issues: [task(3, [title("Log out"), todo])] },
    ],
    epics: [task(4, [title("Accounts")], "u-bob")],
    epic_type: "o-epic",
  };
}

/** A task as the views read it: what the page sends of it. */
const shown = ({ guid, number, sort, position, custom_fields }: TaskView): BoardTaskView => ({ guid, number, sort, position, custom_fields });

describe("a packed board", () => {
  it("reads back as the board it was, lanes, epics and what else the board carries included, each task as the views read it", () => {
    const packed = packBoard(board());
    const original = board();
    // A copy of the text, as the browser gets it: nothing cached in this module answers.
    expect(unpackBoard({ packed: packed.packed })).toEqual({
      ...original,
      sprints: original.sprints.map((lane) => ({ ...lane, issues: lane.issues.map(shown) })),
      epics: original.epics.map(shown),
    });
  });

  it("leaves out what no view reads: a task's creator and its times", () => {
    const text = packBoard({ sprints: [{ issues: [task(1, [todo], "u-creator"), task(2, [done], "u-creator")] }], epics: [] }).packed;
    expect(text).not.toContain("u-creator");
    expect(text).not.toContain("1700000");
    const back = unpackBoard({ packed: text }).sprints[0]!.issues[0]!;
    expect(Object.keys(back).sort()).toEqual(["custom_fields", "guid", "number", "position", "sort"]);
  });

  it("is one string, so the page's loader data encodes it as one value", () => {
    const packed = packBoard(board());
    expect(Object.keys(packed)).toEqual(["packed"]);
    expect(typeof packed.packed).toBe("string");
  });

  it("keeps a value shared by many tasks as one object when read back", () => {
    const many = { sprints: [{ issues: Array.from({ length: 50 }, (_, i) => task(i, [i % 2 ? todo : done])) }], epics: [] };
    const back = unpackBoard({ packed: packBoard(many).packed });
    const statuses = new Set(back.sprints[0]!.issues.map((t) => t.custom_fields[0]));
    expect(statuses.size).toBe(2);
  });

  it("writes a shared value and a field once, however many tasks carry them", () => {
    const tasks = Array.from({ length: 200 }, (_, i) => task(i, [todo]));
    const text = packBoard({ sprints: [{ issues: tasks }], epics: [] }).packed;
    expect(text.split("o-todo").length - 1).toBe(1);
    expect(text.split("f-status").length - 1).toBe(1);
  });

  it("keeps values in each task's own order", () => {
    const back = unpackBoard({ packed: packBoard(board()).packed });
    expect(back.sprints[0]!.issues[0]!.custom_fields.map((v) => v.guid)).toEqual(["f-title", "f-status", "f-est"]);
  });

  it("hands the server the board it packed, without reading the text again", () => {
    const original = board();
    expect(unpackBoard(packBoard(original))).toBe(original);
  });

  it("writes the tasks' guids as one text, in the rows' order across lanes and epics", () => {
    const text = packBoard(board()).packed;
    expect(JSON.parse(text).ids).toBe("t-1 t-2 t-3 t-4");
    // No task row quotes its guid: the one quoted "t-… is the ids text.
    expect(text.split('"t-').length - 1).toBe(1);
  });

  it("reads back a guid that holds a space (a list then)", () => {
    const odd = { sprints: [{ issues: [{ ...task(1, [todo]), guid: "a b" }, task(2, [done])] }], epics: [] };
    const back = unpackBoard({ packed: packBoard(odd).packed });
    expect(back.sprints[0]!.issues.map((t) => t.guid)).toEqual(["a b", "t-2"]);
  });

  it("costs a typical task under 90 bytes of text: its guid, three numbers, its value indexes and its own title", () => {
    const shared = (slug: string, value: unknown): ValueView => ({ guid: `f-${slug}`, slug, value, participant_value: null });
    // Shared values are shared objects, as the board service makes them.
    const statuses = ["todo", "doing", "done"].map((s) => shared("status", `00000000-0000-4000-8000-00000000000${s.length}`));
    const estimates = [1, 2, 3, 5, 8].map((n) => shared("estimate", n));
    const sprint = shared("sprint", "00000000-0000-4000-8000-0000000000aa");
    const tasks = Array.from({ length: 1000 }, (_, i) => ({
      ...task(i, [shared("title", `Task ${i}`), statuses[i % 3]!, estimates[i % 5]!, sprint]),
      guid: crypto.randomUUID(),
      sort: i,
      position: i * 3,
    }));
    const text = packBoard({ sprints: [{ issues: tasks }], epics: [] }).packed;
    // 114 bytes a task as rows with the creator, the times and a quoted guid; 77 since.
    expect(text.length / tasks.length, `${text.length / tasks.length} bytes a task`).toBeLessThan(90);
  });

  it("reads an empty board", () => {
    expect(unpackBoard({ packed: packBoard({ sprints: [], epics: [] }).packed })).toEqual({ sprints: [], epics: [] });
  });
});
