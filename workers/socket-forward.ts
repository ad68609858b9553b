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

/** Headers of the client's upgrade request that are passed on (the handshake's own). */
const PASSED_HEADERS = ["upgrade", "connection", "sec-websocket-key", "sec-websocket-version", "sec-websocket-protocol", "sec-websocket-extensions", "origin", "user-agent"];

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
