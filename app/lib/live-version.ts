/**
 * Every socket of the page speaks `PROTOCOL_VERSION`: its URL says so (`socketUrl`,
 * `socketParams`), and a socket the server closes with `CLOSE.STALE_VERSION` (the page is
 * older than the server) stops reconnecting and marks the page stale, once for all sockets;
 * `StaleVersionPrompt` then offers a reload. No React here: the store is plain, so a unit test
 * runs it in Node.
 */
import { CLOSE } from "../../domain/wire/close-codes";
import { PROTOCOL_VERSION, VERSION_PARAM } from "../../domain/wire/version";

/** The query parameters of every socket URL: the page's protocol version, then `extra`. */
export function socketParams(extra: Record<string, string> = {}): Record<string, string> {
  return { [VERSION_PARAM]: String(PROTOCOL_VERSION), ...extra };
}

/** The one place a socket URL to a path of our own host (`/ws/…`) is built. */
export function socketUrl(path: string, at: { protocol: string; host: string } = window.location, extra: Record<string, string> = {}): string {
  const scheme = at.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${at.host}${path}?${new URLSearchParams(socketParams(extra))}`;
}

/** What a socket does after the server closed it. */
export type CloseReaction = "stale" | "final" | "reconnect";

let stale = false;
const listeners = new Set<() => void>();

/**
 * Decides a close: `stale` (the page is too old: stop, and the page is marked stale), `final`
 * (one of the socket's `finalCodes`: stop) or `reconnect`.
 */
export function reactToClose(code: number, finalCodes: readonly number[]): CloseReaction {
  if (code === CLOSE.STALE_VERSION) {
    if (!stale) {
      stale = true;
      for (const listener of listeners) listener();
    }
    return "stale";
  }
  return finalCodes.includes(code) ? "final" : "reconnect";
}

/** Whether a socket was refused for speaking an older protocol (for `useSyncExternalStore`). */
export const staleVersion = {
  get: (): boolean => stale,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};
