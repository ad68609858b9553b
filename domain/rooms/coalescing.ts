/**
 * How long a room's changes wait to share one frame (the room object's coalescing window,
 * `durable-objects/room/broadcast.ts`). The first change after a quiet spell goes out at once;
 * later ones wait for the window to end, and every socket then gets one frame for all of them.
 *
 * A window's frame goes to every socket, so a room sends `sockets × 1000 / window` frames a
 * second while it is busy. The window is the base length until that would pass the frame budget,
 * and grows with the room past it: a room of 50 keeps 10 ms, a room of 200 waits 20 ms
 * (both figures chosen under bench/rooms.mjs's load: docs/performance.md, stop 45).
 */

/** The shortest window: changes closer together than this share a frame. */
export const COALESCE_MS = 10;

/** Frames a second, all of a room's sockets together, that a busy room keeps under. */
export const FRAME_BUDGET_PER_SECOND = 10_000;

/** The window for a room whose last frame went to `sockets` open sockets. */
export function coalesceWindow(sockets: number): number {
  return Math.max(COALESCE_MS, Math.ceil((sockets * 1000) / FRAME_BUDGET_PER_SECOND));
}
