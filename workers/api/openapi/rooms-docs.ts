/** Documents (tree, content, share links) and poker/retro rooms. */
import { createDocBody, moveDocBody, shareDocBody, updateDocBody } from "../../../domain/docs/schemas";
import { deckInput } from "../../../domain/rooms/decks";
import * as rooms from "../../../domain/rooms/schemas";
import { versionBody } from "../doc-content";
import type { Operation } from "./registry";

const DOC = { 404: ["doc_not_found"] };
const DOC_RULES = { 404: ["doc_not_found", "doc_parent_not_found"], 409: ["doc_move_into_itself", "doc_too_deep", "doc_limit_reached", "doc_move_conflict"] };
const CONTENT = { 404: ["document_not_found"] };
const ROOM = { 404: ["room_not_found"] };
const ROOM_ACT = { 403: ["room_forbidden", "room.not_admitted", "room.read_only", "room.not_facilitator"], 404: ["room_not_found"], 409: ["room.room_archived"] };

export const documentOperations: Operation[] = [
  { method: "get", path: "/v1/project/:id/docs", tag: "Documents", access: "read", summary: "The project's document tree, flat.", ok: { status: 200, description: "`{results}`." } },
  { method: "post", path: "/v1/project/:id/docs", tag: "Documents", access: "write", summary: "Create a document after its last sibling.", body: { json: createDocBody }, ok: { status: 201, description: "The document." }, errors: DOC_RULES },
  { method: "get", path: "/v1/project/:id/docs/:docGuid", tag: "Documents", access: "read", summary: "One document's metadata.", ok: { status: 200, description: "The document." }, errors: DOC },
  { method: "patch", path: "/v1/project/:id/docs/:docGuid", tag: "Documents", access: "write", summary: "Rename a document or change its values.", body: { json: updateDocBody }, ok: { status: 200, description: "The document." }, errors: DOC },
  { method: "post", path: "/v1/project/:id/docs/:docGuid/move", tag: "Documents", access: "write", summary: "Move a document in the tree.", body: { json: moveDocBody }, ok: { status: 200, description: "`{moved}`." }, errors: DOC_RULES },
  { method: "delete", path: "/v1/project/:id/docs/:docGuid", tag: "Documents", access: "write", summary: "Delete a document with every descendant.", ok: { status: 200, description: "`{deleted}`." }, errors: DOC },
  {
    method: "put", path: "/v1/project/:id/docs/:docGuid/share", tag: "Documents", access: "write", summary: "Turn the read-only share link on (a new link) or off.",
    body: { json: shareDocBody }, ok: { status: 200, description: "`{share_id, url}`." }, errors: DOC,
  },
  {
    method: "get", path: "/v1/shared/:segment/:shareId", tag: "Documents", access: "share-link", summary: "What a share link opens: `{guid, kind, title}`.",
    ok: { status: 200, description: "The shared document." }, errors: { 404: ["shared_not_found"] },
  },
  {
    method: "get", path: "/v1/shared/doc-image/:shareId/:fileGuid", tag: "Documents", access: "share-link", summary: "An image of a shared document.",
    ok: { status: 200, description: "The image.", media: "image/*" }, errors: { 404: ["file_not_found"] },
  },
  { method: "get", path: "/v1/project/:id/docs/:docGuid/versions", tag: "Document content", access: "read", summary: "A document's saved versions, newest first.", ok: { status: 200, description: "`{results}`." }, errors: CONTENT },
  {
    method: "post", path: "/v1/project/:id/docs/:docGuid/versions", tag: "Document content", access: "write", summary: "Save the document's current state as a named version.",
    body: { json: versionBody }, ok: { status: 201, description: "The version." }, errors: CONTENT,
  },
  {
    method: "get", path: "/v1/project/:id/docs/:docGuid/versions/:versionGuid", tag: "Document content", access: "read", summary: "A version as one Yjs update.",
    ok: { status: 200, description: "The Yjs update.", media: "application/octet-stream" }, errors: { 404: ["document_not_found", "version_not_found"] },
  },
  {
    method: "post", path: "/v1/project/:id/docs/:docGuid/versions/:versionGuid/restore", tag: "Document content", access: "write", summary: "Restore a text document to a version (the state before is saved first).",
    ok: { status: 200, description: "`{restored, before}`." }, errors: { 404: ["document_not_found", "version_not_found"], 409: ["document_kind_unsupported"] },
  },
  {
    method: "post", path: "/v1/project/:id/docs/:docGuid/import", tag: "Document content", access: "write", summary: "Merge a Yjs update into a document: an imported Markdown file (text), a flowchart's BPMN draft (bpmn, into an unsaved diagram only) or drawing (drawing).",
    body: { binary: "application/octet-stream" }, ok: { status: 204, description: "Merged." },
    errors: { 400: ["import_invalid"], 404: ["document_not_found"], 409: ["document_kind_unsupported", "import_not_empty"], 413: ["import_too_large"] },
  },
  {
    method: "post", path: "/v1/project/:id/docs/:docGuid/images", tag: "Document content", access: "write", summary: "Upload an image into a document.",
    body: { multipart: { file: { kind: "file", required: true, description: "An image." } } }, ok: { status: 201, description: "`{guid, url, name}`." },
    errors: { 400: ["file_required", "file_empty"], 404: ["document_not_found"], 413: ["file_too_large"], 415: ["file_type_refused"] },
  },
];

