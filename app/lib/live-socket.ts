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
  handlers: { onMessage: (message: z.output<S>) => void; onOpen?: () => void; finalCodes: readonly number[] },
): () => void {
  let closed = false;
  let close = () => {
    closed = true;
  };
  const loaded = typeof schema === "function" ? schema() : Promise.resolve(schema);
  void Promise.all([import("partysocket/ws"), loaded]).then(([{ default: ReconnectingWebSocket }, frames]) => {
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
