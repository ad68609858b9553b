import { describe, expect, it } from "vitest";
import { type EditableTask, type PendingEdit, PENDING_GRACE_MS, applyPending, prunePending, reflects } from "./optimistic";

const task = (guid: string, status: string | null, position = 0): EditableTask => ({
  guid,
  position,
  custom_fields: status === null ? [] : [{ guid: "status", slug: "status", value: status, participant_value: null }],
});
const statusOf = (t: EditableTask) => t.custom_fields.find((f) => f.guid === "status")?.value ?? null;
const edit = (over: Partial<PendingEdit>): PendingEdit => ({ id: 1, task: "a", settledAt: null, ...over });

describe("one's own pending edits", () => {
  it("show on top of the server's tasks at once", () => {
    const [a] = applyPending([task("a", "todo", 3)], [edit({ values: { status: "done" }, position: 0 })]);
    expect(statusOf(a!)).toBe("done");
    expect(a!.position).toBe(0);
  });
  it("set a value the task did not have, and clear one with null", () => {
    const [a, b] = applyPending([task("a", null), task("b", "todo")], [edit({ values: { status: "doing" } }), edit({ id: 2, task: "b", values: { status: null } })]);
    expect(statusOf(a!)).toBe("doing");
    expect(statusOf(b!)).toBeNull();
  });
  it("apply in the order they were made, the newest winning", () => {
    const [a] = applyPending([task("a", "todo")], [edit({ values: { status: "doing" } }), edit({ id: 2, values: { status: "done" } })]);
    expect(statusOf(a!)).toBe("done");
  });
  it("leave personal values of the same field alone", () => {
    const t: EditableTask = { guid: "a", position: 0, custom_fields: [{ guid: "votes", slug: null, value: 3, participant_value: "ann" }] };
    const [a] = applyPending([t], [edit({ values: { votes: 5 } })]);
    expect(a!.custom_fields).toEqual([
      { guid: "votes", slug: null, value: 3, participant_value: "ann" },
      { guid: "votes", slug: null, value: 5, participant_value: null },
    ]);
  });
});

describe("a fresh server read", () => {
  const now = 100_000;

  it("does not undo a move whose write is still in flight (no flicker back)", () => {
    const stale = [task("a", "todo")];
    const pending = prunePending([edit({ values: { status: "done" } })], stale, now);
    expect(pending).toHaveLength(1);
    expect(statusOf(applyPending(stale, pending)[0]!)).toBe("done");
  });
  it("does not undo a confirmed move when the read started before the write landed", () => {
    const pending = prunePending([edit({ values: { status: "done" }, settledAt: now - 500 })], [task("a", "todo")], now);
    expect(pending).toHaveLength(1);
  });
  it("replaces a confirmed edit once it shows the same", () => {
    expect(prunePending([edit({ values: { status: "done" }, position: 0, settledAt: now - 10 })], [task("a", "done", 0)], now)).toEqual([]);
  });
  it("is the truth again after the grace period (someone else changed the task since)", () => {
    expect(prunePending([edit({ values: { status: "done" }, settledAt: now - PENDING_GRACE_MS - 1 })], [task("a", "review")], now)).toEqual([]);
  });
  it("drops edits of tasks that are gone", () => {
    expect(prunePending([edit({ values: { status: "done" } })], [], now)).toEqual([]);
  });
  it("tells whether a task shows an edit's values and position", () => {
    expect(reflects(task("a", "done", 2), edit({ values: { status: "done" }, position: 2 }))).toBe(true);
    expect(reflects(task("a", "done", 1), edit({ values: { status: "done" }, position: 2 }))).toBe(false);
    expect(reflects(task("a", null), edit({ values: { status: null } }))).toBe(true);
  });
});
