/**
 * Who a project page's reads are for: a user by id, or the holder of the request's session
 * (`PageSession`), whose participant row is read in SQL beside the session's own read so that
 * both take one D1 round trip. Either way the access decision is `accessOf` for the user's id,
 * made once that id is known; a participant row of anyone else never counts.
 */
import type { Need } from "../../../domain/projects/roles";
import type { Db } from "../../db/client";
import type { Participant, Project } from "../../db/schema";
import { type AccessResult, accessOf, participantQuery, sessionParticipantQuery } from "../access";
import type { PageSession } from "./viewer";

export type PageReader = string | PageSession;

/** The reader's participant row on the project (at most one): by user id, or by the holder of the session of `hash`. */
export const readerParticipantQuery = (db: Db, reader: string | Pick<PageSession, "hash">, projectId: string) =>
  typeof reader === "string" ? participantQuery(db, reader, projectId) : sessionParticipantQuery(db, reader.hash, projectId);

/** The reader's user id: given, or the signed-in viewer's once the session is judged. */
export async function readerId(reader: PageReader): Promise<string> {
  return typeof reader === "string" ? reader : (await reader.viewer).guid;
}

/** `accessOf` on the rows read for `userId`: a row of another user (a session's holder that is not the viewer) counts as none. */
export function accessOfReader(participant: Participant | undefined, project: Project | undefined, userId: string, need: Need): AccessResult {
  return accessOf(participant && project && participant.userId === userId ? { participant, project } : undefined, userId, need);
}
