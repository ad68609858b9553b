/**
 * The wire protocol of a video meeting (`/ws/meeting/{roomId}`, issue 21).
 *
 * A socket is one peer: a person in one tab. The room object keeps the roster (each peer's
 * name, camera, microphone and screen state, raised hand) with the sockets themselves, the chat
 * in its storage, and relays WebRTC signalling between peers without reading it:
 *
 * - on connect the socket gets `welcome`: its own peer id, the roster, the newest chat messages
 *   (and whether older ones exist: ask with `history`);
 * - the newcomer sends the offers (`signal` to each peer of the roster), so two peers never
 *   offer to each other at once; the others answer. `data` is the SDP or ICE candidate, opaque
 *   to the server;
 * - every change of a peer reaches everyone as `peer`; a peer leaving as `left`;
 * - a room above the mesh's size (`MAX_MESH_PEERS`) moves to Cloudflare Realtime's SFU when the
 *   deployment has one: `welcome` says the room's `mode`, a switch reaches everyone as `mode`.
 *   In SFU mode a peer publishes its tracks through our proxy (`/api/meeting/rooms/{id}/sfu/…`)
 *   and its peer entry lists their names (`tracks`); the others pull them by peer and name.
 *
 * Close codes: `CLOSE` in `../close-codes.ts` (FORBIDDEN: no access to the meeting's project
 * any more; MEETING_FULL: the mesh has no room for one more peer, try later; RATE_LIMITED:
 * far too many frames).
 */
import { z } from "zod";

/** Peers a mesh carries: every peer sends its video to every other (N·(N−1) streams); beyond it, the SFU or "full". */
export const MAX_MESH_PEERS = 6;
/** Chat messages sent on join and per `history` page. */
export const CHAT_PAGE = 50;
/** Chat messages a room keeps; older ones are dropped (save the chat as a document to keep it). */
export const CHAT_KEPT = 1000;
export const MAX_CHAT_TEXT = 2000;
/** The largest signalling payload relayed (an SDP offer with a few tracks is a few KB). */
export const MAX_SIGNAL_CHARS = 32 * 1024;

/** How the room carries media: a mesh of direct connections, or Cloudflare Realtime's SFU. */
export const meetingMode = z.enum(["mesh", "sfu"]);
export type MeetingMode = z.infer<typeof meetingMode>;

/** What the room shows of one peer. */
export const meetingPeer = z.object({
  /** The socket's id: the address of its `signal`s. */
  id: z.string(),
  user: z.string(),
  name: z.string(),
  camera: z.boolean(),
  mic: z.boolean(),
  screen: z.boolean(),
  /** When the hand went up (ms), or null. */
  hand: z.number().nullable(),
  /** Names of the tracks the peer published to the SFU (empty in a mesh). */
  tracks: z.array(z.string()).default([]),
});
export type MeetingPeer = z.infer<typeof meetingPeer>;

/** One chat message, as kept and sent. */
export const chatMessage = z.object({
  id: z.string(),
  /** When the room stored it (ms since the epoch). */
  timestamp: z.number(),
  user: z.string(),
  name: z.string(),
  text: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** Everything a page may send. */
export const meetingClientMessage = z.discriminatedUnion("type", [
  /** The sender's own camera, microphone and screen share are on or off. */
  z.object({ type: z.literal("media"), camera: z.boolean(), mic: z.boolean(), screen: z.boolean() }).strict(),
  /** Raises or lowers the sender's hand. */
  z.object({ type: z.literal("hand"), up: z.boolean() }).strict(),
  /** A chat message; the room gives it its id and timestamp. */
  z.object({ type: z.literal("chat"), text: z.string().trim().min(1).max(MAX_CHAT_TEXT) }).strict(),
  /** Relays `data` (SDP or ICE candidate) to the peer `to`; the room adds `from`. */
  z.object({ type: z.literal("signal"), to: z.string().min(1).max(64), data: z.unknown() }).strict(),
  /** Asks for the page of chat messages before the message `before`. */
  z.object({ type: z.literal("history"), before: z.string().min(1).max(64) }).strict(),
]);
export type MeetingClientMessage = z.infer<typeof meetingClientMessage>;

/** Everything the room sends. */
export const meetingServerFrame = z.discriminatedUnion("type", [
  /** The first frame of every socket. */
  z.object({ type: z.literal("welcome"), you: z.string(), peers: z.array(meetingPeer), messages: z.array(chatMessage), more: z.boolean(), mode: meetingMode.default("mesh") }),
  /** The room moved to another transport (the mesh became too small): drop mesh links, use the SFU. */
  z.object({ type: z.literal("mode"), mode: meetingMode }),
  /** A peer joined or changed. */
  z.object({ type: z.literal("peer"), peer: meetingPeer }),
  /** A peer left (its socket closed). */
  z.object({ type: z.literal("left"), id: z.string() }),
  /** A new chat message, to everyone including its sender. */
  z.object({ type: z.literal("chat"), message: chatMessage }),
  /** Older chat messages, oldest first. */
  z.object({ type: z.literal("history"), messages: z.array(chatMessage), more: z.boolean() }),
  /** Signalling from the peer `from`. */
  z.object({ type: z.literal("signal"), from: z.string(), data: z.unknown() }),
  /** A refusal of one frame; the socket stays open. */
  z.object({ type: z.literal("error"), code: z.string() }),
]);
export type MeetingServerFrame = z.infer<typeof meetingServerFrame>;

/** Codes of the `error` frame. */
export const MEETING_FRAME_ERRORS = ["malformed", "signal_rate_limited", "signal_too_large", "peer_not_found", "meeting_full"] as const;
