/**
 * Video meetings over REST (spec §7 "Meeting", issue 21). Rooms belong to a project: its
 * members (write) create them, everyone who reads the project lists, opens and joins them, and
 * to anyone else a meeting does not exist (404). The live part is the room's Durable Object.
 */
import { Hono } from "hono";
import { createMeetingInput, iceServersFrom, joinMeetingInput, meetingListQuery } from "../../../domain/meetings/schemas";
import { boardRoomMeeting, createMeeting, meetingStub, meetingWire, meetingsOf, readableMeeting } from "../../services/meetings";
import { notesTitle, notesUpdate } from "../../../domain/meetings/notes";
import { projectAccess } from "../../services/access";
import { limitsForProject, within } from "../../services/plan-limits";
import { requireWithin } from "../billing/limit-problem";
import { docRoom } from "../../services/document-access";
import { createDoc } from "../../services/documents";
import { canSeeRoom, findRoom } from "../../services/rooms";
import { realtimeConfig } from "../../services/realtime";
import { ApiProblem } from "../problem";
import type { AppEnv } from "../types";
import { parseWith, readJson } from "../validate";

function signedIn(c: { get(key: "user"): AppEnv["Variables"]["user"] }) {
  const user = c.get("user");
  if (!user) throw new ApiProblem(401, "unauthorized");
  return user;
}

export const meetingRoutes = new Hono<AppEnv>()
  .post("/meeting/rooms", async (c) => {
    const user = signedIn(c);
    const input = await readJson(c, createMeetingInput);
    const result = await createMeeting(c.get("db"), user.id, input);
    if (!result.ok) throw new ApiProblem(result.status, result.reason, result.status === 404 ? { projectId: result.reason } : undefined);
    return c.json(meetingWire(result.room), 201);
  })
  .get("/meeting/rooms", async (c) => {
    const user = signedIn(c);
    const { projectId } = parseWith(meetingListQuery, c.req.query());
    const rows = await meetingsOf(c.get("db"), user.id, projectId || undefined);
    return c.json({ results: rows.map((r) => ({ ...meetingWire(r), projectName: r.projectName })) });
  })
  .get("/meeting/rooms/:roomId", async (c) => {
    const user = signedIn(c);
    const room = await readableMeeting(c.get("db"), user.id, c.req.param("roomId"));
    if (!room) throw new ApiProblem(404, "meeting_not_found");
    const stub = await meetingStub(c.env, room.id);
    const [peers, mode] = await Promise.all([stub.roster(), stub.mode()]);
    return c.json({ ...meetingWire(room), participants: peers, mode });
  })
  // Joining records the name the person shows; the page then opens `/ws/meeting/{roomId}`.
  .post("/rooms/:roomId/join", async (c) => {
    const user = signedIn(c);
    const room = await readableMeeting(c.get("db"), user.id, c.req.param("roomId"));
    if (!room) throw new ApiProblem(404, "meeting_not_found");
    const { name } = await readJson(c, joinMeetingInput);
    const stub = await meetingStub(c.env, room.id);
    // The project owner's plan sets how many people a meeting holds; one's own other tabs count once.
    const [peers, plan] = await Promise.all([stub.roster(), limitsForProject(c.get("db"), room.projectId)]);
    const others = new Set(peers.map((p) => p.user).filter((u) => u !== user.id)).size;
    requireWithin(within(plan, "meeting_size", others));
    await stub.enrol(room.projectId, user.id, name, { sfu: realtimeConfig(c.env) !== null });
    return c.json({ ...meetingWire(room), member: user.id, name, socket: `/ws/meeting/${room.id}` });
  })
  // The chat saved as a text document of the project (meeting notes): a write, so write access.
  .post("/meeting/rooms/:roomId/notes", async (c) => {
    const user = signedIn(c);
    const db = c.get("db");
    const room = await readableMeeting(db, user.id, c.req.param("roomId"));
    if (!room) throw new ApiProblem(404, "meeting_not_found");
    if (!(await projectAccess(db, user.id, room.projectId, "write")).ok) throw new ApiProblem(403, "project_forbidden");
    const messages = await (await meetingStub(c.env, room.id)).chatLog();
    const lang = c.get("lang");
    const day = new Intl.DateTimeFormat(lang, { dateStyle: "short" }).format(Date.now());
    const clock = new Intl.DateTimeFormat(lang, { hour: "2-digit", minute: "2-digit", timeZone: "UTC" });
    const made = await createDoc(db, room.projectId, user.id, { kind: "text", title: notesTitle(room.name, day), parent: null });
    if (!made.ok) throw new ApiProblem(409, made.reason);
    const written = await (await docRoom(c.env, made.doc.guid)).applyImport(notesUpdate(room, messages, (ms) => `${clock.format(ms)} UTC`), user.id, room.projectId, "text");
    if (!written.ok) throw new ApiProblem(409, written.reason);
    return c.json({ guid: made.doc.guid, title: made.doc.title, messages: messages.length, url: `/project/${room.projectId}/docs/${made.doc.guid}` }, 201);
  })
  // A poker or retro room's own meeting, made on first use, for everyone who sees the room.
  .post("/v1/rooms/:rid/meeting", async (c) => {
    const user = signedIn(c);
    const db = c.get("db");
    const room = await findRoom(db, c.req.param("rid"));
    if (!room || !(await canSeeRoom(db, room, user))) throw new ApiProblem(404, "room_not_found");
    const description = c.get("i18n").t(`meetings:board.description_${room.kind}`, { title: room.title });
    return c.json(meetingWire(await boardRoomMeeting(db, room, user.id, description)));
  })
  .get("/meeting/ice-servers", (c) => {
    signedIn(c);
    const env = c.env;
    return c.json({
      iceServers: iceServersFrom({ stun: env.MEETING_STUN_URLS, turn: env.MEETING_TURN_URLS, turnUsername: env.MEETING_TURN_USERNAME, turnCredential: env.MEETING_TURN_CREDENTIAL }),
    });
  });
