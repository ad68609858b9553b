import { describe, expect, it } from "vitest";
import { TEXT_MAX } from "../fields/types";
import { TASK_MOVES_MAX, reorderTasksBody, taskTitleRefusal, updateTaskBody } from "./schemas";

describe("a task's title", () => {
  it("takes any string with something besides spaces in it, as given", () => {
    expect(taskTitleRefusal("Login form")).toBeNull();
    expect(taskTitleRefusal("  padded  ")).toBeNull();
    expect(taskTitleRefusal("x".repeat(TEXT_MAX))).toBeNull();
  });

  it("refuses empty, blank, null, missing and non-string titles with one key", () => {
    for (const value of ["", "   ", "\n\t", null, undefined, 7, ["a"], { a: 1 }]) expect(taskTitleRefusal(value), JSON.stringify(value)).toBe("task_title_required");
  });

  it("refuses a title over the text limit as too long", () => {
    expect(taskTitleRefusal("x".repeat(TEXT_MAX + 1))).toBe("value_too_long");
  });
});

describe("PUT /issue body", () => {
  it("refuses filter_custom_fields_recursion when it asks for recursion, and accepts false or an empty list", () => {
    for (const recursion of [true, ["title"]]) {
      const parsed = updateTaskBody.safeParse({ filter_custom_fields_recursion: recursion });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("filter_recursion_unsupported");
    }
    for (const recursion of [false, [], undefined]) expect(updateTaskBody.safeParse({ filter_custom_fields_recursion: recursion }).success).toBe(true);
    expect(updateTaskBody.safeParse({ filter_custom_fields_recursion: "yes" }).success).toBe(false);
  });
});

describe("PATCH /issue body", () => {
  it(`takes up to ${TASK_MOVES_MAX} moves and refuses more as bulk_too_many`, () => {
    const moves = (n: number) => Array.from({ length: n }, (_, i) => ({ guid: `t${i}`, sort: i }));
    expect(reorderTasksBody.safeParse(moves(TASK_MOVES_MAX)).success).toBe(true);
    expect(reorderTasksBody.safeParse(moves(TASK_MOVES_MAX + 1)).error?.issues[0]?.message).toBe("bulk_too_many");
  });
});
