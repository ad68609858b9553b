import { describe, expect, it } from "vitest";
import { applyPatch, diff, patchFits } from "./patch";
import { seeded } from "./seeded";

describe("room patches", () => {
  it("turns one value into another with set, delete and cut operations", () => {
    const a = { n: 1, list: [1, 2, 3], gone: true, deep: { x: [{ y: 1 }] } };
    const b = { n: 2, list: [1, 5], deep: { x: [{ y: 1 }, { y: 2 }] }, added: null };
    const ops = diff(a, b);
    expect(ops).toEqual([
      { p: ["gone"], del: true },
      { p: ["n"], v: 2 },
      { p: ["list", 1], v: 5 },
      { p: ["list"], len: 2 },
      { p: ["deep", "x", 1], v: { y: 2 } },
      { p: ["added"], v: null },
    ]);
    expect(applyPatch(a, ops)).toEqual(b);
    expect(a.list).toEqual([1, 2, 3]);
  });

  it("sends nothing when nothing changed", () => {
    expect(diff({ a: [1, { b: "c" }] }, { a: [1, { b: "c" }] })).toEqual([]);
  });

  it("replaces values whose type changed, including the root", () => {
    expect(applyPatch({ a: [1] }, diff({ a: [1] }, { a: { 0: 1 } }))).toEqual({ a: { 0: 1 } });
    expect(applyPatch([1, 2], diff([1, 2], "x"))).toBe("x");
  });

  it("refuses a patch that does not fit the value, so the client asks for the full state", () => {
    expect(() => applyPatch({ a: 1 }, [{ p: ["b", "c"], v: 1 }])).toThrow();
    expect(() => applyPatch({ a: 1 }, [{ p: ["a"], len: 0 }])).toThrow();
  });

  it("round-trips random JSON values (seeded)", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const r = seeded(seed);
      const value = (depth: number): unknown => {
        const k = r.int(depth > 2 ? 3 : 6);
        if (k === 0) return r.int(5);
        if (k === 1) return r.chance(0.5) ? null : `s${r.int(3)}`;
        if (k === 2) return r.chance(0.5);
        if (k === 3) return Array.from({ length: r.int(4) }, () => value(depth + 1));
        return Object.fromEntries(Array.from({ length: r.int(4) }, () => [`k${r.int(4)}`, value(depth + 1)]));
      };
      for (let i = 0; i < 200; i++) {
        const a = value(0);
        const b = value(0);
        expect(applyPatch(a, diff(a, b))).toEqual(b);
      }
    }
  });
});

describe("whether a patch continues what a client holds", () => {
  it("applies the next seq, and a patch covering several seqs that starts right after the held one", () => {
    expect(patchFits(4, { seq: 5 })).toBe("apply");
    expect(patchFits(4, { seq: 9, from: 5 })).toBe("apply");
  });

  it("applies a patch that starts before the held seq but ends after it (a state arrived in between)", () => {
    expect(patchFits(7, { seq: 9, from: 5 })).toBe("apply");
  });

  it("ignores a patch whose changes the client already holds", () => {
    expect(patchFits(9, { seq: 9, from: 5 })).toBe("stale");
    expect(patchFits(9, { seq: 8 })).toBe("stale");
  });

  it("calls a missing seq a gap", () => {
    expect(patchFits(4, { seq: 6 })).toBe("gap");
    expect(patchFits(4, { seq: 9, from: 6 })).toBe("gap");
  });
});
