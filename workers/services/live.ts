import type { ProjectMessage } from "../../domain/wire/live/project";
import type { Env } from "../env";
import { projectAccessChanged } from "./user-sockets";

/**
 * Tells a project's open boards what changed. D1 already holds the change, so a failed publish
 * is logged, not raised: the write succeeded and boards refetch the truth when they reconnect.
 */
export async function publishToProject(env: Env, projectId: string, message: ProjectMessage): Promise<void> {
  try {
    // One round trip (issue 17): not `getServerByName`, whose `setName` call is a round trip of
    // its own before the publish; the room names itself from the message (project-room.ts).
    if (message.project !== projectId) throw new Error("message of another project");
    const result = await env.ProjectRoom.get(env.ProjectRoom.idFromName(projectId)).publish(message);
    if (!result.ok) console.error("project room refused a malformed message", message.type);
  } catch (err) {
    console.error("project room publish failed", projectId, message.type, err);
  }
}

/**
 * Closes a user's sockets of a project — boards, poker and retro rooms, document sessions —
 * once they were removed or lost read access, so they stop hearing about changes they may no
 * longer see. Never throws, like `publishToProject`.
 */
export async function disconnectFromProject(env: Env, projectId: string, userId: string): Promise<void> {
  await projectAccessChanged(env, projectId, userId, null);
}
