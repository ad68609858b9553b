/**
 * Video meeting rooms in D1 (issue 21): the room rows. Who is in a meeting, the chat and the
 * signalling live in the room's Durable Object (`MeetingRoom`).
 */
import { desc, eq, inArray } from "drizzle-orm";
import { getServerByName } from "partyserver";
import { allows } from "../../domain/projects/roles";
import type { CreateMeetingInput } from "../../domain/meetings/schemas";
import { type Db, inSlices } from "../db/client";
import { type MeetingRoom, meetingRooms, participants, projects, type Room } from "../db/schema";
import type { Env } from "../env";
import { projectAccess } from "./access";
import { newGuid } from "./ids";

export interface MeetingWire {
  guid: string;
  projectId: string;
  name: string;
  description: string;
  creator: string | null;
  createdAt: number;
  url: string;
}

export const meetingWire = (m: MeetingRoom): MeetingWire => ({
  guid: m.id,
  projectId: m.projectId,
  name: m.name,
  description: m.description,
  creator: m.creatorId,
  createdAt: m.createdAt,
  url: `/meeting/${m.id}`,
});

/** Meetings listed at most (newest first). */
const MAX_LISTED = 500;

export const meetingStub = (env: Env, roomId: string) => getServerByName(env.MeetingRoom, roomId);

/**
 * Creates a meeting in a project; the caller needs write access there (members create,
 * viewers take part). A project the caller is not in reads as not found.
 */
export async function createMeeting(
  db: Db,
  userId: string,
  input: CreateMeetingInput,
): Promise<{ ok: true; room: MeetingRoom } | { ok: false; status: 403 | 404; reason: string }> {
  const read = await projectAccess(db, userId, input.projectId, "read");
  if (!read.ok) return { ok: false, status: 404, reason: "meeting_project_not_found" };
  if (!(await projectAccess(db, userId, input.projectId, "write")).ok) return { ok: false, status: 403, reason: "meeting_create_forbidden" };
  const [room] = await db
    .insert(meetingRooms)
    .values({ id: newGuid(), projectId: input.projectId, name: input.name, description: input.description, creatorId: userId })
    .returning();
  return { ok: true, room: room! };
}

/** A meeting the caller may read (they read its project), else null: others' meetings do not exist for them. */
export async function readableMeeting(db: Db, userId: string, roomId: string): Promise<MeetingRoom | null> {
  const room = await db.select().from(meetingRooms).where(eq(meetingRooms.id, roomId)).get();
  if (!room) return null;
  return (await projectAccess(db, userId, room.projectId, "read")).ok ? room : null;
}

/** The meetings of every project the user may read (or of one of them), newest first. */
export async function meetingsOf(db: Db, userId: string, projectId?: string): Promise<(MeetingRoom & { projectName: string })[]> {
  const mine = await db
    .select({ projectId: participants.projectId, root: participants.root, write: participants.write, read: participants.read, is_verifications: participants.isVerifications })
    .from(participants)
    .where(eq(participants.userId, userId))
    .all();
  const readable = mine.filter((p) => allows(p, "read") && (!projectId || p.projectId === projectId)).map((p) => p.projectId);
  if (readable.length === 0) return [];
  const rows = await inSlices(readable, (slice) =>
    db
      .select({ room: meetingRooms, projectName: projects.name })
      .from(meetingRooms)
      .innerJoin(projects, eq(projects.id, meetingRooms.projectId))
      .where(inArray(meetingRooms.projectId, slice))
      .orderBy(desc(meetingRooms.createdAt))
      .limit(MAX_LISTED)
      .all(),
  );
  rows.sort((a, b) => b.room.createdAt - a.room.createdAt);
  return rows.slice(0, MAX_LISTED).map((r) => ({ ...r.room, projectName: r.projectName }));
}

/**
 * The meeting of a poker or retro room, made on first use: the room's people open it beside the
 * board in one click. The caller has been checked to see the room (reads its project).
 */
export async function boardRoomMeeting(db: Db, room: Room, userId: string, description: string): Promise<MeetingRoom> {
  await db
    .insert(meetingRooms)
    .values({ id: newGuid(), projectId: room.projectId, name: room.title, description, creatorId: userId, boardRoomId: room.id })
    .onConflictDoNothing({ target: meetingRooms.boardRoomId });
  return (await db.select().from(meetingRooms).where(eq(meetingRooms.boardRoomId, room.id)).get())!;
}
