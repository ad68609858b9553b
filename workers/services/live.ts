import { getServerByName } from "partyserver";
import type { ProjectMessage } from "../../domain/wire/live/project";
import type { Env } from "../env";
import { projectAccessChanged } from "./user-sockets";

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
 * Closes a user's sockets of a project — boards, poker and retro rooms, document sessions —
 * once they were removed or lost read access, so they stop hearing about changes they may no
 * longer see. Never throws, like `publishToProject`.
 */
export async function disconnectFromProject(env: Env, projectId: string, userId: string): Promise<void> {
  await projectAccessChanged(env, projectId, userId, null);
}
