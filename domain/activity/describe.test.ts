import { describe, expect, it } from "vitest";
import { type ActivityRow, type DescribeContext, collapseMirrored, dayOf, describeActivity, groupByDay, tasksMentioned } from "./describe";

const opt = (guid: string, title: string, color = "#000000") => ({ guid, title, color, sort: 0 });
const ctx: DescribeContext = {
  fields: [
    { guid: "f-status", slug: "status", title: "Status", type_fields: "rotation", settings: { values_set: [opt("todo", "To do", "#64748b"), opt("doing", "In progress", "#0ea5e9")] } },
    { guid: "f-desc", slug: "description", title: "Description", type_fields: "long_text", settings: { values_set: [] } },
    { guid: "f-est", slug: "estimate", title: "Estimate", type_fields: "number", settings: { values_set: [] } },
    { guid: "f-who", slug: "participants", title: "Assignees", type_fields: "participants", settings: { values_set: [] } },
    { guid: "f-epic", slug: "epic", title: "Epic", type_fields: "issue", settings: { values_set: [] } },
    { guid: "f-end", slug: "end_date", title: "End date", type_fields: "date", settings: { values_set: [] } },
  ],
  people: new Map([["u-ann", "Ann"]]),
  sprints: new Map([["s-1", "Sprint 1"], ["s-2", "Sprint 2"]]),
  tasks: new Map([["t-1", { number: 1, title: "Login" }], ["t-9", { number: 9, title: "Auth epic" }]]),
};
const row = (action: string, detail: Record<string, unknown>, extra: Partial<ActivityRow> = {}): ActivityRow => ({
  guid: "a",
  actor: { guid: "u-ann", name: "Ann", color: "#111111" },
  entity_kind: "issue",
  entity: "t-1",
  action,
  detail,
  created_at: 0,
  ...extra,
});

