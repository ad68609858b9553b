/**
 * How long a room's changes wait to share one frame (the room object's coalescing window,
 * `durable-objects/room/broadcast.ts`). The first change after a quiet spell goes out at once;
 * later ones wait for the window to end, and every socket then gets one frame for all of them.
 * (The object also holds a frame until the previous frame's write is durable: changes that come
 * meanwhile share the next frame. That bounds how often it writes; the window bounds how often
 * it sends.)
 *
 * A window's frame goes to every socket, so a room sends `sockets × 1000 / window` frames a
 * second while it is busy. The window is as long as keeps the room within the frame budget, and
 * never shorter than the base: 2 ms for a room of 10, 5 ms for a room of 50, 20 ms for a room of
 * 200 (chosen under bench/rooms.mjs's load: docs/performance.md, stops 45, 46 and 51).
 *
 * A frame that ends a silence opens no window: the changes that come while its write is under
 * way (a second click, or the backlog a paused isolate finds waiting) go out as soon as that
 * write is durable, instead of a whole window later (docs/performance.md, stop 55).
 */

/** The shortest window: changes closer together than this share a frame. */
export const COALESCE_MS = 2;

/** Frames a second, all of a room's sockets together, that a busy room keeps under. */
export const FRAME_BUDGET_PER_SECOND = 10_000;

/** The window for a room whose last frame went to `sockets` open sockets. */
export function coalesceWindow(sockets: number): number {
  return Math.max(COALESCE_MS, Math.ceil((sockets * 1000) / FRAME_BUDGET_PER_SECOND));
}

/**
 * How many windows without a frame make a silence. A busy room's frames come a window apart, or a
 * little more when a write or a timer runs late; half a window more than that is a silence.
 */
export const SILENCE_WINDOWS = 1.5;

/**
 * When the frame after one sent at `now` may go out, the frame before it having gone out at
 * `previous`: a window later, or at once if this frame ended a silence.
 */
export function nextFrameAt(now: number, previous: number, window: number): number {
  return now - previous > SILENCE_WINDOWS * window ? now : now + window;
}
