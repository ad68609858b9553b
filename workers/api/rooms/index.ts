/**
 * Poker and retro rooms over REST (spec §7 "Rooms", "Decks"). Every change is a message to
 * the room's Durable Object — the same one its sockets talk to — so both always agree.
 */
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { PokerClientMessage, PokerView } from "../../../domain/rooms/poker";
import type { RetroClientMessage } from "../../../domain/rooms/retro";
import { deckInput } from "../../../domain/rooms/decks";
import {
  addIssuesInput,
  calibrationQuery,
  createRoomInput,
  currentIssueInput,
  joinInput,
  orderInput,
  timerInput,
  updateRoomInput,
  verifyInput,
  voteInput,
} from "../../../domain/rooms/schemas";
import { inSlices } from "../../db/client";
import { type Room, tasks } from "../../db/schema";
import { readValues, writeValues } from "../../services/field-values";
import { hitRateLimit } from "../../services/rate-limit";
import { RATE_LIMITS } from "../../../domain/rate-limit";
import {
  admitGuest,
  canSeeRoom,
  chooseDeck,
  createDeck,
  createRoom,
  deleteDeck,
  findDeck,
  findRoom,
  guestsAllowed,
  joinAsGuest,
  joinAsParticipant,
  markArchived,
  projectDecks,
  projectRooms,
  roomStub,
  roomsOfUser,
  roomWire,
  type Seat,
  seatFor,
  setGuestsAllowed,
  ticketCookie,
  updateRoom,
  waitingGuests,
} from "../../services/rooms";
import { and, eq, inArray } from "drizzle-orm";
import { ApiProblem } from "../problem";
import { access, type ProjectEnv } from "../project-access";
import type { AppEnv } from "../types";
import { parseWith, readJson } from "../validate";
import { calibration, retroFactsView } from "../../services/retro-loop";
import { notDeleted } from "../../services/task-filter";

type RoomEnv = AppEnv & { Variables: AppEnv["Variables"] & { room: Room; seat: Seat | null } };

/** Rule errors that are about who asks, not about the room's moment. */
const FORBIDDEN = new Set(["not_facilitator", "not_participant", "spectator_cannot_vote", "read_only", "not_admitted"]);

/** Loads the room and who is asking (a participant who joined, or a guest with a ticket). Reads only. */
const inRoom = createMiddleware<RoomEnv>(async (c, next) => {
  const db = c.get("db");
  const room = await findRoom(db, c.req.param("rid") ?? "");
  if (!room) throw new ApiProblem(404, "room_not_found");
  c.set("room", room);
  c.set("seat", await seatFor(db, room, c.get("user"), c.req.header("Cookie")));
  await next();
});

/** The caller must be an admitted member; `write` also refuses spectators and read-only people. */
function seated(c: { get(key: "seat"): Seat | null; get(key: "user"): unknown }, write: boolean): Seat {
  const seat = c.get("seat");
  if (!seat) throw new ApiProblem(c.get("user") ? 403 : 401, c.get("user") ? "room_forbidden" : "unauthorized");
  if (!seat.verified) throw new ApiProblem(403, "room.not_admitted");
  if (write && seat.readOnly) throw new ApiProblem(403, "room.read_only");
  return seat;
}

function ownerOnly(room: Room, seat: Seat) {
  if (seat.member !== room.ownerId) throw new ApiProblem(403, "room.not_facilitator");
}

function kindOnly(room: Room, kind: Room["kind"]) {
  if (room.kind !== kind) throw new ApiProblem(404, "not_found");
}

/** Sends one message to the room as `seat`; a rule error becomes a translated 403/409. */
async function act(env: AppEnv["Bindings"], room: Room, seat: Seat, message: PokerClientMessage | RetroClientMessage) {
  const result = await (await roomStub(env, room.id)).act(seat.member, message);
  if (!result.ok) throw new ApiProblem(FORBIDDEN.has(result.code) ? 403 : 409, `room.${result.code}`);
  return result;
}

async function viewOf(env: AppEnv["Bindings"], room: Room, seat: Seat) {
  const view = await (await roomStub(env, room.id)).viewOf(seat.member);
  if (!view) throw new ApiProblem(404, "room_not_found");
  return view;
}

