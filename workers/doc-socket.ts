/** `/ws/doc/{docGuid}`: checks a document socket, then hands it to the document's object. */
import { getServerByName } from "partyserver";
import { DOC_HEADERS, VERIFIED_USER_HEADER } from "../domain/wire/headers";
import { readCookie } from "../domain/i18n/languages";
import { getDb } from "./db/client";
import type { Env } from "./env";
import { documentSocketAccess, REFUSAL_CLOSE } from "./services/document-access";
import { SESSION_COOKIE, userForToken } from "./services/sessions";
import { trackSocket } from "./services/user-sockets";
import { forwardedUpgrade, refuseSocket } from "./socket-forward";

export const DOC_ROOM_PATH = /^\/ws\/doc\/([0-9a-f-]{36})\/?$/;

/** Share ids are URL-safe random strings; anything else is not one of ours. */
const SHARE_ID = /^[A-Za-z0-9_-]{8,128}$/;

/** Call after the upgrade and Origin checks of `routeSocket`. */
export async function routeDocSocket(request: Request, env: Env, docGuid: string): Promise<Response> {
  const url = new URL(request.url);
  const rawShare = url.searchParams.get("share");
  const shareId = rawShare === null ? null : SHARE_ID.test(rawShare) ? rawShare : "";
  const db = getDb(env.DB);
  const token = readCookie(request.headers.get("Cookie"), SESSION_COOKIE);
  const session = shareId === null && token ? await userForToken(db, token, env) : undefined;
  const decided = await documentSocketAccess(db, docGuid, { userId: session?.user.id ?? null, shareId });
  if (!decided.ok) return refuseSocket(REFUSAL_CLOSE[decided.reason], decided.reason);

  // Only the verified headers reach the room (see forwardedUpgrade), each set here.
  const verified: Record<string, string> = {
    [DOC_HEADERS.doc]: decided.doc.id,
    [DOC_HEADERS.access]: decided.access,
    [DOC_HEADERS.project]: decided.doc.projectId,
    [DOC_HEADERS.kind]: decided.doc.kind,
  };
  if (decided.userId) verified[VERIFIED_USER_HEADER] = decided.userId;
  if (decided.access === "share") verified[DOC_HEADERS.share] = shareId!;
  // Recorded with the user's hub first, so that losing access or the session reaches this socket.
  if (decided.userId) await trackSocket(env, decided.userId, { kind: "doc", name: decided.doc.id, project: decided.doc.projectId });
  const stub = await getServerByName(env.DocRoom, decided.doc.id);
  return stub.fetch(forwardedUpgrade(request, verified));
}
