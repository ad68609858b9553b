import { describe, expect, it } from "vitest";
import { LINK_KINDS, type StoredLink, checkNewLink, closesCycle, invertKind, linkBody, normaliseLink, readLink } from "./links";

const [a, b, c, d] = ["aaaa", "bbbb", "cccc", "dddd"];

describe("link kinds", () => {
  it.each([
    ["blocks", "blocked_by"],
    ["duplicates", "duplicated_by"],
    ["parent", "subtask"],
    ["relates", "relates"],
  ] as const)("reads %s as %s from the far side and back again", (kind, inverse) => {
    expect(invertKind(kind)).toBe(inverse);
    expect(invertKind(inverse)).toBe(kind);
  });

  it("stores every kind so that both ends read it back as it was meant", () => {
    for (const kind of LINK_KINDS) {
      const stored = normaliseLink(a, b, kind);
      expect(readLink(stored, a)).toEqual({ kind, other: b });
      expect(readLink(stored, b)).toEqual({ kind: invertKind(kind), other: a });
    }
  });

  it("stores an inverse kind as its stored kind with the ends swapped", () => {
    expect(normaliseLink(a, b, "blocked_by")).toEqual({ source: b, target: a, kind: "blocks" });
    expect(normaliseLink(a, b, "subtask")).toEqual({ source: b, target: a, kind: "parent" });
    expect(normaliseLink(a, b, "duplicated_by")).toEqual({ source: b, target: a, kind: "duplicates" });
  });

  it("stores 'relates' the same way whichever end asked", () => {
    expect(normaliseLink(b, a, "relates")).toEqual(normaliseLink(a, b, "relates"));
  });
});

describe("closesCycle", () => {
  const chain = [
    { source: a, target: b },
    { source: b, target: c },
  ];
  it("finds a cycle closed through several steps", () => {
    expect(closesCycle(chain, c, a)).toBe(true);
  });
  it("finds the direct reverse of an edge", () => {
    expect(closesCycle(chain, b, a)).toBe(true);
  });
  it("lets a chain grow and branch", () => {
    expect(closesCycle(chain, c, d)).toBe(false);
    expect(closesCycle(chain, a, c)).toBe(false);
    expect(closesCycle(chain, d, a)).toBe(false);
  });
  it("ends on graphs that already loop elsewhere", () => {
    expect(closesCycle([...chain, { source: c, target: b }], d, a)).toBe(false);
  });
});

describe("checkNewLink", () => {
  const links: StoredLink[] = [
    { source: a, target: b, kind: "blocks" },
    { source: a, target: b, kind: "parent" },
    { source: a, target: c, kind: "relates" },
  ];
  it("refuses a link of a task to itself", () => {
    expect(checkNewLink([], normaliseLink(a, a, "relates"))).toEqual({ ok: false, reason: "link_self" });
  });
  it("refuses a link that exists, however it is asked for", () => {
    expect(checkNewLink(links, normaliseLink(b, a, "blocked_by"))).toEqual({ ok: false, reason: "link_exists" });
    expect(checkNewLink(links, normaliseLink(c, a, "relates"))).toEqual({ ok: false, reason: "link_exists" });
  });
  it("refuses a second parent", () => {
    expect(checkNewLink(links, normaliseLink(b, c, "subtask"))).toEqual({ ok: false, reason: "link_parent_exists" });
  });
  it("refuses a parent cycle and a blocking cycle", () => {
    expect(checkNewLink(links, normaliseLink(b, a, "parent"))).toEqual({ ok: false, reason: "link_cycle" });
    expect(checkNewLink(links, normaliseLink(b, a, "blocks"))).toEqual({ ok: false, reason: "link_cycle" });
  });
  it("refuses a task duplicating its own duplicate", () => {
    expect(checkNewLink([{ source: a, target: b, kind: "duplicates" }], normaliseLink(b, a, "duplicates"))).toEqual({ ok: false, reason: "link_cycle" });
  });
  it("allows another kind between the same tasks and a relation both ways", () => {
    expect(checkNewLink(links, normaliseLink(a, b, "relates"))).toEqual({ ok: true });
    expect(checkNewLink(links, normaliseLink(a, b, "duplicates"))).toEqual({ ok: true });
    expect(checkNewLink(links, normaliseLink(c, d, "parent"))).toEqual({ ok: true });
  });
});

describe("linkBody", () => {
  it("takes the other task and a known kind", () => {
    expect(linkBody.parse({ issue: b, kind: "subtask" })).toEqual({ issue: b, kind: "subtask" });
  });
  it.each([
    [{ issue: b, kind: "child" }, "link_kind_invalid"],
    [{ issue: b }, "link_kind_invalid"],
    [{ kind: "blocks" }, "link_issue_required"],
    [{ issue: "", kind: "blocks" }, "link_issue_required"],
    [{ issue: 5, kind: "blocks" }, "link_issue_required"],
  ])("refuses %j with %s", (body, code) => {
    const result = linkBody.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(code);
  });
  it("refuses unknown keys", () => {
    expect(linkBody.safeParse({ issue: b, kind: "blocks", note: "x" }).success).toBe(false);
  });
});
