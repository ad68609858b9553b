import { describe, expect, it } from "vitest";
import { taskLayout, type LayoutField } from "./layout";

let n = 0;
const field = (slug: string | null, type: string, extra: Partial<LayoutField> = {}): LayoutField => ({
  guid: `f${++n}`,
  slug,
  type_fields: type,
  sort: n,
  hide_to_user: false,
  entities: [{ slug: "issue", permission: true }],
  ...extra,
});

describe("task layout", () => {
  it("puts title, type and status in the header, long texts and subtasks in the main column, the rest beside", () => {
    const fields = [
      field("title", "text"),
      field("description", "long_text"),
      field("status", "rotation"),
      field("issue_type", "rotation"),
      field("subtasks", "issues"),
      field("sprint", "sprint"),
      field(null, "long_text", { guid: "notes" }),
      field(null, "number", { guid: "points" }),
    ];
    const layout = taskLayout(fields);
    expect(layout.title?.slug).toBe("title");
    expect(layout.status?.slug).toBe("status");
    expect(layout.issueType?.slug).toBe("issue_type");
    expect(layout.subtasks?.slug).toBe("subtasks");
    expect(layout.main.map((f) => f.slug ?? f.guid)).toEqual(["description", "notes"]);
    expect(layout.details.map((f) => f.slug ?? f.guid)).toEqual(["sprint", "points"]);
  });
  it("shows only fields permitted on tasks, in the project's order", () => {
    const a = field(null, "text", { guid: "a", sort: 5 });
    const b = field(null, "text", { guid: "b", sort: 1 });
    const room = field("voting_deck", "select", { entities: [{ slug: "room", permission: true }, { slug: "issue", permission: false }] });
    expect(taskLayout([a, b, room]).details.map((f) => f.guid)).toEqual(["b", "a"]);
  });
  it("folds fields hidden from users under more fields, but never the title", () => {
    const layout = taskLayout([field("title", "text", { hide_to_user: true }), field("status", "rotation", { hide_to_user: true }), field(null, "date", { guid: "due", hide_to_user: true })]);
    expect(layout.title?.slug).toBe("title");
    expect(layout.status).toBeUndefined();
    expect(layout.hidden.map((f) => f.slug ?? f.guid)).toEqual(["status", "due"]);
  });
});
