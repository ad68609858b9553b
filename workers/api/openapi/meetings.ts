/** Video meetings (spec §7 "Meeting", issue 21). */
import { createMeetingInput, joinMeetingInput, meetingListQuery } from "../../../domain/meetings/schemas";
import { sfuCloseInput, sfuPublishInput, sfuPullInput, sfuRenegotiateInput } from "../../../domain/meetings/sfu";
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
  ...sfuOperations(),
];

/** The SFU proxy: only while the room is in SFU mode (above the mesh's size, Realtime configured). */
function sfuOperations(): Operation[] {
  const access = "read" as const;
  const accessNote = "Read access to the meeting's project, and `peer` must be the caller's own open socket in the room (else 404 `meeting_peer_not_found`).";
  const errors = {
    404: ["meeting_not_found", "meeting_peer_not_found"],
    409: ["meeting_not_sfu"],
    429: ["meeting_sfu_rate_limited"],
    502: ["meeting_sfu_failed"],
    503: ["meeting_sfu_not_configured"],
  } as const;
  return [
    {
      method: "post", path: "/meeting/rooms/:roomId/sfu/publish", tag: "Meetings", access, accessNote, body: { json: sfuPublishInput }, errors,
      summary: "SFU mode: publish the caller's tracks with its SDP offer (the first call opens its Realtime session); the roster announces the track names.",
      ok: { status: 200, description: "`{sdp, tracks}`: the SFU's answer." },
    },
    {
      method: "post", path: "/meeting/rooms/:roomId/sfu/pull", tag: "Meetings", access, accessNote, body: { json: sfuPullInput },
      errors: { ...errors, 404: [...errors[404], "meeting_sfu_track_not_found"], 409: ["meeting_not_sfu", "meeting_sfu_no_session"] },
      summary: "SFU mode: pull other peers' tracks by peer and track name; answer the returned offer with `renegotiate`.",
      ok: { status: 200, description: "`{requiresImmediateRenegotiation, sdp, tracks: [{mid, peer, trackName}]}`." },
    },
    {
      method: "put", path: "/meeting/rooms/:roomId/sfu/renegotiate", tag: "Meetings", access, accessNote, body: { json: sfuRenegotiateInput },
      errors: { ...errors, 409: ["meeting_not_sfu", "meeting_sfu_no_session"] },
      summary: "SFU mode: the browser's SDP answer to the SFU's offer.", ok: { status: 200, description: "`{ok: true}`." },
    },
    {
      method: "put", path: "/meeting/rooms/:roomId/sfu/close", tag: "Meetings", access, accessNote, body: { json: sfuCloseInput },
      errors: { ...errors, 409: ["meeting_not_sfu", "meeting_sfu_no_session"] },
      summary: "SFU mode: close stopped transceivers (by mid), with the browser's new offer.", ok: { status: 200, description: "`{sdp}`: the SFU's answer, or null without an offer." },
    },
  ];
}
