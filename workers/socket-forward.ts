/**
 * What of a socket upgrade reaches a Durable Object. Nothing the client chose is trusted
 * there: the request is rebuilt with only the headers the WebSocket handshake needs plus the
 * verified ones the Worker sets after its checks, so no client copy of a verified header and
 * no `x-partykit-*` header (partyserver reads `x-partykit-props` and `x-partykit-room`) gets
 * through; and the connection id partyserver takes from `_pk` is chosen here, a fresh UUID, so a
 * client can neither pick another socket's id or tag (`_pk=member:<guid>`) nor break the object
 * with a malformed one.
 */

/** Headers of the client's upgrade request that are passed on (the handshake's own). */
const PASSED_HEADERS = ["upgrade", "connection", "sec-websocket-key", "sec-websocket-version", "sec-websocket-protocol", "sec-websocket-extensions", "origin", "user-agent"];

/** The request to hand to an object: the same path, a server-chosen `_pk`, the verified headers only. */
export function forwardedUpgrade(request: Request, verified: Record<string, string>): Request {
  const url = new URL(request.url);
  const target = new URL(url.pathname, url.origin);
  target.searchParams.set("_pk", crypto.randomUUID());
  const headers = new Headers();
  for (const name of PASSED_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  for (const [name, value] of Object.entries(verified)) headers.set(name, value);
  return new Request(target, { method: "GET", headers });
}
