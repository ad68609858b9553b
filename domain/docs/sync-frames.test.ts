import * as encoding from "lib0/encoding";
import * as awarenessProtocol from "y-protocols/awareness";
import * as syncProtocol from "y-protocols/sync";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { classifyFrame } from "./sync-frames";

function frame(write: (e: encoding.Encoder) => void): Uint8Array {
  const e = encoding.createEncoder();
  write(e);
  return encoding.toUint8Array(e);
}

function presence(doc: Y.Doc, state: Record<string, unknown>) {
  const awareness = new awarenessProtocol.Awareness(doc);
  clearInterval((awareness as unknown as { _checkInterval: ReturnType<typeof setInterval> })._checkInterval);
  awareness.setLocalState(state);
  return awarenessProtocol.encodeAwarenessUpdate(awareness, [doc.clientID]);
}

describe("sync frames", () => {
  it("tells the three sync steps apart", () => {
    const doc = new Y.Doc();
    doc.getText("t").insert(0, "x");
    expect(classifyFrame(frame((e) => (encoding.writeVarUint(e, 0), syncProtocol.writeSyncStep1(e, doc))))).toEqual({ kind: "sync_step1" });
    expect(classifyFrame(frame((e) => (encoding.writeVarUint(e, 0), syncProtocol.writeSyncStep2(e, doc))))).toEqual({ kind: "sync_step2" });
    expect(classifyFrame(frame((e) => (encoding.writeVarUint(e, 0), syncProtocol.writeUpdate(e, Y.encodeStateAsUpdate(doc)))))).toEqual({ kind: "update" });
  });

  it("names the clients an awareness frame speaks for", () => {
    const doc = new Y.Doc();
    const bytes = frame((e) => (encoding.writeVarUint(e, 1), encoding.writeVarUint8Array(e, presence(doc, { user: { name: "A" } }))));
    expect(classifyFrame(bytes)).toEqual({ kind: "awareness", clients: [doc.clientID] });
  });

  it("reads a padded message type as the decoder does: 0x81 0x00 is awareness, 0x80 0x00 0x82 0x00 an update", () => {
    const doc = new Y.Doc();
    const payload = presence(doc, { user: { name: "Owner (not really)" } });
    const padded = frame((e) => (encoding.writeUint8(e, 0x81), encoding.writeUint8(e, 0x00), encoding.writeVarUint8Array(e, payload)));
    expect(padded[0]).toBe(0x81);
    expect(classifyFrame(padded)).toEqual({ kind: "awareness", clients: [doc.clientID] });
    const update = frame((e) => {
      for (const b of [0x80, 0x00, 0x82, 0x00]) encoding.writeUint8(e, b);
      encoding.writeVarUint8Array(e, Y.encodeStateAsUpdate(doc));
    });
    expect(classifyFrame(update)).toEqual({ kind: "update" });
  });

  it("calls anything else other, and never throws", () => {
    expect(classifyFrame(new Uint8Array([]))).toEqual({ kind: "other" });
    expect(classifyFrame(new Uint8Array([2, 0]))).toEqual({ kind: "other" });
    expect(classifyFrame(new Uint8Array([0, 3]))).toEqual({ kind: "other" });
    expect(classifyFrame(new Uint8Array([0x81]))).toEqual({ kind: "other" });
    expect(classifyFrame(new Uint8Array([1, 5, 3, 1, 2]))).toEqual({ kind: "other" });
    expect(classifyFrame(new Uint8Array(12).fill(0xff))).toEqual({ kind: "other" });
  });
});
