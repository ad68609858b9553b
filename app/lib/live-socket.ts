/**
 * One reconnecting socket to a path of our own host (`/ws/…`), the way every live screen uses
 * it: frames are parsed and validated, anything else is dropped, and reconnecting stops for
 * good once the server closes with one of `finalCodes` (session or access gone) or says the
 * page is stale (`live-version.ts`).
 *
 * The socket library is loaded on first use, not with the page: a signed-out visitor of `/`
 * never opens a socket and should not download one (DESIGN.md bundle budget).
 */
import type { z } from "zod";
import { reactToClose, socketUrl } from "./live-version";

export function openLiveSocket<S extends z.ZodType>(
  path: string,
  /** The frames' schema, or a loader of it (the user hub keeps zod out of the entry chunk). */
  schema: S | (() => Promise<S>),
  handlers: {
    onMessage: (message: z.output<S>) => void;
    onOpen?: () => void;
    finalCodes: readonly number[];
    /**
     * Open once the browser is idle after the page's first work (hydration): a socket that only
     * tells the page to read its data again (boards, the user hub) need not compete with it.
     */
    whenIdle?: boolean;
  },
): () => void {
  let closed = false;
  let close = () => {
    closed = true;
  };
  const ready = handlers.whenIdle ? idle() : Promise.resolve();
  const loaded = ready.then(() => (typeof schema === "function" ? schema() : schema));
  void Promise.all([ready.then(() => import("partysocket/ws")), loaded]).then(([{ default: ReconnectingWebSocket }, frames]) => {
    if (closed) return;
    const socket = new ReconnectingWebSocket(socketUrl(path), [], { maxReconnectionDelay: 10_000 });
    if (handlers.onOpen) socket.addEventListener("open", handlers.onOpen);
    socket.addEventListener("message", (event) => {
      let raw: unknown;
      try {
        raw = JSON.parse(String(event.data));
      } catch {
        return;
      }
      const parsed = frames.safeParse(raw);
      if (parsed.success) handlers.onMessage(parsed.data);
    });
    socket.addEventListener("close", (event) => {
      if (reactToClose(event.code, handlers.finalCodes) !== "reconnect") socket.close();
    });
    close = () => socket.close();
  });
  return () => close();
}

/** Resolves when the browser is idle (at most two seconds later), or at once where it cannot tell. */
function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(() => resolve(), { timeout: 2000 });
    else window.setTimeout(resolve, 1);
  });
}
