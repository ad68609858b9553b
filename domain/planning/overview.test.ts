import { describe, expect, it } from "vitest";
import { currentSprint, groupActivity, myOpenTasks, type OverviewSprint, upcomingSprints } from "./overview";

const task = (number: number, status: string | null, people: string[] = []) => ({ guid: `t${number}`, number, title: `Task ${number}`, status, people });
const sprint = (guid: string, status: string, tasks: OverviewSprint["tasks"], extra: Partial<OverviewSprint> = {}): OverviewSprint => ({
  guid, title: guid, status, backlog: false, start_date: null, end_date: null, tasks, ...extra,
});
const done = new Set(["done"]);

describe("the project overview", () => {
  it("gives the active sprint's done share and the days left until its end", () => {
    const sprints = [sprint("backlog", "planned", [task(9, null)], { backlog: true }), sprint("s1", "active", [task(1, "done"), task(2, "todo"), task(3, null)], { end_date: "2026-11-30" })];
    expect(currentSprint(sprints, done, "2026-11-26")).toEqual({ guid: "s1", title: "s1", done: 1, total: 3, end_date: "2026-11-30", daysLeft: 4 });
    expect(currentSprint(sprints, done, "2026-12-01")!.daysLeft).toBe(-1);
    expect(currentSprint([sprint("s2", "planned", [])], done, "2026-11-26")).toBeNull();
  });

  it("lists the viewer's open tasks, the active sprint's first", () => {
    const sprints = [
      sprint("backlog", "planned", [task(1, null, ["me"])], { backlog: true }),
      sprint("s1", "active", [task(5, "todo", ["me"]), task(4, "done", ["me"]), task(3, "todo", ["you"])]),
    ];
    expect(myOpenTasks(sprints, done, "me", 10).map((t) => t.number)).toEqual([5, 1]);
    expect(myOpenTasks(sprints, done, "me", 1).map((t) => t.number)).toEqual([5]);
  });

  it("names the planned sprints still ahead, soonest first", () => {
    const sprints = [
      sprint("late", "planned", [], { start_date: "2026-12-10", end_date: "2026-12-20" }),
      sprint("past", "planned", [], { start_date: "2026-10-01", end_date: "2026-10-10" }),
      sprint("soon", "planned", [], { start_date: "2026-11-30", end_date: "2026-12-09" }),
      sprint("now", "active", []),
    ];
    expect(upcomingSprints(sprints, "2026-11-26", 5).map((s) => s.guid)).toEqual(["soon", "late"]);
  });

  it("groups sixty rows of one person on one day into one line, counting each action", () => {
    const ann = { guid: "a", name: "Ann" };
    const bob = { guid: "b", name: "Bob" };
    const day = (ms: number) => (ms < 100 ? "d1" : "d2");
    const entries = [
      ...Array.from({ length: 60 }, (_, i) => ({ actor: ann, action: "created", entity: `t${i}`, created_at: 200 - i })),
      { actor: bob, action: "updated", entity: "t1", created_at: 120 },
      { actor: ann, action: "updated", entity: "t1", created_at: 50 },
    ].sort((a, b) => b.created_at - a.created_at);
    const groups = groupActivity(entries, day);
    expect(groups.map((g) => [g.actor?.name, g.day, g.actions])).toEqual([
      ["Ann", "d2", [{ action: "created", count: 60 }]],
      ["Bob", "d2", [{ action: "updated", count: 1 }]],
      ["Ann", "d1", [{ action: "updated", count: 1 }]],
    ]);
    expect(groups[0]!.entities).toHaveLength(60);
  });
});
