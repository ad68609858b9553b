import { describe, expect, it } from "vitest";
import { keepPushedOut, type OlderPages } from "./older-pages";

type Naming = { people: Record<string, string> };
const rows = (...guids: string[]) => guids.map((guid) => ({ guid }));
const merge = (a: Naming, b: Naming): Naming => ({ people: { ...a.people, ...b.people } });
const none: OlderPages<{ guid: string }, Naming> = { rows: [], next: null, naming: null };
// The earlier first page: rows 3, 2, 1, the next page starting before row 1 (cursor 10).
const before = { rows: rows("r3", "r2", "r1"), next: 10, naming: { people: { ann: "Ann" } } };

describe("older activity pages beside a first page read again", () => {
  it("keeps the rows the new first page pushed out between it and the older pages shown", () => {
    const older = { rows: rows("r0"), next: 5, naming: { people: { bo: "Bo" } } };
    const kept = keepPushedOut(older, before, rows("r5", "r4", "r3"), false, merge);
    expect(kept.rows.map((r) => r.guid)).toEqual(["r2", "r1", "r0"]);
    expect(kept.next).toBe(5);
    expect(kept.naming).toEqual({ people: { ann: "Ann", bo: "Bo" } });
  });

  it("keeps them while an older page is on its way, which starts where the earlier first page ended", () => {
    const kept = keepPushedOut(none, before, rows("r4", "r3", "r2"), true, merge);
    expect(kept.rows.map((r) => r.guid)).toEqual(["r1"]);
    expect(kept.next).toBe(10);
    expect(kept.naming).toEqual(before.naming);
  });

  it("keeps nothing when no older page is shown or asked for: the next one starts from the new first page", () => {
    expect(keepPushedOut(none, before, rows("r4", "r3", "r2"), false, merge)).toBe(none);
  });

  it("changes nothing when the first page read again holds every row it held", () => {
    const older = { rows: rows("r0"), next: 5, naming: null };
    expect(keepPushedOut(older, before, rows("r3", "r2", "r1"), false, merge)).toBe(older);
  });
});
