/** Rules of a meeting's roster, shared by the room object and the page. */
import type { MeetingClientMessage, MeetingPeer } from "../wire/live/meeting";

/** A peer after one of its own `media` or `hand` messages; the same object when nothing changed. */
export function applyPeerMessage(peer: MeetingPeer, message: Extract<MeetingClientMessage, { type: "media" | "hand" }>, now: number): MeetingPeer {
  if (message.type === "media") {
    if (peer.camera === message.camera && peer.mic === message.mic && peer.screen === message.screen) return peer;
    return { ...peer, camera: message.camera, mic: message.mic, screen: message.screen };
  }
  if (message.up === (peer.hand !== null)) return peer;
  return { ...peer, hand: message.up ? now : null };
}

/** The order tiles and the people list show: raised hands first (earliest first), then by name. */
export function rosterOrder(peers: readonly MeetingPeer[]): MeetingPeer[] {
  return [...peers].sort((a, b) => {
    if (a.hand !== null || b.hand !== null) {
      if (a.hand === null) return 1;
      if (b.hand === null) return -1;
      if (a.hand !== b.hand) return a.hand - b.hand;
    }
    return a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
  });
}
