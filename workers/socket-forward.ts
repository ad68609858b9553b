/**
 * What of a socket upgrade reaches a Durable Object. Nothing the client chose is trusted
 * there: the request is rebuilt with only the headers the WebSocket handshake needs plus the
 * verified ones the Worker sets after its checks, so no client copy of a verified header and
 * no `x-partykit-*` header (partyserver reads `x-partykit-props` and `x-partykit-room`) gets
 * through; and the connection id partyserver takes from `_pk` is chosen here, a fresh UUID, so a
 * client can neither pick another socket's id or tag (`_pk=member:<guid>`) nor break the object
 * with a malformed one.
 *
 * Also the refusals every socket kind shares: `refuseSocket`, and `refuseStaleClient` for a page
 * that speaks another protocol version than this Worker.
 */
import { CLOSE } from "../domain/wire/close-codes";
import { speaksCurrentProtocol, VERSION_PARAM } from "../domain/wire/version";

/**
 * Headers of the client's upgrade request that are passed on (the handshake's own). Not its
 * `Sec-WebSocket-Extensions`: no socket negotiates an extension (`uncompressed`).
 */
const PASSED_HEADERS = ["upgrade", "connection", "sec-websocket-key", "sec-websocket-version", "sec-websocket-protocol", "origin", "user-agent"];

/**
 * A refusal the page can read: browsers hide the HTTP status of a failed upgrade, so the
 * Worker accepts the socket itself and closes it at once with the reason's code. No object is
 * woken and nothing else is sent.
 */
export function refuseSocket(code: number, reason: string): Response {
  const pair = new WebSocketPair();
  pair[1].accept();
  pair[1].close(code, reason);
  return new Response(null, { status: 101, webSocket: pair[0] });
}

/**
 * Every socket URL carries the page's protocol version (`v`); a page of another version (or
 * none: pages older than the parameter) is closed with `STALE_VERSION` before any session
 * lookup or object, and offers its reader a reload. Null when the version is current.
 */
export function refuseStaleClient(request: Request): Response | null {
  const version = new URL(request.url).searchParams.get(VERSION_PARAM);
  return speaksCurrentProtocol(version) ? null : refuseSocket(CLOSE.STALE_VERSION, "stale version");
}

/**
 * An extension no client offers. Answering a socket's upgrade with it is how the runtime is told
 * to agree to none: it keeps only what both sides offered, and the 101 carries no
 * `Sec-WebSocket-Extensions` (kj writes that header from its own agreement, never the
 * application's value). The empty value the runtime's compatibility notes mention still
 * negotiated permessage-deflate on workerd 1.20261012 (tried).
 */
const NO_EXTENSION = "x-none";

/**
 * A socket's answer without permessage-deflate. The runtime negotiates it by default with every
 * browser (they all offer it) and then deflates each frame once per socket, with a zlib context
 * per socket: a room's patch, the same bytes for everyone, was compressed N times, the largest
 * single cost of a busy room object (docs/decisions.md, "Sockets are not compressed").
 */
export function uncompressed(response: Response): Response {
  if (response.status !== 101 || !response.webSocket) return response;
  const headers = new Headers(response.headers);
  headers.set("Sec-WebSocket-Extensions", NO_EXTENSION);
  return new Response(null, { status: 101, webSocket: response.webSocket, headers });
}

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
