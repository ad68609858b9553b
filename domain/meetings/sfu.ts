/**
 * Meetings above the mesh's size (issue 21): Cloudflare Realtime's SFU behind the same room.
 *
 * - Which transport a room uses and whether one more peer fits (`admitPeer`): the mesh up to
 *   `MAX_MESH_PEERS`; beyond, the SFU when the deployment has one (up to `MAX_SFU_PEERS`), else
 *   the room is full for the mesh.
 * - The bodies of our proxy routes (`/api/meeting/rooms/{roomId}/sfu/…`). A browser names its
 *   own peer (its socket id) and other peers, never a Realtime session id: the Worker maps peers
 *   to sessions through the room object, so session ids and the app token stay on the server.
 * - The parts of Realtime's documented JSON we read (`https://rtc.live.cloudflare.com/v1`,
 *   `/apps/{appId}/sessions/new`, `…/tracks/new`, `…/renegotiate`, `…/tracks/close`).
 */
import { z } from "zod";
import { MAX_MESH_PEERS, type MeetingMode } from "../wire/live/meeting";
import type { SocketRule } from "../wire/socket-limits";

/** Peers one SFU room holds: each sends one stream and pulls the others' (N uploads, not N·(N−1)). */
export const MAX_SFU_PEERS = 50;
/** Tracks one peer publishes: its microphone and its camera (the screen replaces the camera). */
export const MAX_PUBLISHED_TRACKS = 4;
/** Remote tracks one pull asks for (Realtime takes up to 64 per call). */
export const MAX_PULLED_TRACKS = 64;
/** The longest SDP relayed (an offer pulling 100 tracks is well under it). */
export const MAX_SDP_CHARS = 256 * 1024;

/**
 * How many proxy calls one peer may make: a join is a publish, a pull and a renegotiation, and
 * every newcomer costs each peer a pull and a renegotiation, so ten people arriving at once fit
 * in the burst. Well under Realtime's own 50 calls per second per session. Sizes are bodies.
 */
export const SFU_CALL_RULE = { maxFrameBytes: MAX_SDP_CHARS * 2, burstFrames: 40, framesPerSecond: 5, burstBytes: 4 * MAX_SDP_CHARS, bytesPerSecond: 256 * 1024 } as const satisfies SocketRule;

export type Admission = { ok: true; mode: MeetingMode } | { ok: false };

/**
 * Whether one more peer may join a room that has `others` peers in `mode` now, and the room's
 * mode once it has. A room that went to the SFU stays there until it is empty (no switching back
 * and forth around the threshold); without an SFU the mesh's size is the room's size.
 */
export function admitPeer(others: number, mode: MeetingMode, sfuAvailable: boolean): Admission {
  const current: MeetingMode = others === 0 ? "mesh" : mode;
  // A room on the SFU of a deployment that no longer has one takes nobody new until it empties.
  if (current === "sfu") return others < MAX_SFU_PEERS && sfuAvailable ? { ok: true, mode: "sfu" } : { ok: false };
  if (others < MAX_MESH_PEERS) return { ok: true, mode: "mesh" };
  return sfuAvailable ? { ok: true, mode: "sfu" } : { ok: false };
}

/** A track name: what a peer calls its published tracks in the roster (`audio`, `video`…). */
export const sfuTrackName = z
  .string({ error: "meeting_sfu_track_invalid" })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: "meeting_sfu_track_invalid" });
/** A transceiver's mid as the browser's SDP names it. */
const mid = z.string({ error: "meeting_sfu_track_invalid" }).regex(/^[A-Za-z0-9_#-]{1,32}$/, { error: "meeting_sfu_track_invalid" });
const peerId = z.string({ error: "meeting_sfu_peer_required" }).min(1, { error: "meeting_sfu_peer_required" }).max(64, { error: "meeting_sfu_peer_required" });
const sdp = z.string({ error: "meeting_sfu_sdp_invalid" }).startsWith("v=0", { error: "meeting_sfu_sdp_invalid" }).max(MAX_SDP_CHARS, { error: "meeting_sfu_sdp_invalid" });

/** `POST …/sfu/publish`: the peer's offer and the tracks it sends (first call opens its session). */
export const sfuPublishInput = z
  .object({
    peer: peerId,
    sdp,
    tracks: z
      .array(z.object({ mid, trackName: sfuTrackName }).strict(), { error: "meeting_sfu_track_invalid" })
      .min(1, { error: "meeting_sfu_track_invalid" })
      .max(MAX_PUBLISHED_TRACKS, { error: "meeting_sfu_track_invalid" }),
  })
  .strict();

/** `POST …/sfu/pull`: other peers' tracks, by peer and track name as the roster announced them. */
export const sfuPullInput = z
  .object({
    peer: peerId,
    tracks: z
      .array(z.object({ peer: peerId, trackName: sfuTrackName }).strict(), { error: "meeting_sfu_track_invalid" })
      .min(1, { error: "meeting_sfu_track_invalid" })
      .max(MAX_PULLED_TRACKS, { error: "meeting_sfu_track_invalid" }),
  })
  .strict();

/** `PUT …/sfu/renegotiate`: the browser's answer to an offer the SFU sent with a pull. */
export const sfuRenegotiateInput = z.object({ peer: peerId, sdp }).strict();

/** `PUT …/sfu/close`: transceivers the browser stopped (a peer left), with its new offer. */
export const sfuCloseInput = z
  .object({
    peer: peerId,
    mids: z.array(mid, { error: "meeting_sfu_track_invalid" }).min(1, { error: "meeting_sfu_track_invalid" }).max(MAX_PULLED_TRACKS, { error: "meeting_sfu_track_invalid" }),
    sdp: sdp.optional(),
  })
  .strict();

export type SfuPublishInput = z.infer<typeof sfuPublishInput>;
export type SfuPullInput = z.infer<typeof sfuPullInput>;
export type SfuCloseInput = z.infer<typeof sfuCloseInput>;

// Realtime's answers (the fields we read; the rest is ignored).
const sessionDescription = z.object({ type: z.enum(["offer", "answer"]), sdp: z.string() });
const trackResult = z.object({
  mid: z.string().optional(),
  trackName: z.string().optional(),
  sessionId: z.string().optional(),
  errorCode: z.string().optional(),
  errorDescription: z.string().optional(),
});
/** `POST /sessions/new`. */
export const realtimeNewSession = z.object({ sessionId: z.string().min(1), errorCode: z.string().optional() });
/** `POST …/tracks/new`, `PUT …/tracks/close`. */
export const realtimeTracks = z.object({
  errorCode: z.string().optional(),
  errorDescription: z.string().optional(),
  requiresImmediateRenegotiation: z.boolean().optional(),
  sessionDescription: sessionDescription.optional(),
  tracks: z.array(trackResult).optional(),
});
/** `PUT …/renegotiate`. */
export const realtimeRenegotiate = z.object({ errorCode: z.string().optional(), errorDescription: z.string().optional() });
export type RealtimeTracks = z.infer<typeof realtimeTracks>;

/** A Realtime answer that carries an error for the call or for any of its tracks. */
export function realtimeFailure(answer: { errorCode?: string; tracks?: { errorCode?: string }[] }): string | null {
  return answer.errorCode ?? answer.tracks?.find((t) => t.errorCode)?.errorCode ?? null;
}
