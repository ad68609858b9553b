/**
 * One reconnecting socket to a path of our own host (`/ws/…`), the way every live screen uses
 * it: frames are parsed and validated, anything else is dropped, and reconnecting stops for
 * good once the server closes with one of `finalCodes` (session or access gone).
 *
 * The socket library is loaded on first use, not with the page: a signed-out visitor of `/`
 * never opens a socket and should not download one (DESIGN.md bundle budget).
 */
import type { z } from "zod";

export function openLiveSocket<S extends z.ZodType>(
  path: string,
  schema: S,
  handlers: { onMessage: (message: z.output<S>) => void; onOpen?: () => void; finalCodes: readonly number[] },
): () => void {
  let closed = false;
  let close = () => {
    closed = true;
  };
  void import("partysocket/ws").then(({ default: ReconnectingWebSocket }) => {
    if (closed) return;
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const socket = new ReconnectingWebSocket(`${scheme}://${window.location.host}${path}`, [], { maxReconnectionDelay: 10_000 });
    if (handlers.onOpen) socket.addEventListener("open", handlers.onOpen);
    socket.addEventListener("message", (event) => {
      let raw: unknown;
      try {
        raw = JSON.parse(String(event.data));
      } catch {
        return;
      }
      const parsed = schema.safeParse(raw);
      if (parsed.success) handlers.onMessage(parsed.data);
    });
    socket.addEventListener("close", (event) => {
      if (handlers.finalCodes.includes(event.code)) socket.close();
    });
    close = () => socket.close();
  });
  return () => close();
}