describe("activity sentences", () => {
  it("names a single field change with its old and new option labels", () => {
    const s = describeActivity(row("updated", { changes: [{ field: "f-status", slug: "status", from: "todo", to: "doing" }] }), ctx);
    expect(s.key).toBe("issue.changed");
    expect(s.params).toMatchObject({ field: "Status", number: 1, title: "Login" });
    expect(s.task).toEqual({ guid: "t-1", number: 1, title: "Login" });
    expect(s.changes).toEqual([{ field: "Status", kind: "changed", from: [{ text: "To do", color: "#64748b" }], to: [{ text: "In progress", color: "#0ea5e9" }] }]);
  });
  it("counts several changes and tells set, cleared and edited apart", () => {
    const s = describeActivity(
      row("updated", {
        changes: [
          { field: "f-est", slug: "estimate", from: null, to: 5 },
          { field: "f-who", slug: "participants", from: ["u-ann"], to: null },
          { field: "f-desc", slug: "description", from: "old", to: "new" },
          { field: "f-epic", slug: "epic", from: null, to: "t-9" },
          { field: "f-end", slug: "end_date", from: null, to: "2026-05-01" },
        ],
      }),
      ctx,
    );
    expect(s.key).toBe("issue.updated");
    expect(s.params.count).toBe(5);
    expect(s.changes.map((c) => c.kind)).toEqual(["set", "cleared", "edited", "set", "set"]);
    expect(s.changes[1]!.from).toEqual([{ text: "Ann" }]);
    expect(s.changes[3]!.to).toEqual([{ text: "#9 Auth epic", task: "t-9" }]);
    expect(s.changes[4]!.to).toEqual([{ text: "2026-05-01", date: true }]);
  });
  it("marks options, people and tasks that no longer exist", () => {
    const s = describeActivity(row("updated", { changes: [{ field: "f-status", slug: "status", from: "gone", to: "todo" }] }), ctx);
    expect(s.changes[0]!.from).toEqual([{ text: "", missing: true }]);
  });
  it("finds a field by slug when its guid changed, and says so when it is gone", () => {
    expect(describeActivity(row("updated", { changes: [{ field: "old-guid", slug: "estimate", from: 1, to: 2 }] }), ctx).params.field).toBe("Estimate");
    expect(describeActivity(row("updated", { changes: [{ field: "deleted", slug: null, from: 1, to: 2 }] }), ctx).key).toBe("issue.changed_unknown");
  });
  it("reads a deleted task by the number and title its row remembers", () => {
    const s = describeActivity(row("deleted", { number: 7, title: "Old" }, { entity: "t-gone" }), ctx);
    expect(s).toMatchObject({ key: "issue.deleted", params: { number: 7, title: "Old" } });
    expect(s.task).toBeUndefined();
  });
  it("words comments, links, files and sprints", () => {
    expect(describeActivity(row("comment_added", { comment: "c" }), ctx).key).toBe("issue.comment_added");
    const link = describeActivity(row("link_added", { link: "l", kind: "blocks", other: "t-9" }), ctx);
    expect(link).toMatchObject({ key: "issue.link_added", params: { kind: "blocks", other: "#9 Auth epic" }, other: { guid: "t-9" } });
    expect(describeActivity(row("file_added", { file: "f", name: "spec.pdf" }), ctx).params.name).toBe("spec.pdf");
    const done = describeActivity(row("completed", { title: "Sprint 1", moved: 3, to: "s-2" }, { entity_kind: "sprint", entity: "s-1" }), ctx);
    expect(done).toMatchObject({ key: "sprint.completed", params: { title: "Sprint 1", count: 3, to: "Sprint 2" } });
    expect(describeActivity(row("exploded", {}), ctx).key).toBe("issue.other");
  });
  it("words a task imported from Jira and one updated from Jira by its Jira key", () => {
    expect(describeActivity(row("jira_imported", { key: "ALPHA-1", url: "https://x.atlassian.net/browse/ALPHA-1" }), ctx)).toMatchObject({ key: "issue.jira_imported", params: { key: "ALPHA-1" } });
    expect(describeActivity(row("jira_updated", { key: "ALPHA-1" }), ctx)).toMatchObject({ key: "issue.jira_updated", params: { key: "ALPHA-1" } });
  });
  it("lists the tasks a page of rows mentions, including link targets and task-field values", () => {
    const rows = [row("link_added", { other: "t-9" }), row("updated", { changes: [{ field: "f-epic", from: "t-3", to: "t-4" }, { field: "f-status", from: "todo", to: "doing" }] }, { entity: "t-2" })];
    expect(tasksMentioned(rows, ctx.fields).sort()).toEqual(["t-1", "t-2", "t-3", "t-4", "t-9"]);
  });
  it("groups rows by calendar day in the given time zone", () => {
    const day = Date.UTC(2026, 4, 1, 23, 30);
    const rows = [{ created_at: day }, { created_at: day - 60_000 }, { created_at: day - 86_400_000 }];
    expect(groupByDay(rows, (ms) => dayOf(ms, "UTC")).map((g) => [g.day, g.rows.length])).toEqual([["2026-05-01", 2], ["2026-04-30", 1]]);
    expect(dayOf(day, "Europe/Berlin")).toBe("2026-05-02");
  });
  it("shows a link logged on both of its tasks once, and a removal apart from the adding", () => {
    const rows = [
      row("link_added", { link: "L1", kind: "blocks", other: "t-9" }, { guid: "1" }),
      row("link_added", { link: "L1", kind: "blocked_by", other: "t-1" }, { guid: "2", entity: "t-9" }),
      row("link_removed", { link: "L1", kind: "blocks", other: "t-9" }, { guid: "3" }),
      row("comment_added", { comment: "c" }, { guid: "4" }),
    ];
    expect(collapseMirrored(rows).map((r) => r.guid)).toEqual(["1", "3", "4"]);
  });
});

describe("a commit that mentions a task", () => {
  it("names the repository, the short commit id and the message's first line, and links the commit", () => {
    const hexsha = "a".repeat(40);
    const sentence = describeActivity(row("commit_mentioned", { repo: "r-1", repo_name: "app", hexsha, message: "Fix #1" }), ctx);
    expect(sentence).toMatchObject({ key: "issue.commit_mentioned", params: { number: 1, title: "Login", repo: "app", sha: "aaaaaaaa", message: "Fix #1" }, commit: { repo: "r-1", hexsha } });
    expect(describeActivity(row("commit_mentioned", { repo: "r-1", hexsha: "nope" }), ctx).commit).toBeUndefined();
  });
});
