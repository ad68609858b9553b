import { getServerByName } from "partyserver";
import type { ProjectMessage } from "../../durable-objects/project-room/protocol";
import { and, eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { roomMembers, rooms } from "../db/schema";
import type { Env } from "../env";

/**
 * Tells a project's open boards what changed. D1 already holds the change, so a failed publish
 * is logged, not raised: the write succeeded and boards refetch the truth when they reconnect.
 */
export async function publishToProject(env: Env, projectId: string, message: ProjectMessage): Promise<void> {
  try {
    const stub = await getServerByName(env.ProjectRoom, projectId);
    const result = await stub.publish(message);
    if (!result.ok) console.error("project room refused a malformed message", message.type);
  } catch (err) {
    console.error("project room publish failed", projectId, message.type, err);
  }
}

/**
 * Closes a user's open boards of a project once they were removed or lost read access, so they
 * stop hearing about changes they may no longer see. Never throws, like `publishToProject`.
 */
export async function disconnectFromProject(env: Env, projectId: string, userId: string): Promise<void> {
  try {
    const stub = await getServerByName(env.ProjectRoom, projectId);
    await stub.disconnectUser(userId);
    // The project's poker and retro rooms they sat in close too; a guest's ticket is not affected.
    const seats = await getDb(env.DB)
      .select({ room: roomMembers.roomId })
      .from(roomMembers)
      .innerJoin(rooms, eq(rooms.id, roomMembers.roomId))
      .where(and(eq(rooms.projectId, projectId), eq(roomMembers.userId, userId)))
      .all();
    for (const seat of seats) await (await getServerByName(env.RoomServer, seat.room)).disconnect(userId);
  } catch (err) {
    console.error("project room disconnect failed", projectId, userId, err);
  }
}
