import { describe, expect, it } from "vitest";
import { LOG_TEXT_MAX, eventsQuery, forLog, initialValues, sprintChanges, valueChanges } from "./activity";

const v = (field: string, value: unknown, participant = "") => ({ field, slug: field === "f1" ? "title" : null, participant, value });

describe("valueChanges", () => {
  it("lists only the values that really change", () => {
    const before = [v("f1", "Old"), v("f2", ["a", "b"]), v("f3", 3)];
    const writes = [v("f1", "New"), v("f2", ["a", "b"]), v("f3", 3)];
    expect(valueChanges(before, writes)).toEqual([{ field: "f1", slug: "title", from: "Old", to: "New" }]);
  });
  it("reads a missing value as null and a cleared one as null", () => {
    expect(valueChanges([v("f2", "x")], [v("f2", null), v("f4", "2026-01-05")])).toEqual([
      { field: "f2", slug: null, from: "x", to: null },
      { field: "f4", slug: null, from: null, to: "2026-01-05" },
    ]);
  });
  it("does not count clearing an empty value", () => {
    expect(valueChanges([], [v("f2", null)])).toEqual([]);
  });
  it("compares an individual value with the same participant's only", () => {
    expect(valueChanges([v("votes", 5, "ann")], [v("votes", 5, "bob")])).toEqual([{ field: "votes", slug: null, from: null, to: 5 }]);
  });
  it("sees a list in another order as a change", () => {
    expect(valueChanges([v("f2", ["a", "b"])], [v("f2", ["b", "a"])])).toHaveLength(1);
  });
});

describe("long texts in the log", () => {
  it("are cut, and still compared whole", () => {
    const long = "x".repeat(5000);
    const changes = valueChanges([v("d", long)], [v("d", `${long}y`)]);
    expect(changes).toHaveLength(1);
    expect(changes[0]!.from).toBe(`${"x".repeat(LOG_TEXT_MAX)}…`);
    expect(initialValues([v("d", long)])[0]!.value).toBe(`${"x".repeat(LOG_TEXT_MAX)}…`);
  });
  it("keep short texts and other values as they are", () => {
    expect(forLog("short")).toBe("short");
    expect(forLog(["a"])).toEqual(["a"]);
    expect(forLog(undefined)).toBeNull();
  });
});

describe("initialValues", () => {
  it("keeps the values a task starts with", () => {
    expect(initialValues([v("f1", "T"), v("f2", null)])).toEqual([{ field: "f1", slug: "title", value: "T" }]);
  });
});

describe("sprintChanges", () => {
  it("lists the named fields that change", () => {
    const before = { title: "S1", goal: "", start_date: null as string | null };
    expect(sprintChanges(before, { title: "S1", goal: "Ship", start_date: "2026-01-05" }, ["title", "goal", "start_date"])).toEqual([
      { field: "goal", from: "", to: "Ship" },
      { field: "start_date", from: null, to: "2026-01-05" },
    ]);
  });
  it("sees a cleared date as a change and an absent key as none", () => {
    expect(sprintChanges({ end_date: "2026-01-05" as string | null, goal: "x" }, { end_date: null }, ["end_date", "goal"])).toEqual([{ field: "end_date", from: "2026-01-05", to: null }]);
  });
});

describe("eventsQuery", () => {
  it("defaults to 50 and reads numbers from the query string", () => {
    expect(eventsQuery.parse({})).toEqual({ limit: 50 });
    expect(eventsQuery.parse({ limit: "10", before: "1700000000000", entity: "e" })).toEqual({ limit: 10, before: 1700000000000, entity: "e" });
  });
  it.each([
    [{ limit: "0" }, "limit_invalid"],
    [{ limit: "201" }, "limit_invalid"],
    [{ before: "yesterday" }, "before_invalid"],
    [{ before: "-5" }, "before_invalid"],
    [{ entity: "x".repeat(65) }, "entity_invalid"],
  ])("refuses %j with %s", (input, code) => {
    expect(eventsQuery.safeParse(input).error?.issues[0]?.message).toBe(code);
  });
});
