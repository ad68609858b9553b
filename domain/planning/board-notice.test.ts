import { describe, expect, it } from "vitest";
import { boardNoticeAction } from "./board-notice";

describe("what an open board does with another person's change", () => {
  it("reads nothing for a comment on a task that is not open over it: no card shows comments", () => {
    expect(boardNoticeAction({ type: "comments_changed", task: "a" }, null)).toBe("none");
    expect(boardNoticeAction({ type: "comments_changed", task: "a" }, "b")).toBe("none");
  });
  it("reads the page for a comment on, or a change to, the task open over it", () => {
    expect(boardNoticeAction({ type: "comments_changed", task: "a" }, "a")).toBe("page");
    expect(boardNoticeAction({ type: "tasks_changed", tasks: ["x", "a"] }, "a")).toBe("page");
  });
  it("hands changed tasks, sprints and the views' mapping to the live board", () => {
    expect(boardNoticeAction({ type: "tasks_changed", tasks: ["x"] }, "a")).toBe("board");
    expect(boardNoticeAction({ type: "tasks_changed", tasks: ["x"] }, null)).toBe("board");
    expect(boardNoticeAction({ type: "sprints_changed" }, "a")).toBe("board");
    expect(boardNoticeAction({ type: "views_changed" }, null)).toBe("board");
  });
});
