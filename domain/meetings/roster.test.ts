import { describe, expect, it } from "vitest";
import type { MeetingPeer } from "../wire/live/meeting";
import { applyPeerMessage, rosterOrder } from "./roster";

const peer = (id: string, name: string, hand: number | null = null): MeetingPeer => ({ id, user: id, name, camera: true, mic: true, screen: false, hand, tracks: [] });

describe("meeting roster", () => {
  it("records a raised hand with its time and lowers it again", () => {
    const up = applyPeerMessage(peer("a", "Ann"), { type: "hand", up: true }, 42);
    expect(up.hand).toBe(42);
    expect(applyPeerMessage(up, { type: "hand", up: true }, 99)).toBe(up);
    expect(applyPeerMessage(up, { type: "hand", up: false }, 100).hand).toBeNull();
  });

  it("keeps the same peer when a media message changes nothing", () => {
    const p = peer("a", "Ann");
    expect(applyPeerMessage(p, { type: "media", camera: true, mic: true, screen: false }, 1)).toBe(p);
    expect(applyPeerMessage(p, { type: "media", camera: true, mic: false, screen: false }, 1).mic).toBe(false);
  });

  it("lists raised hands first, earliest first, then everyone by name", () => {
    const order = rosterOrder([peer("1", "Zoe"), peer("2", "Bob", 20), peer("3", "Ann"), peer("4", "Cy", 10)]);
    expect(order.map((p) => p.name)).toEqual(["Cy", "Bob", "Ann", "Zoe"]);
  });
});
