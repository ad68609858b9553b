/** Bodies of the meeting REST calls (spec §5, §7 "Meeting"); messages are error keys. */
import { z } from "zod";
import { MAX_MEETING_DESCRIPTION, MAX_MEETING_DISPLAY_NAME, MAX_MEETING_NAME } from "./limits";

export { MAX_MEETING_DESCRIPTION, MAX_MEETING_DISPLAY_NAME, MAX_MEETING_NAME } from "./limits";

/** `POST /api/meeting/rooms`: all three are required (spec §5). */
export const createMeetingInput = z
  .object({
    projectId: z.string({ error: "meeting_project_required" }).trim().min(1, { error: "meeting_project_required" }).max(64, { error: "meeting_project_required" }),
    name: z.string({ error: "meeting_name_required" }).trim().min(1, { error: "meeting_name_required" }).max(MAX_MEETING_NAME, { error: "meeting_name_too_long" }),
    description: z
      .string({ error: "meeting_description_required" })
      .trim()
      .min(1, { error: "meeting_description_required" })
      .max(MAX_MEETING_DESCRIPTION, { error: "meeting_description_too_long" }),
  })
  .strict();
export type CreateMeetingInput = z.infer<typeof createMeetingInput>;

/** `POST /api/rooms/{roomId}/join {name}`: the name shown on the person's tile. */
export const joinMeetingInput = z
  .object({
    name: z.string({ error: "meeting_display_name_required" }).trim().min(1, { error: "meeting_display_name_required" }).max(MAX_MEETING_DISPLAY_NAME, { error: "meeting_display_name_too_long" }),
  })
  .strict();

/** One entry of `iceServers` as `RTCPeerConnection` takes it. */
export interface IceServer {
  urls: string[];
  username?: string;
  credential?: string;
}

/**
 * The ICE servers a meeting page uses: STUN from a comma-separated list (a plain variable) and
 * TURN from secrets, only when all three TURN values are set. Empty lists are left out.
 */
export function iceServersFrom(config: { stun?: string; turn?: string; turnUsername?: string; turnCredential?: string }): IceServer[] {
  const list = (value: string | undefined) =>
    (value ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter((s) => /^(stun|turns?):/.test(s));
  const servers: IceServer[] = [];
  const stun = list(config.stun);
  if (stun.length) servers.push({ urls: stun });
  const turn = list(config.turn);
  if (turn.length && config.turnUsername && config.turnCredential) servers.push({ urls: turn, username: config.turnUsername, credential: config.turnCredential });
  return servers;
}

/** `GET /api/meeting/rooms?projectId=`: all readable projects' meetings, or one project's. */
export const meetingListQuery = z.object({ projectId: z.string({ error: "body_invalid" }).max(64, { error: "body_invalid" }).optional() });
