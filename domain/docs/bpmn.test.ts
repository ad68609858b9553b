import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { BpmnSync, type BpmnSyncEvent, EMPTY_BPMN, INITIAL_SAVE_ID, readBpmn } from "./bpmn";

/** Two replicas exchanging everything they have, as the document's room eventually does. */
function sync(a: Y.Doc, b: Y.Doc) {
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)), "remote");
  Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)), "remote");
}

/** One person's editor: a replica, its sync object and what it was told. */
function editor(doc = new Y.Doc()) {
  const events: BpmnSyncEvent[] = [];
  const sync = new BpmnSync(doc, (e) => events.push(e));
  sync.start();
  const shown = () => [...events].reverse().find((e) => e.type === "load") as Extract<BpmnSyncEvent, { type: "load" }> | undefined;
  const conflicts = () => events.filter((e) => e.type === "conflict") as Extract<BpmnSyncEvent, { type: "conflict" }>[];
  return { doc, sync, events, shown, conflicts };
}

const diagram = (name: string) => EMPTY_BPMN.replace('<bpmn:startEvent id="StartEvent_1" />', `<bpmn:startEvent id="StartEvent_1" name="${name}" />`);

/** Two people with the same saved diagram open. */
function pair() {
  const a = editor();
  a.sync.initialize();
  const b = editor(new Y.Doc());
  sync(a.doc, b.doc);
  return { a, b };
}

/** Two editors: `a` saves `xml` while `b` has unsaved changes, and the save reaches `b`. */
function savedWhileOtherEdits(xml: string) {
  const { a, b } = pair();
  b.sync.edited();
  a.sync.edited();
  a.sync.save(xml);
  sync(a.doc, b.doc);
  return { a, b };
}

