import { describe, expect, it } from "vitest";
import { MAX_ATTEMPTS, MAX_REFRESHES, afterFailure, afterSuccess, afterUnauthorized, afterPage, backoffMs, customFieldTypeOf, initialState, linkKindOf, retryAfterMs, sprintStateOf, statusKeyOf, typeKeyOf, workflowTransitions } from "./import-plan";

describe("mapping Jira's kinds", () => {
  it("lands known statuses and types on the built-in options and leaves others for new ones", () => {
    expect(statusKeyOf("In Progress")).toBe("in_progress");
    expect(statusKeyOf("Blocked")).toBeUndefined();
    expect(typeKeyOf("Sub-task")).toBe("task");
    expect(typeKeyOf("Epic")).toBe("epic");
  });

  it("archives closed sprints and keeps the active one active", () => {
    expect(sprintStateOf("closed")).toEqual({ status: "completed", archived: true });
    expect(sprintStateOf("active")).toEqual({ status: "active", archived: false });
    expect(sprintStateOf("future")).toEqual({ status: "planned", archived: false });
  });

  it("maps link types and custom field schemas", () => {
    expect(linkKindOf("Blocks")).toBe("blocks");
    expect(linkKindOf("Duplicate")).toBe("duplicates");
    expect(linkKindOf("Anything")).toBe("relates");
    expect(customFieldTypeOf({ type: "number", custom: "x:jsw-story-points" })).toBe("number");
    expect(customFieldTypeOf({ type: "option", custom: "x:select" })).toBe("select");
    expect(customFieldTypeOf({ type: "array", custom: "x:gh-sprint" })).toBeNull();
    expect(customFieldTypeOf({ type: "string" })).toBeNull();
  });
});

describe("a run's answers to Jira's failures", () => {
  it("refreshes the tokens after a 401 at most MAX_REFRESHES times in a row, then fails as refused", () => {
    let state = initialState(0);
    for (let i = 1; i <= MAX_REFRESHES; i++) {
      const next = afterUnauthorized(state, 5);
      expect(next.kind).toBe("refresh");
      state = next.state;
    }
    const last = afterUnauthorized(state, 9);
    expect(last.kind).toBe("fail");
    expect(last.state).toMatchObject({ phase: "failed", finishedAt: 9, problems: [{ reason: "auth_refused" }] });
    // A step that goes through starts the count again.
    expect(afterUnauthorized(afterSuccess(state), 9).kind).toBe("refresh");
  });

  it("waits out a 429 as Retry-After says, without counting a try", () => {
    const r = afterFailure(initialState(0), { status: 429, retryAfter: "2" }, 0);
    expect(r).toEqual({ kind: "wait", ms: 2000, state: initialState(0) });
    expect(retryAfterMs(null, 0)).toBe(1000);
    expect(retryAfterMs("0", 0)).toBe(100);
    expect(retryAfterMs(new Date(5000).toUTCString(), 0)).toBe(5000);
  });

  it("backs off after a 5xx and gives up after the last try", () => {
    let state = initialState(0);
    for (let i = 1; i < MAX_ATTEMPTS; i++) {
      const r = afterFailure(state, { status: 503, retryAfter: null }, 0);
      expect(r.kind).toBe("wait");
      if (r.kind === "wait") expect(r.ms).toBe(backoffMs(i));
      state = r.state;
    }
    const last = afterFailure(state, { status: 503, retryAfter: null }, 9);
    expect(last.kind).toBe("fail");
    expect(last.state.phase).toBe("failed");
    expect(afterFailure(initialState(0), { status: 401, retryAfter: null }, 0).kind).toBe("fail");
  });

  it("moves the cursor page by page and on to relations after the last", () => {
    const one = afterPage({ ...initialState(0), phase: "issues", attempt: 2 }, { nextPageToken: "p2", isLast: false }, { issues: 50 }, []);
    expect(one).toMatchObject({ phase: "issues", pageToken: "p2", pagesDone: 1, attempt: 0 });
    expect(one.counts.issues).toBe(50);
    const two = afterPage(one, { isLast: true }, { issues: 10 }, [{ key: "A-1", reason: "x" }]);
    expect(two).toMatchObject({ phase: "relations", pageToken: null, pagesDone: 2 });
    expect(two.counts.issues).toBe(60);
    expect(two.problems).toHaveLength(1);
  });

  it("maps Jira's workflow transitions onto moves between status options, global ones from every status", () => {
    const workflow = {
      statuses: [{ id: "1", name: "To Do" }, { id: "2", name: "In Progress" }, { id: "3", name: "Done" }, { id: "9", name: "Unknown here" }],
      transitions: [{ from: ["1"], to: "2" }, { from: ["2"], to: "3" }, { from: [], to: "1" }, { from: ["2"], to: "9" }, { from: ["1"], to: "2" }],
    };
    const moves = workflowTransitions([workflow], { "To Do": "todo", "In Progress": "doing", Done: "done" });
    expect(moves).toEqual([{ from: "todo", to: "doing" }, { from: "doing", to: "done" }, { from: "doing", to: "todo" }, { from: "done", to: "todo" }]);
  });
});
