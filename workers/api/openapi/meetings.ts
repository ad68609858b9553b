/** Video meetings (spec §7 "Meeting", issue 21). */
import { createMeetingInput, joinMeetingInput, meetingListQuery } from "../../../domain/meetings/schemas";
import type { Operation } from "./registry";

const MEETING = { 404: ["meeting_not_found"] };

export const meetingOperations: Operation[] = [
  {
    method: "post", path: "/meeting/rooms", tag: "Meetings", access: "signed-in", accessNote: "Write access to the project named in the body; a project the caller does not read is not found.",
    summary: "Create a meeting room in a project: `{projectId, name, description}`, all required.", body: { json: createMeetingInput },
    ok: { status: 201, description: "The room: `{guid, projectId, name, description, creator, createdAt, url}`." },
    errors: { 403: ["meeting_create_forbidden"], 404: ["meeting_project_not_found"] },
  },
  {
    method: "get", path: "/meeting/rooms", tag: "Meetings", access: "signed-in", summary: "The meeting rooms of every project the caller reads (or of `projectId`), newest first.",
    query: meetingListQuery, ok: { status: 200, description: "`{results}`, each with `projectName`." },
  },
  {
    method: "get", path: "/meeting/rooms/:roomId", tag: "Meetings", access: "read", accessNote: "Read access to the meeting's project.",
    summary: "One meeting room with who is in it now (`participants`).", ok: { status: 200, description: "The room and `participants`." }, errors: MEETING,
  },
  {
    method: "post", path: "/rooms/:roomId/join", tag: "Meetings", access: "read", accessNote: "Read access to the meeting's project.",
    summary: "Join a meeting under a display name; the page then opens `socket` (`/ws/meeting/{roomId}`).", body: { json: joinMeetingInput },
    ok: { status: 200, description: "The room, `member`, `name` and `socket`." }, errors: MEETING,
  },
  {
    method: "post", path: "/meeting/rooms/:roomId/notes", tag: "Meetings", access: "write", accessNote: "Write access to the meeting's project.",
    summary: "Save the meeting's chat as a new text document of the project (meeting notes).", ok: { status: 201, description: "`{guid, title, messages, url}` of the document." },
    errors: { 404: ["meeting_not_found"], 409: ["doc_limit_reached"] },
  },
  {
    method: "post", path: "/v1/rooms/:rid/meeting", tag: "Meetings", access: "read", accessNote: "Read access to the poker or retro room's project.",
    summary: "The meeting of a poker or retro room, made on first use (opened beside the board).", ok: { status: 200, description: "The meeting room." }, errors: { 404: ["room_not_found"] },
  },
  {
    method: "get", path: "/meeting/ice-servers", tag: "Meetings", access: "signed-in", summary: "The ICE servers for `RTCPeerConnection`: STUN by default, TURN when configured.",
    ok: { status: 200, description: "`{iceServers}`." },
  },
];
