import { getServerByName } from "partyserver";
import type { HubMessage } from "../../domain/wire/live/hub";
import type { Env } from "../env";

/**
 * Pushes a message to a user's open tabs. D1 already holds what the message says, so a failed
 * push is logged, not raised: the client reloads the truth when it reconnects.
 */
export async function pushToUser(env: Env, userId: string, message: HubMessage): Promise<void> {
  try {
    const stub = await getServerByName(env.UserHub, userId);
    const result = await stub.push(message);
    if (!result.ok) console.error("hub refused a malformed message", message.type);
  } catch (err) {
    console.error("hub push failed", userId, message.type, err);
  }
}
