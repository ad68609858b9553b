/**
 * Estimating a sprint lane in poker (the planning loop): a poker room on the project's first
 * deck, whose queue is the lane's unestimated tasks in board order. Accepted estimates are
 * written into the tasks by the room, so the lane's load moves as the team votes.
 */
import type { useApi } from "../shell/errors";

type Api = ReturnType<typeof useApi>;

/** Creates the room and queues the tasks; answers the room's page, or null when a step failed (already reported). */
export async function pokerForLane(api: Api, projectGuid: string, title: string, tasks: readonly string[]): Promise<string | null> {
  const decks = await api<{ results: { guid: string }[] }>("GET", `/v1/project/${projectGuid}/valmethod`);
  const deck = decks.data?.results[0];
  if (!deck) return null;
  const room = await api<{ guid: string }>("POST", `/v1/project/${projectGuid}/rooms`, { kind: "poker", title, method: deck.guid });
  if (!room.data) return null;
  // The queue holds at most 100 tasks per call; a larger lane is queued in slices, in order.
  for (let i = 0; i < tasks.length; i += 100) {
    const added = await api("POST", `/v1/rooms/${room.data.guid}/issues`, { tasks: tasks.slice(i, i + 100) });
    if (added.error) break;
  }
  return `/project/${projectGuid}/room/poker/${room.data.guid}`;
}
