import { describe, expect, it } from "vitest";
import { concernsTask } from "./live";

describe("which live messages a task page follows", () => {
  it("follows changes to the task, to tasks it names, and its own comments", () => {
    expect(concernsTask({ type: "tasks_changed", tasks: ["a", "x"] }, "a", [])).toBe(true);
    expect(concernsTask({ type: "tasks_changed", tasks: ["sub"] }, "a", ["sub"])).toBe(true);
    expect(concernsTask({ type: "comments_changed", task: "a" }, "a", [])).toBe(true);
    expect(concernsTask({ type: "sprints_changed" }, "a", [])).toBe(true);
    expect(concernsTask({ type: "views_changed" }, "a", [])).toBe(false);
  });
  it("ignores other tasks and other tasks' comments", () => {
    expect(concernsTask({ type: "tasks_changed", tasks: ["b"] }, "a", ["c"])).toBe(false);
    expect(concernsTask({ type: "tasks_changed", tasks: [] }, "a", [])).toBe(false);
    expect(concernsTask({ type: "comments_changed", task: "b" }, "a", ["b"])).toBe(false);
  });
});
