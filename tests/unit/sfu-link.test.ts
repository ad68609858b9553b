/**
 * The page's side of a meeting on the SFU, without a browser: `SfuLink` against a stand-in
 * `RTCPeerConnection` and `fetch`. This proves the order and bodies of the proxy calls (the
 * negotiation), not that media flows: see docs/decisions.md, "Video meetings: Cloudflare
 * Realtime's SFU above the mesh".
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SfuLink } from "../../app/features/meetings/sfu-link";

class FakePc {
  static last: FakePc;
  transceivers: { mid: string | null; stopped: boolean; stop(): void; sender: { replaceTrack: (t: unknown) => Promise<void> } }[] = [];
  remote: { type: string; sdp: string }[] = [];
  localDescription: { type: string; sdp: string } | null = null;
  ontrack: ((e: unknown) => void) | null = null;
  constructor() {
    FakePc.last = this;
  }
  addTransceiver() {
    const t = { mid: null as string | null, stopped: false, stop() { this.stopped = true; }, sender: { replaceTrack: vi.fn(async () => {}) } };
    this.transceivers.push(t);
    return t;
  }
  getTransceivers() {
    return this.transceivers;
  }
  async createOffer() {
    return { type: "offer", sdp: `v=0 offer ${this.transceivers.length}` };
  }
  async createAnswer() {
    return { type: "answer", sdp: "v=0 answer" };
  }
  async setLocalDescription(d: { type: string; sdp: string }) {
    this.localDescription = d;
    this.transceivers.forEach((t, i) => (t.mid ??= String(i)));
  }
  async setRemoteDescription(d: { type: string; sdp: string }) {
    this.remote.push(d);
  }
  close() {}
}

const answers: Record<string, unknown> = {
  publish: { sdp: "v=0 sfu answer", tracks: [] },
  pull: { requiresImmediateRenegotiation: true, sdp: "v=0 sfu offer", tracks: [{ mid: "7", peer: "B", trackName: "audio" }, { mid: "8", peer: "B", trackName: "video" }] },
  renegotiate: { ok: true },
  close: { sdp: "v=0 sfu closed" },
};
let calls: { method: string; action: string; body: any }[];

beforeEach(() => {
  calls = [];
  vi.stubGlobal("RTCPeerConnection", FakePc);
  vi.stubGlobal("MediaStream", class {});
  vi.stubGlobal("fetch", async (url: string, init: { method: string; body: string }) => {
    const action = url.split("/").at(-1)!;
    calls.push({ method: init.method, action, body: JSON.parse(init.body) });
    return new Response(JSON.stringify(answers[action]), { status: 200 });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("a page on the SFU", () => {
  it("publishes audio and video, pulls others' tracks once by roster name, answers the SFU's offer, and closes a leaver's", async () => {
    const link = new SfuLink("room-1", "A", [], () => {});
    await link.publish(null, null, null);
    await link.pull([{ peer: "A", trackName: "video" }, { peer: "B", trackName: "audio" }, { peer: "B", trackName: "video" }]);
    await link.pull([{ peer: "B", trackName: "video" }]);
    await link.drop("B");
    expect(calls.map((c) => `${c.method} ${c.action}`)).toEqual(["POST publish", "POST pull", "PUT renegotiate", "PUT close"]);
    expect(calls[0]!.body).toEqual({ peer: "A", sdp: "v=0 offer 2", tracks: [{ mid: "0", trackName: "audio" }, { mid: "1", trackName: "video" }] });
    // Its own tracks are never pulled; peers and names only, no session ids.
    expect(calls[1]!.body).toEqual({ peer: "A", tracks: [{ peer: "B", trackName: "audio" }, { peer: "B", trackName: "video" }] });
    expect(calls[2]!.body).toEqual({ peer: "A", sdp: "v=0 answer" });
    expect(calls[3]!.body).toMatchObject({ peer: "A", mids: ["7", "8"] });
    expect(FakePc.last.remote.map((d) => d.type)).toEqual(["answer", "offer", "answer"]);
  });

  it("runs one negotiation at a time even when asked at once", async () => {
    const link = new SfuLink("room-1", "A", [], () => {});
    await Promise.all([link.publish(null, null, null), link.pull([{ peer: "B", trackName: "audio" }])]);
    expect(calls.map((c) => c.action)).toEqual(["publish", "pull", "renegotiate"]);
  });
});