export const roomProjectRoutes = new Hono<ProjectEnv>()
  .get("/v1/project/:id/rooms", access("read"), async (c) => c.json({ results: (await projectRooms(c.get("db"), c.get("project").id)).map(roomWire) }))
  .post("/v1/project/:id/rooms", access("write"), async (c) => {
    const input = await readJson(c, createRoomInput);
    const result = await createRoom(c.env, c.get("db"), c.get("project").id, c.get("user")!, input);
    if (!result.ok) throw new ApiProblem(result.status, result.reason, result.reason === "sprint_not_found" ? { sprint: result.reason } : { method: result.reason });
    return c.json(roomWire(result.room), 201);
  })
  .get("/v1/project/:id/valmethod", access("read"), async (c) => c.json({ results: await projectDecks(c.get("db"), c.get("project").id) }))
  .get("/v1/project/:id/valmethod/:valGuid", access("read"), async (c) => {
    const deck = await findDeck(c.get("db"), c.get("project").id, c.req.param("valGuid"));
    if (!deck) throw new ApiProblem(404, "deck_not_found");
    return c.json(deck);
  })
  .post("/v1/project/:id/valmethod", access("write"), async (c) => {
    const input = await readJson(c, deckInput);
    return c.json(await createDeck(c.get("db"), c.get("project").id, input), 201);
  })
  .delete("/v1/project/:id/valmethod/:valGuid", access("write"), async (c) => {
    if (!(await deleteDeck(c.get("db"), c.get("project").id, c.req.param("valGuid")))) throw new ApiProblem(404, "deck_not_found");
    return c.body(null, 204);
  });

