/**
 * A user's live sockets across every object: the user hub, project boards, poker/retro rooms
 * and document sessions. The Worker records each place with the user's hub before handing a
 * socket over (`trackSocket`), so ending a session or changing someone's access reaches every
 * socket it affects at once, without asking D1 which of thousands of documents they had open.
 */
import { getServerByName } from "partyserver";
import { CLOSE } from "../../domain/wire/close-codes";
import type { SocketPlace } from "../../domain/wire/live/hub";
import type { Env } from "../env";

/** Why a user's sockets are closed; every reason makes them reconnect through the Worker's checks. */
export type SessionEnd = "logout" | "password_changed" | "password_reset";

/** A participant's access to a project as sockets see it (null: none — removed, unverified, no read). */
export type SocketAccess = "write" | "read" | null;

const hub = (env: Env, userId: string) => getServerByName(env.UserHub, userId);

/**
 * Records that `userId` is opening a socket to `place`. Called before the socket reaches its
 * object: a socket whose place could not be recorded is not opened (it could not be closed).
 */
export async function trackSocket(env: Env, userId: string, place: SocketPlace): Promise<void> {
  const result = await (await hub(env, userId)).track(place);
  if (!result.ok) throw new Error(`socket place refused: ${place.kind}`);
}

/** Closes one place's sockets of a user with the effect `access` asks for. */
async function closeAt(env: Env, place: SocketPlace, userId: string, access: SocketAccess | "recheck"): Promise<void> {
  if (place.kind === "project") {
    if (access === "recheck") await (await getServerByName(env.ProjectRoom, place.name)).disconnectUser(userId, CLOSE.RECHECK);
    else if (access === null) await (await getServerByName(env.ProjectRoom, place.name)).disconnectUser(userId);
  } else if (place.kind === "room") {
    const room = await getServerByName(env.RoomServer, place.name);
    if (access === "recheck") await room.disconnect(userId, CLOSE.RECHECK);
    else if (access === null) await room.disconnect(userId);
    else await room.reseat(userId, access === "read");
  } else if (place.kind === "meeting") {
    // Any project participant may take part in a meeting: only losing the project closes it.
    const meeting = await getServerByName(env.MeetingRoom, place.name);
    if (access === "recheck") await meeting.disconnectUser(userId, CLOSE.RECHECK);
    else if (access === null) await meeting.disconnectUser(userId);
  } else {
    const doc = await getServerByName(env.DocRoom, place.name);
    if (access === "recheck") await doc.disconnectUser(userId, CLOSE.RECHECK);
    else await doc.accessChanged(userId, access);
  }
}

/**
 * Closes every socket of a user whose session ended or whose sessions were revoked (logout,
 * password change or reset) — hub, boards, rooms and documents — with `RECHECK`: a tab whose
 * session still lives reconnects at once, the others are refused. Call it after the sessions
 * were revoked in D1. Never throws: the revocation stands and is logged if a room cannot be reached.
 */
export async function closeUserSockets(env: Env, userId: string, reason: SessionEnd): Promise<void> {
  const started = Date.now();
  try {
    const stub = await hub(env, userId);
    const places = await stub.places();
    const results = await Promise.allSettled([stub.disconnectAll(CLOSE.RECHECK), ...places.map((p) => closeAt(env, p, userId, "recheck"))]);
    for (const r of results) if (r.status === "rejected") console.error("closing a socket place failed", reason, r.reason);
    await stub.forget(places, started);
  } catch (err) {
    console.error("closing a user's sockets failed", reason, err);
  }
}

/**
 * A participant's access to a project changed (or they left it): before this returns, their
 * sockets of that project follow. Without read access every board, room and document socket
 * of the project closes; with read access only, room sockets turn read-only in place and
 * document sockets opened for writing close (they reconnect read-only); with write access,
 * document sockets opened read-only reconnect to write and room sockets may vote again.
 * Never throws, like `publishToProject`.
 */
export async function projectAccessChanged(env: Env, projectId: string, userId: string, access: SocketAccess): Promise<void> {
  let places: SocketPlace[] = [];
  try {
    places = await (await hub(env, userId)).places(projectId);
  } catch (err) {
    console.error("reading a user's socket places failed", projectId, userId, err);
  }
  // The board is one known object: closed even if its record (or the whole registry) was lost.
  if (access === null && !places.some((p) => p.kind === "project")) places.push({ kind: "project", name: projectId, project: projectId });
  const results = await Promise.allSettled(places.map((p) => closeAt(env, p, userId, access)));
  for (const r of results) if (r.status === "rejected") console.error("changing a socket's access failed", projectId, r.reason);
}
