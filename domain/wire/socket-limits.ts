/**
 * What one socket may send: a cap on each frame, and an allowance of frames and bytes that
 * refills with time (a token bucket). The allowance is plain data computed from timestamps, so
 * an object keeps it with the socket (it survives hibernation) and needs no timer.
 */

export interface SocketRule {
  /** The longest frame accepted (bytes; characters for text frames). */
  maxFrameBytes: number;
  /** Frames a socket may send at once after being quiet. */
  burstFrames: number;
  /** Frames per second the allowance refills. */
  framesPerSecond: number;
  /** Bytes a socket may send at once after being quiet. */
  burstBytes: number;
  /** Bytes per second the allowance refills. */
  bytesPerSecond: number;
}

const KiB = 1024;
const MiB = 1024 * KiB;

export const SOCKET_RULES = {
  /** The user hub only pushes: a client has nothing to say but the odd stray frame. */
  hub: { maxFrameBytes: 1 * KiB, burstFrames: 10, framesPerSecond: 1, burstBytes: 16 * KiB, bytesPerSecond: 1 * KiB },
  /** The project room only pushes too. */
  project: { maxFrameBytes: 1 * KiB, burstFrames: 10, framesPerSecond: 1, burstBytes: 16 * KiB, bytesPerSecond: 1 * KiB },
  /**
   * Poker and retro: a click or a key per frame (keyboard drags send one per key; a facilitator
   * may queue a whole backlog at once). Frames above
   * the room protocol's own `MAX_FRAME_BYTES` are answered `too_large`; far above, the socket closes.
   */
  room: { maxFrameBytes: 64 * KiB, burstFrames: 300, framesPerSecond: 30, burstBytes: 2 * MiB, bytesPerSecond: 256 * KiB },
  /**
   * Documents: every keystroke is an update and a cursor move (awareness), and a reconnect
   * sends a burst of them. The largest legitimate frame is a whole document's state, e.g. a
   * BPMN diagram of `BPMN_MAX_CHARS` (2 M characters, up to ~6 MB as UTF-8) in a sync reply.
   */
  doc: { maxFrameBytes: 8 * MiB, burstFrames: 600, framesPerSecond: 60, burstBytes: 32 * MiB, bytesPerSecond: 2 * MiB },
  /**
   * Video meetings: chat, media toggles and WebRTC signalling (an offer, an answer and a few ICE
   * candidates per peer; a reconnect or a screen share renegotiates with each peer at once).
   * Signalling also has its own, smaller allowance (`SIGNAL_RULE`), whose excess is dropped
   * rather than closing the socket.
   */
  meeting: { maxFrameBytes: 48 * KiB, burstFrames: 400, framesPerSecond: 60, burstBytes: 4 * MiB, bytesPerSecond: 512 * KiB },
} as const satisfies Record<string, SocketRule>;

/** The signalling allowance of one meeting socket: a newcomer's offers and candidates to five peers fit in the burst. */
export const SIGNAL_RULE = { maxFrameBytes: 48 * KiB, burstFrames: 150, framesPerSecond: 20, burstBytes: 2 * MiB, bytesPerSecond: 256 * KiB } as const satisfies SocketRule;

/** What is left of a socket's allowance, as of `at` (ms since the epoch). */
export interface Allowance {
  frames: number;
  bytes: number;
  at: number;
}

export type FrameVerdict = { ok: true; allowance: Allowance } | { ok: false; reason: "too_large" | "rate_limited" };

const isAllowance = (value: unknown): value is Allowance =>
  typeof value === "object" && value !== null && ["frames", "bytes", "at"].every((k) => Number.isFinite((value as Record<string, unknown>)[k]));

/**
 * Decides one frame of `size` bytes arriving at `now`, given the allowance kept with its socket
 * (anything that is not one — a new socket — starts full). A refused frame spends nothing: the
 * caller closes the socket.
 */
export function admitFrame(rule: SocketRule, kept: unknown, size: number, now: number): FrameVerdict {
  if (size > rule.maxFrameBytes) return { ok: false, reason: "too_large" };
  const last = isAllowance(kept) ? kept : { frames: rule.burstFrames, bytes: rule.burstBytes, at: now };
  // A clock that went backwards refills nothing rather than draining.
  const seconds = Math.max(0, now - last.at) / 1000;
  const frames = Math.min(rule.burstFrames, last.frames + seconds * rule.framesPerSecond) - 1;
  const bytes = Math.min(rule.burstBytes, last.bytes + seconds * rule.bytesPerSecond) - size;
  if (frames < 0 || bytes < 0) return { ok: false, reason: "rate_limited" };
  return { ok: true, allowance: { frames, bytes, at: now } };
}

/** A plentiful allowance is written to the socket's attachment at most this often. */
export const STORE_ALLOWANCE_EVERY_MS = 1000;

/**
 * Whether an object writes `allowance` to the socket's attachment now (it keeps the newest in
 * memory while awake; `storedAt`: when it last wrote one, null for never). Always when it runs
 * below half a burst of frames or bytes, else at most once a second: after an eviction a socket
 * is then at most half a burst and a second's refill better off than it was.
 */
export function storesAllowance(rule: SocketRule, allowance: Allowance, storedAt: number | null, now: number): boolean {
  if (storedAt === null || allowance.frames < rule.burstFrames / 2 || allowance.bytes < rule.burstBytes / 2) return true;
  return now - storedAt >= STORE_ALLOWANCE_EVERY_MS;
}