export const roomRoutes = new Hono<RoomEnv>()
  .get("/v1/rooms_part", async (c) => {
    const user = c.get("user");
    if (!user) throw new ApiProblem(401, "unauthorized");
    const rows = await roomsOfUser(c.get("db"), user.id);
    return c.json({ results: rows.map((r) => ({ ...roomWire(r.room), project_name: r.projectName })) });
  })
  // Reads only: looking at a room never makes anyone a member (joining is `POST /join`).
  .get("/v1/rooms/:rid", inRoom, async (c) => {
    const db = c.get("db");
    const room = c.get("room");
    const seat = c.get("seat");
    const guests = await guestsAllowed(db, room);
    const full = async (you: Record<string, unknown> | null) => {
      const values = (await readValues(db, "room", [room.id])).get(room.id) ?? [];
      return c.json({ ...roomWire(room), guests, custom_fields: values, you });
    };
    if (seat?.verified) return full({ member: seat.member, name: seat.name, role: seat.role, verified: true, guest: seat.guest, read_only: seat.readOnly });
    // The project's people see the room they have not joined yet; `you: null` tells them to join.
    if (!seat && (await canSeeRoom(db, room, c.get("user")))) return full(null);
    // Anyone with the link sees what they are about to join, and whether guests may.
    return c.json({
      guid: room.id,
      kind: room.kind,
      title: room.title,
      archived: room.archived,
      require_verification: room.requireVerification,
      guests,
      you: seat ? { member: seat.member, name: seat.name, role: seat.role, verified: false, guest: seat.guest } : null,
    });
  })
  .put("/v1/rooms/:rid", inRoom, async (c) => {
    const room = c.get("room");
    ownerOnly(room, seated(c, true));
    const { custom_fields: values, guests, ...input } = await readJson(c, updateRoomInput);
    const db = c.get("db");
    if (values && values.length > 0) {
      // Rooms carry custom fields like tasks do; a refused value changes nothing else either.
      const written = await writeValues(db, room.projectId, "room", room.id, values, room.ownerId);
      if (!written.ok) throw new ApiProblem(400, written.reason, { [`custom_fields.${written.index}`]: written.reason });
    }
    if (guests !== undefined) {
      const set = await setGuestsAllowed(db, room, guests, c.get("i18n").t);
      if (!set.ok) throw new ApiProblem(400, set.reason, { guests: set.reason });
    }
    const result = await updateRoom(c.env, db, room, input);
    if (!result.ok) throw new ApiProblem(result.status, result.status === 409 ? `room.${result.reason}` : result.reason);
    const stored = (await readValues(db, "room", [room.id])).get(room.id) ?? [];
    return c.json({ ...roomWire(result.room), guests: await guestsAllowed(db, result.room), custom_fields: stored });
  })
  .post("/v1/rooms/:rid/join", inRoom, async (c) => {
    const room = c.get("room");
    const input = await readJson(c, joinInput);
    const user = c.get("user");
    const db = c.get("db");
    if (user) {
      const seat = await joinAsParticipant(c.env, db, room, user);
      if (seat) return c.json({ member: seat.member, verified: true, role: seat.role });
    }
    const existing = c.get("seat");
    if (existing) return c.json({ member: existing.member, verified: existing.verified, role: existing.role });
    // Only the owner's choice opens a room to people from outside its project.
    if (!(await guestsAllowed(db, room))) throw new ApiProblem(403, "room_guests_closed");
    if (!input.name) throw new ApiProblem(400, "room_name_required", { name: "room_name_required" });
    if (room.archived) throw new ApiProblem(409, "room.room_archived");
    const decision = await hitRateLimit(c.env.DB, `room-guest:ip:${c.req.header("CF-Connecting-IP") ?? "local"}`, RATE_LIMITS.roomGuestIp);
    if (!decision.allowed) throw new ApiProblem(429, "rate_limited", undefined, { "Retry-After": String(decision.retryAfterSeconds) });
    const { seat, ticket } = await joinAsGuest(c.env, db, room, input.name, input.read ?? false);
    c.header("Set-Cookie", ticketCookie(room.id, ticket));
    return c.json({ member: seat.member, verified: seat.verified, role: seat.role }, 201);
  })
  .get("/v1/rooms/:rid/verify", inRoom, async (c) => {
    ownerOnly(c.get("room"), seated(c, true));
    return c.json({ results: await waitingGuests(c.get("db"), c.get("room").id) });
  })
  .post("/v1/rooms/:rid/verify", inRoom, async (c) => {
    ownerOnly(c.get("room"), seated(c, true));
    const input = await readJson(c, verifyInput);
    if (!(await admitGuest(c.env, c.get("db"), c.get("room"), input.member, input.admit))) throw new ApiProblem(404, "room_guest_not_found");
    return c.json({ member: input.member, admitted: input.admit });
  })
  .get("/v1/rooms/:rid/participants", inRoom, async (c) => {
    const { view } = await viewOf(c.env, c.get("room"), seated(c, false));
    const people = view.participants as { id: string; name: string; present: boolean; role?: string }[];
    return c.json({ results: people.map((p) => ({ member: p.id, name: p.name, role: p.role ?? "voter", present: p.present })) });
  })
  .get("/v1/rooms/:rid/issues", inRoom, async (c) => {
    kindOnly(c.get("room"), "poker");
    const view = (await viewOf(c.env, c.get("room"), seated(c, false))).view as PokerView;
    return c.json({
      results: view.queue.map((id) => ({ guid: id, title: view.issues[id]!.title, description: view.issues[id]!.description, current: view.current === id, accepted: view.accepted[id] ?? null })),
    });
  })
  .post("/v1/rooms/:rid/issues", inRoom, async (c) => {
    const room = c.get("room");
    kindOnly(room, "poker");
    const seat = seated(c, true);
    ownerOnly(room, seat);
    const { tasks: wanted } = await readJson(c, addIssuesInput);
    const db = c.get("db");
    const found = await inSlices(wanted, (slice) => db.select({ id: tasks.id }).from(tasks).where(and(eq(tasks.projectId, room.projectId), inArray(tasks.id, slice), notDeleted)).all());
    const known = new Set(found.map((t) => t.id));
    const missing = wanted.find((id) => !known.has(id));
    if (missing) throw new ApiProblem(404, "task_not_found", { tasks: "task_not_found" });
    const values = await readValues(db, "issue", wanted, ["title", "description"]);
    const text = (id: string, slug: string) => {
      const value = values.get(id)?.find((v) => v.slug === slug)?.value;
      return typeof value === "string" ? value : "";
    };
    const issues = wanted.map((id) => ({ id, title: (text(id, "title") || "—").slice(0, 500), description: text(id, "description").slice(0, 10_000) }));
    const result = await act(c.env, room, seat, { type: "add_issues", issues });
    return c.json({ seq: result.seq }, 201);
  })
  .put("/v1/rooms/:rid/issues", inRoom, async (c) => {
    kindOnly(c.get("room"), "poker");
    const { order } = await readJson(c, orderInput);
    return c.json(await act(c.env, c.get("room"), seated(c, true), { type: "reorder", order }));
  })
  .delete("/v1/rooms/:rid/issues/:taskUid", inRoom, async (c) => {
    kindOnly(c.get("room"), "poker");
    await act(c.env, c.get("room"), seated(c, true), { type: "remove_issue", issue: c.req.param("taskUid") });
    return c.body(null, 204);
  })
  .put("/v1/rooms/:rid/current_issue", inRoom, async (c) => {
    kindOnly(c.get("room"), "poker");
    const { issue } = await readJson(c, currentIssueInput);
    return c.json(await act(c.env, c.get("room"), seated(c, true), { type: "pick", issue }));
  })
  .post("/v1/rooms/:rid/timer", inRoom, async (c) => {
    kindOnly(c.get("room"), "poker");
    const { seconds } = await readJson(c, timerInput);
    return c.json(await act(c.env, c.get("room"), seated(c, true), { type: "start_timer", seconds }));
  })
  .delete("/v1/rooms/:rid/timer", inRoom, async (c) => {
    kindOnly(c.get("room"), "poker");
    await act(c.env, c.get("room"), seated(c, true), { type: "stop_timer" });
    return c.body(null, 204);
  })
  .get("/v1/rooms/:rid/issues/:taskUid/votes", inRoom, async (c) => {
    kindOnly(c.get("room"), "poker");
    const view = (await viewOf(c.env, c.get("room"), seated(c, false))).view as PokerView;
    const round = view.rounds[c.req.param("taskUid")];
    if (!round) throw new ApiProblem(404, "room.unknown_issue");
    return c.json(round);
  })
  .post("/v1/rooms/:rid/issues/:taskUid/votes", inRoom, async (c) => {
    kindOnly(c.get("room"), "poker");
    const { card } = await readJson(c, voteInput);
    return c.json(await act(c.env, c.get("room"), seated(c, true), { type: "vote", issue: c.req.param("taskUid"), card }));
  })
  .post("/v1/rooms/:rid/issues/:taskUid/votes/flip", inRoom, async (c) => {
    const room = c.get("room");
    kindOnly(room, "poker");
    const seat = seated(c, true);
    const view = (await viewOf(c.env, room, seat)).view as PokerView;
    if (view.current !== c.req.param("taskUid")) throw new ApiProblem(409, "room.issue_not_current");
    return c.json(await act(c.env, room, seat, { type: "flip" }));
  })
  // The planning loop (issue 16): what a retro bound to a sprint opens with, and the live
  // status of action items' tasks. Project people only: guests by link never see the project's tasks.
  .get("/v1/rooms/:rid/facts", inRoom, async (c) => {
    const room = c.get("room");
    kindOnly(room, "retro");
    if (seated(c, false).guest) throw new ApiProblem(403, "room_guests_no_facts");
    return c.json(await retroFactsView(c.get("db"), room, c.get("i18n").t));
  })
  /** The calibration strip: earlier tasks of the project holding each card's value, for the task being estimated. */
  .get("/v1/rooms/:rid/calibration", inRoom, async (c) => {
    const room = c.get("room");
    kindOnly(room, "poker");
    if (seated(c, false).guest) throw new ApiProblem(403, "room_guests_no_facts");
    const { issue } = parseWith(calibrationQuery, c.req.query());
    const db = c.get("db");
    const chosen = await chooseDeck(db, room.projectId, room.method);
    return c.json({ results: chosen.ok ? await calibration(db, room.projectId, { cards: chosen.deck.cards, field: chosen.field }, issue ?? "", c.get("i18n").t) : [] });
  })
  .get("/v1/rooms/:rid/archiv", inRoom, async (c) => {
    const room = c.get("room");
    const { view } = await viewOf(c.env, room, seated(c, false));
    if (room.kind === "retro") return c.json({ results: [], retro: view });
    const poker = view as PokerView;
    const ids = Object.keys(poker.issues).filter((id) => poker.history[id] || poker.accepted[id]);
    return c.json({ results: ids.map((id) => ({ issue: id, title: poker.issues[id]!.title, rounds: poker.history[id] ?? [], accepted: poker.accepted[id] ?? null })) });
  })
  .post("/v1/rooms/:rid/archiv", inRoom, async (c) => {
    const room = c.get("room");
    const seat = seated(c, true);
    ownerOnly(room, seat);
    if (!room.archived) {
      const result = await (await roomStub(c.env, room.id)).act(seat.member, { type: "archive" });
      if (!result.ok && result.code !== "room_archived") throw new ApiProblem(409, `room.${result.code}`);
      await markArchived(c.get("db"), room.id);
    }
    return c.json({ ...roomWire({ ...room, archived: true }) });
  });
