import { describe, expect, it } from "vitest";
import { MAX_MESH_PEERS } from "../wire/live/meeting";
import { admitPeer, MAX_SFU_PEERS, realtimeFailure, sfuPublishInput, sfuPullInput } from "./sfu";

describe("which transport a meeting uses", () => {
  it("keeps a mesh up to its size and refuses the next peer when the deployment has no SFU", () => {
    expect(admitPeer(MAX_MESH_PEERS - 1, "mesh", false)).toEqual({ ok: true, mode: "mesh" });
    expect(admitPeer(MAX_MESH_PEERS, "mesh", false)).toEqual({ ok: false });
  });

  it("moves to the SFU for the peer after the mesh's size when an SFU is configured", () => {
    expect(admitPeer(MAX_MESH_PEERS - 1, "mesh", true)).toEqual({ ok: true, mode: "mesh" });
    expect(admitPeer(MAX_MESH_PEERS, "mesh", true)).toEqual({ ok: true, mode: "sfu" });
  });

  it("stays on the SFU while anyone is in, up to its own size, and starts an empty room as a mesh", () => {
    expect(admitPeer(2, "sfu", true)).toEqual({ ok: true, mode: "sfu" });
    expect(admitPeer(MAX_SFU_PEERS, "sfu", true)).toEqual({ ok: false });
    expect(admitPeer(0, "sfu", true)).toEqual({ ok: true, mode: "mesh" });
  });

  it("takes nobody new into a room on the SFU once the deployment has none, until it empties", () => {
    expect(admitPeer(2, "sfu", false)).toEqual({ ok: false });
    expect(admitPeer(0, "sfu", false)).toEqual({ ok: true, mode: "mesh" });
  });
});

describe("SFU proxy bodies", () => {
  const offer = "v=0\r\no=- 1 1 IN IP4 0.0.0.0\r\n";
  it("accepts a publish of named tracks and refuses odd names, no tracks and extra fields", () => {
    expect(sfuPublishInput.safeParse({ peer: "p", sdp: offer, tracks: [{ mid: "0", trackName: "audio" }] }).success).toBe(true);
    const code = (body: unknown) => sfuPublishInput.safeParse(body).error?.issues[0]?.message;
    expect(code({ peer: "p", sdp: offer, tracks: [{ mid: "0", trackName: "a b" }] })).toBe("meeting_sfu_track_invalid");
    expect(code({ peer: "p", sdp: offer, tracks: [] })).toBe("meeting_sfu_track_invalid");
    expect(code({ peer: "p", sdp: "hello", tracks: [{ mid: "0", trackName: "audio" }] })).toBe("meeting_sfu_sdp_invalid");
    expect(sfuPublishInput.safeParse({ peer: "p", sdp: offer, tracks: [{ mid: "0", trackName: "audio" }], sessionId: "x" }).success).toBe(false);
  });

  it("names other peers, never sessions, in a pull", () => {
    expect(sfuPullInput.safeParse({ peer: "p", tracks: [{ peer: "q", trackName: "video" }] }).success).toBe(true);
    expect(sfuPullInput.safeParse({ peer: "p", tracks: [{ sessionId: "s", trackName: "video" }] }).success).toBe(false);
  });
});

describe("Realtime answers", () => {
  it("finds an error of the call or of any one track", () => {
    expect(realtimeFailure({ tracks: [{}, {}] })).toBeNull();
    expect(realtimeFailure({ errorCode: "x" })).toBe("x");
    expect(realtimeFailure({ tracks: [{}, { errorCode: "not_found" }] })).toBe("not_found");
  });
});
