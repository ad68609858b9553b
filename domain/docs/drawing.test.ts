import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { DRAWING_MAX_ELEMENTS, isNewer, mergeRemote, readElements, readElementsById, type StoredElement, writeElements } from "./drawing";

function sync(a: Y.Doc, b: Y.Doc) {
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)), "remote");
  Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)), "remote");
}

const el = (id: string, version: number, extra: Partial<StoredElement> = {}): StoredElement => ({
  id,
  type: "rectangle",
  version,
  versionNonce: 1000 + version,
  index: `a${id}`,
  x: 0,
  y: 0,
  isDeleted: false,
  ...extra,
});

function doc(clientID: number) {
  const d = new Y.Doc();
  d.clientID = clientID;
  return d;
}

/**
 * One person's editor: what the canvas shows, written to the map on change, and merged with
 * remote changes the way the drawing editor does (newer local elements are written again).
 */
function editorOn(d: Y.Doc) {
  let scene: StoredElement[] = readElements(d);
  const origin = Symbol("local");
  d.getMap("elements").observe((event, tr) => {
    if (tr.origin === origin) return;
    const { elements, rewrite } = mergeRemote(scene, readElementsById(d, event.keysChanged));
    scene = elements;
    if (rewrite.length) writeElements(d, rewrite, origin);
  });
  return {
    draw(next: StoredElement) {
      scene = [...scene.filter((e) => e.id !== next.id), next];
      writeElements(d, [next], origin);
    },
    scene: () => scene,
  };
}

describe("a drawing in the Y.Doc", () => {
  it("keeps the shapes two people draw at the same time", () => {
    const a = doc(1);
    const b = doc(2);
    writeElements(a, [el("1", 1), el("2", 1)]);
    writeElements(b, [el("3", 1)]);
    sync(a, b);
    expect(readElements(a).map((e) => e.id)).toEqual(["1", "2", "3"]);
    expect(readElements(b)).toEqual(readElements(a));
  });

  it("writes only elements newer than the stored ones", () => {
    const a = doc(1);
    expect(writeElements(a, [el("1", 3)])).toBe(1);
    expect(writeElements(a, [el("1", 3), el("1", 2)])).toBe(0);
    expect(writeElements(a, [el("1", 4, { x: 50 })])).toBe(1);
    expect(readElements(a)).toEqual([el("1", 4, { x: 50 })]);
  });

  it("decides equal versions by the lower nonce, as Excalidraw does", () => {
    expect(isNewer({ version: 2, versionNonce: 5 }, { version: 2, versionNonce: 9 })).toBe(true);
    expect(isNewer({ version: 2, versionNonce: 9 }, { version: 2, versionNonce: 5 })).toBe(false);
    expect(isNewer({ version: 3, versionNonce: 9 }, { version: 2, versionNonce: 5 })).toBe(true);
    expect(isNewer({ version: 2, versionNonce: 5 }, { version: 2, versionNonce: 5 })).toBe(false);
  });

  for (const [ca, cb] of [
    [1, 2],
    [2, 1],
  ] as const) {
    it(`ends with the newer edit of one element on both sides (client ids ${ca}/${cb})`, () => {
      const a = doc(ca);
      const b = doc(cb);
      writeElements(a, [el("s", 1)]);
      sync(a, b);
      const ea = editorOn(a);
      const eb = editorOn(b);
      ea.draw(el("s", 2, { x: 10 }));
      eb.draw(el("s", 5, { x: 99 }));
      sync(a, b); // Yjs keeps one of the two writes…
      sync(a, b); // …and b writes its newer element again if it lost.
      for (const d of [a, b]) expect(readElements(d)).toEqual([el("s", 5, { x: 99 })]);
      expect(ea.scene()).toEqual([el("s", 5, { x: 99 })]);
      expect(eb.scene()).toEqual([el("s", 5, { x: 99 })]);
    });
  }

  it("lets a deletion beat an older concurrent edit", () => {
    const a = doc(1);
    const b = doc(2);
    writeElements(a, [el("s", 1)]);
    sync(a, b);
    const ea = editorOn(a);
    const eb = editorOn(b);
    ea.draw(el("s", 2, { x: 40 }));
    eb.draw(el("s", 3, { isDeleted: true }));
    sync(a, b);
    sync(a, b);
    for (const d of [a, b]) expect(readElements(d)[0]).toMatchObject({ id: "s", isDeleted: true });
  });

  it("does not store images and skips malformed entries", () => {
    const a = doc(1);
    expect(writeElements(a, [el("img", 1, { type: "image", fileId: "f" }), el("r", 1)])).toBe(1);
    a.getMap("elements").set("junk", { id: "junk" });
    a.getMap("elements").set("other", el("not-other", 1));
    a.getMap("elements").set("pic", el("pic", 1, { type: "image" }));
    expect(readElements(a).map((e) => e.id)).toEqual(["r"]);
    expect(readElementsById(a, ["r", "junk", "pic", "missing"]).map((e) => e.id)).toEqual(["r"]);
  });

  it("stores plain JSON copies without undefined values", () => {
    const a = doc(1);
    writeElements(a, [el("1", 1, { link: undefined, points: [[0, 0], [5, 5]] })]);
    const stored = a.getMap("elements").get("1") as Record<string, unknown>;
    expect("link" in stored).toBe(false);
    expect(stored.points).toEqual([[0, 0], [5, 5]]);
  });

  it("orders elements by their fractional index", () => {
    const a = doc(1);
    writeElements(a, [el("x", 1, { index: "a2" }), el("y", 1, { index: "a0" }), el("z", 1, { index: "a1" })]);
    expect(readElements(a).map((e) => e.id)).toEqual(["y", "z", "x"]);
  });

  it("stops adding elements at the limit but still updates existing ones", () => {
    const a = doc(1);
    const many = Array.from({ length: DRAWING_MAX_ELEMENTS }, (_, i) => el(`e${i}`, 1));
    expect(writeElements(a, many)).toBe(DRAWING_MAX_ELEMENTS);
    expect(writeElements(a, [el("new", 1)])).toBe(0);
    expect(writeElements(a, [el("e0", 2)])).toBe(1);
  });

  it("merges remote elements under local ones that are newer", () => {
    const { elements, rewrite } = mergeRemote([el("1", 4), el("2", 1)], [el("1", 3), el("2", 2), el("3", 1)]);
    expect(elements.map((e) => [e.id, e.version])).toEqual([["1", 4], ["2", 2], ["3", 1]]);
    expect(rewrite.map((e) => e.id)).toEqual(["1"]);
  });
});
