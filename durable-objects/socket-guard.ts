/**
 * The transport guard every room runs on each incoming frame before reading it: the frame cap
 * and the socket's allowance (`domain/wire/socket-limits.ts`). The allowance lives in the
 * connection's state, so it survives hibernation; a socket over its cap or allowance is closed
 * with a code of `CLOSE`, and only that socket pays for its flood.
 */
import type { Connection, WSMessage } from "partyserver";
import { CLOSE } from "../domain/wire/close-codes";
import { admitFrame, type Allowance, type SocketRule, storesAllowance } from "../domain/wire/socket-limits";

/** The key of the allowance in a connection's state (next to the object's own facts). */
const ALLOWANCE = "allowance";

/**
 * The allowance of each socket while the object is awake: reading and rewriting the socket's
 * attachment on every frame (a structured clone each way) was 40 % of a room's work per message
 * (issue 17's profile). The attachment is written only as `storesAllowance` says.
 */
const awake = new WeakMap<object, { allowance: Allowance; storedAt: number }>();

const sizeOf = (message: WSMessage): number => (typeof message === "string" ? message.length : message.byteLength);

/** True when the frame may be read; otherwise the socket is already being closed. */
export function admit(connection: Connection, message: WSMessage, rule: SocketRule, now = Date.now()): boolean {
  // Frames already on the way when the socket was closed are still delivered: none is read.
  if (connection.readyState !== WebSocket.OPEN) return false;
  const held = awake.get(connection);
  const kept = held ? held.allowance : (connection.state as Record<string, unknown> | null)?.[ALLOWANCE];
  const verdict = admitFrame(rule, kept, sizeOf(message), now);
  if (verdict.ok) {
    const store = storesAllowance(rule, verdict.allowance, held ? held.storedAt : null, now);
    if (store) connection.setState((prev: unknown) => ({ ...(prev as object | null), [ALLOWANCE]: verdict.allowance }));
    awake.set(connection, { allowance: verdict.allowance, storedAt: store ? now : held!.storedAt });
    return true;
  }
  connection.close(verdict.reason === "too_large" ? CLOSE.TOO_LARGE : CLOSE.RATE_LIMITED, verdict.reason);
  return false;
}

/**
 * Runs a connect hook so that nothing it throws reaches partyserver, which would send the
 * error's stack (internal paths) to the client: the socket is closed with 1011 instead.
 */
export function connectSafely(connection: Connection, where: string, hook: () => void): void {
  try {
    hook();
  } catch (err) {
    console.error(`${where}: connect failed`, err);
    try {
      connection.close(1011, "internal error");
    } catch {
      // already closed
    }
  }
}
