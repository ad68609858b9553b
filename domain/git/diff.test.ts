import { describe, expect, it } from "vitest";
import { diffLines, splitLines, unifiedDiff } from "./diff";

describe("line diff", () => {
  it("prints a changed line as a hunk with three lines of context, as git diff does", () => {
    const before = "1\n2\n3\n4\n5\n6\n7\n8\n";
    const after = "1\n2\n3\n4\nfive\n6\n7\n8\n";
    expect(unifiedDiff(before, after)).toEqual({ patch: "@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8", additions: 1, deletions: 1 });
  });

  it("counts every line of a new file as added, from line zero of the old side", () => {
    expect(unifiedDiff("", "a\nb\n")).toEqual({ patch: "@@ -0,0 +1,2 @@\n+a\n+b", additions: 2, deletions: 0 });
  });

  it("keeps distant changes in separate hunks", () => {
    const a = Array.from({ length: 20 }, (_, i) => String(i));
    const b = [...a];
    b[1] = "x";
    b[18] = "y";
    const diff = unifiedDiff(a.join("\n"), b.join("\n"))!;
    expect(diff.patch.match(/^@@/gm)).toHaveLength(2);
  });

  it("finds the shortest script: an insertion in the middle is one added line", () => {
    const ops = diffLines(splitLines("a\nb\nc"), splitLines("a\nb\nx\nc"))!;
    expect(ops.map((o) => o.kind)).toEqual(["same", "same", "add", "same"]);
  });

  it("replays into the new text", () => {
    const a = splitLines("the\nquick\nbrown\nfox\njumps\nover");
    const b = splitLines("a\nquick\nred\nfox\nover\nthe\ndog");
    const ops = diffLines(a, b)!;
    expect(ops.filter((o) => o.kind !== "del").map((o) => o.line)).toEqual(b);
    expect(ops.filter((o) => o.kind !== "add").map((o) => o.line)).toEqual(a);
  });

  it("gives up beyond the edit limit instead of running long", () => {
    expect(diffLines(["a", "b"], ["c", "d"], 1)).toBeNull();
  });
});