export const roomOperations: Operation[] = [
  { method: "get", path: "/v1/project/:id/rooms", tag: "Rooms", access: "read", summary: "The project's poker and retro rooms.", ok: { status: 200, description: "`{results}`." } },
  {
    method: "post", path: "/v1/project/:id/rooms", tag: "Rooms", access: "write", summary: "Create a poker or retro room; the caller owns it.",
    body: { json: rooms.createRoomInput }, ok: { status: 201, description: "The room; a retro given `sprint` is bound to that sprint and opens with its facts." },
    errors: { 400: ["room_sprint_invalid"], 404: ["room_method_invalid", "sprint_not_found"] },
  },
  { method: "get", path: "/v1/project/:id/valmethod", tag: "Rooms", access: "read", summary: "The voting decks: built-in and the project's own.", ok: { status: 200, description: "`{results}`." } },
  { method: "get", path: "/v1/project/:id/valmethod/:valGuid", tag: "Rooms", access: "read", summary: "One deck.", ok: { status: 200, description: "The deck." }, errors: { 404: ["deck_not_found"] } },
  { method: "post", path: "/v1/project/:id/valmethod", tag: "Rooms", access: "write", summary: "Create a custom deck.", body: { json: deckInput }, ok: { status: 201, description: "The deck." } },
  { method: "delete", path: "/v1/project/:id/valmethod/:valGuid", tag: "Rooms", access: "write", summary: "Delete a custom deck.", ok: { status: 204, description: "Deleted." }, errors: { 404: ["deck_not_found"] } },
  { method: "get", path: "/v1/rooms_part", tag: "Rooms", access: "signed-in", summary: "The rooms of the caller's projects.", ok: { status: 200, description: "`{results}`." } },
  {
    method: "get", path: "/v1/rooms/:rid", tag: "Rooms", access: "room-link", accessNote: "Anyone with the link sees the preview; admitted members see the room.",
    summary: "A room: its preview, or the room itself for its members.", ok: { status: 200, description: "The room." }, errors: ROOM,
  },
  {
    method: "put", path: "/v1/rooms/:rid", tag: "Rooms", access: "room-owner", summary: "Change a room (title, deck, who needs admitting, values).",
    body: { json: rooms.updateRoomInput }, ok: { status: 200, description: "The room." }, errors: ROOM_ACT,
  },
  {
    method: "post", path: "/v1/rooms/:rid/join", tag: "Rooms", access: "room-link", accessNote: "Participants of the room's project join at once; others join as guests with a name.",
    summary: "Join a room.", body: { json: rooms.joinInput }, ok: { status: 200, description: "`{member, verified, role}` (201 for a new guest)." },
    errors: { 400: ["room_name_required"], 404: ["room_not_found"], 409: ["room.room_archived"], 429: ["rate_limited"] },
  },
  { method: "get", path: "/v1/rooms/:rid/verify", tag: "Rooms", access: "room-owner", summary: "Guests waiting to be admitted.", ok: { status: 200, description: "`{results}`." }, errors: ROOM_ACT },
  {
    method: "post", path: "/v1/rooms/:rid/verify", tag: "Rooms", access: "room-owner", summary: "Admit or turn away a waiting guest.",
    body: { json: rooms.verifyInput }, ok: { status: 200, description: "`{member, admitted}`." }, errors: { ...ROOM_ACT, 404: ["room_not_found", "room_guest_not_found"] },
  },
  { method: "get", path: "/v1/rooms/:rid/participants", tag: "Rooms", access: "room-seat", summary: "Who is in the room.", ok: { status: 200, description: "`{results}`." }, errors: ROOM_ACT },
  { method: "get", path: "/v1/rooms/:rid/issues", tag: "Poker", access: "room-seat", summary: "The poker room's queue of tasks.", ok: { status: 200, description: "`{results}`." }, errors: ROOM_ACT },
  {
    method: "post", path: "/v1/rooms/:rid/issues", tag: "Poker", access: "room-owner", summary: "Add tasks of the room's project to the queue.",
    body: { json: rooms.addIssuesInput }, ok: { status: 201, description: "`{seq}`." }, errors: { ...ROOM_ACT, 404: ["room_not_found", "task_not_found"] },
  },
  { method: "put", path: "/v1/rooms/:rid/issues", tag: "Poker", access: "room-owner", summary: "Reorder the queue.", body: { json: rooms.orderInput }, ok: { status: 200, description: "`{ok, seq}`." }, errors: ROOM_ACT },
  { method: "delete", path: "/v1/rooms/:rid/issues/:taskUid", tag: "Poker", access: "room-owner", summary: "Remove a task from the queue.", ok: { status: 204, description: "Removed." }, errors: ROOM_ACT },
  { method: "put", path: "/v1/rooms/:rid/current_issue", tag: "Poker", access: "room-owner", summary: "Pick the task being estimated.", body: { json: rooms.currentIssueInput }, ok: { status: 200, description: "`{ok, seq}`." }, errors: ROOM_ACT },
  { method: "post", path: "/v1/rooms/:rid/timer", tag: "Poker", access: "room-owner", summary: "Start the round's timer.", body: { json: rooms.timerInput }, ok: { status: 200, description: "`{ok, seq}`." }, errors: ROOM_ACT },
  { method: "delete", path: "/v1/rooms/:rid/timer", tag: "Poker", access: "room-owner", summary: "Stop the timer.", ok: { status: 204, description: "Stopped." }, errors: ROOM_ACT },
  { method: "get", path: "/v1/rooms/:rid/issues/:taskUid/votes", tag: "Poker", access: "room-seat", summary: "The current round of a task.", ok: { status: 200, description: "The round." }, errors: { ...ROOM_ACT, 404: ["room_not_found", "room.unknown_issue"] } },
  { method: "post", path: "/v1/rooms/:rid/issues/:taskUid/votes", tag: "Poker", access: "room-writer", summary: "Vote a card on the current task.", body: { json: rooms.voteInput }, ok: { status: 200, description: "`{ok, seq}`." }, errors: ROOM_ACT },
  { method: "post", path: "/v1/rooms/:rid/issues/:taskUid/votes/flip", tag: "Poker", access: "room-owner", summary: "Show the current task's votes.", ok: { status: 200, description: "`{ok, seq}`." }, errors: { ...ROOM_ACT, 409: ["room.issue_not_current"] } },
  {
    method: "get", path: "/v1/rooms/:rid/facts", tag: "Retro", access: "room-seat", accessNote: "Members who are project people; guests by link are refused.",
    summary: "A retro's facts: its bound sprint's carried-over and added tasks, estimate done vs committed, burndown, poker estimates changed afterwards, the previous bound retro's actions and this retro's action tasks, with their status now.",
    ok: { status: 200, description: "`{sprint, facts, last_actions, actions}`." }, errors: { ...ROOM_ACT, 403: [...ROOM_ACT[403], "room_guests_no_facts"] },
  },
  {
    method: "get", path: "/v1/rooms/:rid/calibration", tag: "Poker", access: "room-seat", accessNote: "Members who are project people; guests by link are refused.",
    summary: "The calibration strip: up to three earlier tasks of the project per card value, most recently estimated first, leaving out `issue`.",
    query: rooms.calibrationQuery, ok: { status: 200, description: "`{results: [{card, value, tasks}]}`." }, errors: { ...ROOM_ACT, 403: [...ROOM_ACT[403], "room_guests_no_facts"] },
  },
  { method: "get", path: "/v1/rooms/:rid/archiv", tag: "Rooms", access: "room-seat", summary: "The room's history (poker rounds, or the retro board).", ok: { status: 200, description: "`{results}`." }, errors: ROOM_ACT },
  { method: "post", path: "/v1/rooms/:rid/archiv", tag: "Rooms", access: "room-owner", summary: "Archive the room.", ok: { status: 200, description: "The room." }, errors: ROOM_ACT },
];