describe("a BPMN diagram in the Y.Doc", () => {
  it("starts a new diagram with one start event, saved as rev 1", () => {
    const a = editor();
    expect(a.sync.initialize()).toBe(true);
    expect(readBpmn(a.doc)).toEqual({ xml: EMPTY_BPMN, rev: 1, id: INITIAL_SAVE_ID, parent: null });
    expect(a.shown()?.xml).toBe(EMPTY_BPMN);
    expect(a.sync.initialize()).toBe(false);
  });

  it("saves each change with the next rev and loads it unchanged in another editor", () => {
    const { a, b } = pair();
    a.sync.edited();
    const saved = a.sync.save(diagram("Order received"));
    expect(saved).toMatchObject({ ok: true, save: { rev: 2, parent: INITIAL_SAVE_ID } });
    sync(a.doc, b.doc);
    expect(b.shown()?.xml).toBe(diagram("Order received"));
    expect(readBpmn(b.doc)?.rev).toBe(2);
    expect(a.conflicts()).toEqual([]);
    expect(b.conflicts()).toEqual([]);
  });

  it("does not ask when two people open a brand-new diagram at the same moment", () => {
    const a = editor();
    const b = editor();
    a.sync.initialize();
    b.sync.initialize();
    sync(a.doc, b.doc);
    expect(a.conflicts()).toEqual([]);
    expect(b.conflicts()).toEqual([]);
    b.sync.edited();
    expect(b.sync.save(diagram("B")).ok).toBe(true);
  });

  it("refuses a save based on an older diagram and asks, keeping what the other saved", () => {
    const { a, b } = pair();
    a.sync.edited();
    a.sync.save(diagram("A's change"));
    sync(a.doc, b.doc);
    // b had not typed yet, so a's save was simply loaded.
    expect(b.shown()?.xml).toBe(diagram("A's change"));

    a.sync.edited();
    b.sync.edited(); // b is changing the diagram…
    a.sync.save(diagram("A again"));
    sync(a.doc, b.doc); // …when a's next save arrives: b is told at once.
    expect(b.conflicts()).toEqual([expect.objectContaining({ reason: "changed_meanwhile", theirs: expect.objectContaining({ xml: diagram("A again") }) })]);
    expect(b.sync.save(diagram("B's change"))).toEqual({ ok: false, reason: "conflict" });
    expect(readBpmn(b.doc)?.xml).toBe(diagram("A again"));
  });

  it("tells the person whose save lost when two saves happen at the same moment, and not the winner", () => {
    const { a, b } = pair();
    a.sync.edited();
    b.sync.edited();
    expect(a.sync.save(diagram("A")).ok).toBe(true);
    expect(b.sync.save(diagram("B")).ok).toBe(true);
    sync(a.doc, b.doc);

    const winner = readBpmn(a.doc)!;
    expect(readBpmn(b.doc)).toEqual(winner);
    const [won, lost] = winner.xml === diagram("A") ? [a, b] : [b, a];
    expect(won.conflicts()).toEqual([]);
    expect(lost.conflicts()).toEqual([expect.objectContaining({ reason: "overwritten", theirs: winner })]);
    // The loser's screen still shows their own diagram until they choose.
    expect(lost.events.filter((e) => e.type === "load")).toHaveLength(1);
  });

  it("keeps mine: writes the local diagram on top of theirs, and the other editor loads it", () => {
    const { a, b } = pair();
    a.sync.edited();
    b.sync.edited();
    a.sync.save(diagram("A"));
    b.sync.save(diagram("B"));
    sync(a.doc, b.doc);
    const lost = a.conflicts().length ? a : b;
    const won = lost === a ? b : a;
    const mine = lost === a ? diagram("A") : diagram("B");

    const kept = lost.sync.keepMine(mine);
    expect(kept).toMatchObject({ ok: true, save: { rev: 3 } });
    expect(lost.events.at(-2)).toEqual({ type: "resolved" });
    sync(a.doc, b.doc);
    expect(won.shown()?.xml).toBe(mine);
    expect(won.conflicts()).toEqual([]);
    expect(readBpmn(won.doc)?.xml).toBe(mine);
  });

  it("loads theirs: drops the local changes and saves again from their diagram", () => {
    const { a, b } = savedWhileOtherEdits(diagram("A"));
    expect(b.conflicts()).toHaveLength(1);
    b.sync.loadTheirs();
    expect(b.shown()?.xml).toBe(diagram("A"));
    expect(b.sync.dirty).toBe(false);
    b.sync.edited();
    expect(b.sync.save(diagram("A then B"))).toMatchObject({ ok: true, save: { rev: 3 } });
    sync(a.doc, b.doc);
    expect(a.shown()?.xml).toBe(diagram("A then B"));
    expect(a.conflicts()).toEqual([]);
  });

  it("keeps the newest of their saves in a pending conflict", () => {
    const { a, b } = savedWhileOtherEdits(diagram("A1"));
    a.sync.edited();
    a.sync.save(diagram("A2"));
    sync(a.doc, b.doc);
    expect(b.sync.conflict?.theirs.xml).toBe(diagram("A2"));
    expect(b.sync.conflict?.reason).toBe("changed_meanwhile");
  });

  it("loads saves built on this person's own save without asking", () => {
    const { a, b } = pair();
    a.sync.edited();
    a.sync.save(diagram("A"));
    sync(a.doc, b.doc);
    b.sync.edited();
    b.sync.save(diagram("A then B"));
    sync(a.doc, b.doc);
    expect(a.conflicts()).toEqual([]);
    expect(a.shown()?.xml).toBe(diagram("A then B"));
  });

  it("counts an edit made while the XML was being fetched as unsaved", () => {
    const { a, b } = pair();
    a.sync.edited();
    const upTo = a.sync.editCount;
    a.sync.edited(); // a second change lands before the first save is written
    a.sync.save(diagram("first"), upTo);
    expect(a.sync.dirty).toBe(true);
    b.sync.edited();
    b.sync.save(diagram("B"));
    sync(a.doc, b.doc);
    expect(a.conflicts().length + b.conflicts().length).toBeGreaterThan(0);
  });

  it("does not write a save when the XML did not change", () => {
    const { a } = pair();
    a.sync.edited();
    expect(a.sync.save(EMPTY_BPMN)).toEqual({ ok: false, reason: "unchanged" });
    expect(readBpmn(a.doc)?.rev).toBe(1);
    expect(a.sync.dirty).toBe(false);
  });

  it("refuses a diagram larger than the limit", () => {
    const { a } = pair();
    expect(a.sync.save(EMPTY_BPMN + " ".repeat(2_000_001))).toEqual({ ok: false, reason: "too_large" });
  });

  it("reads a map written without a save id by naming the save after its rev", () => {
    const doc = new Y.Doc();
    doc.getMap("bpmn").set("xml", EMPTY_BPMN);
    doc.getMap("bpmn").set("rev", 4);
    expect(readBpmn(doc)).toEqual({ xml: EMPTY_BPMN, rev: 4, id: "rev-4", parent: null });
    expect(readBpmn(new Y.Doc())).toBeNull();
  });
});
