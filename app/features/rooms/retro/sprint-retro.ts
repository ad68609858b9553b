/**
 * A retro bound to a sprint (the planning loop, issue 16): made from the sprint lane's menu or
 * the rooms page, it opens with the sprint's facts and the previous bound retro's actions.
 */
import { useNavigate } from "react-router";
import type { useApi } from "../../shell/errors";

type Api = ReturnType<typeof useApi>;

/** The preset a retro made from a lane starts with (changeable while the room has no notes). */
export const SPRINT_RETRO_PRESET = "went_well_to_improve_actions";

/** Creates the retro; answers the room's page, or null when it failed (already reported). */
export async function retroForSprint(api: Api, projectGuid: string, title: string, sprint: string): Promise<string | null> {
  const room = await api<{ guid: string }>("POST", `/v1/project/${projectGuid}/rooms`, { kind: "retro", title, method: SPRINT_RETRO_PRESET, sprint });
  return room.data ? `/project/${projectGuid}/room/retro/${room.data.guid}` : null;
}

/** Makes the retro of a sprint and opens it. */
export function useSprintRetro(api: Api) {
  const navigate = useNavigate();
  return async (projectGuid: string, title: string, sprint: string) => {
    const path = await retroForSprint(api, projectGuid, title, sprint);
    if (path) await navigate(path);
  };
}
