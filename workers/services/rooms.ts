/**
 * Rooms in D1 (issue 5): the room rows, who takes part (project people and guests with a
 * ticket), custom decks. The live state is the room's Durable Object (`RoomServer`); every
 * change goes through it so REST and sockets agree.
 */
import { and, asc, desc, eq } from "drizzle-orm";
import type { TFunction } from "i18next";
import { getServerByName } from "partyserver";
import type { DeckFieldMeta, RoomInit } from "../../domain/wire/rpc";
import type { RoomKind } from "../../domain/wire/live/room";
import { readCookie } from "../../domain/i18n/languages";
import { GUEST_ACCESS_SLUG } from "../../domain/fields/system";
import { allows } from "../../domain/projects/roles";
import { builtinDeck, customDeck, type Deck, type DeckCard, deckFieldOf, fieldDeck, isBuiltinDeck, BUILTIN_DECKS } from "../../domain/rooms/decks";
import type { RetroPreset } from "../../domain/rooms/retro";
import type { Db } from "../db/client";
import { decks, type FieldDefinition, fieldDefinitions, participants, projects, retroSprints, type Room, roomMembers, rooms, type User } from "../db/schema";
import type { Env } from "../env";
import { projectAccess } from "./access";
import { ensureSystemFields, entitiesOf, findField, optionsOf } from "./field-definitions";
import { readValues, writeValues } from "./field-values";
import { newGuid, randomToken, sha256Hex } from "./ids";
import { findSprint } from "./sprints";

export interface RoomWire {
  guid: string;
  project: string;
  kind: RoomKind;
  title: string;
  method: string;
  owner: string;
  archived: boolean;
  require_verification: boolean;
  created_at: number;
  url: string;
}

export const roomWire = (r: Room): RoomWire => ({
  guid: r.id,
  project: r.projectId,
  kind: r.kind,
  title: r.title,
  method: r.method,
  owner: r.ownerId,
  archived: r.archived,
  require_verification: r.requireVerification,
  created_at: r.createdAt,
  url: `/project/${r.projectId}/room/${r.kind}/${r.id}`,
});

export const roomStub = (env: Env, roomId: string) => getServerByName(env.RoomServer, roomId);

export function findRoom(db: Db, roomId: string) {
  return db.select().from(rooms).where(eq(rooms.id, roomId)).get();
}

// ---- decks ---------------------------------------------------------------------------------

/**
 * The decks a project offers (`GET /valmethod`): the built-in ones, its custom decks, then its
 * select fields of tasks whose options can all be cards (`field:<guid>`, issue 16), in the
 * fields' order. A field deck is read from the field each time, so it is never out of date.
 */
export async function projectDecks(db: Db, projectId: string): Promise<Deck[]> {
  const [custom, selects] = await Promise.all([
    db.select().from(decks).where(eq(decks.projectId, projectId)).orderBy(decks.createdAt).all(),
    db
      .select()
      .from(fieldDefinitions)
      .where(and(eq(fieldDefinitions.projectId, projectId), eq(fieldDefinitions.typeFields, "select")))
      .orderBy(asc(fieldDefinitions.sort), asc(fieldDefinitions.createdAt)),
  ]);
  const fromFields = selects.flatMap((f) => {
    const made = deckOfField(f);
    return made.ok ? [made.deck] : [];
  });
  return [...BUILTIN_DECKS.map(builtinDeck), ...custom.map((d) => customDeck(d.id, d.name, JSON.parse(d.cards) as DeckCard[])), ...fromFields];
}

const deckOfField = (field: FieldDefinition) =>
  fieldDeck({
    guid: field.id,
    title: field.title ?? field.slug ?? "",
    type: field.typeFields,
    onTasks: entitiesOf(field).some((e) => e.slug === "issue" && e.permission),
    options: optionsOf(field),
  });

/** One deck of the project by its guid (`field:<guid>` for a select field's), or null. */
export async function findDeck(db: Db, projectId: string, guid: string): Promise<Deck | null> {
  if (isBuiltinDeck(guid)) return builtinDeck(guid);
  if (deckFieldOf(guid) !== null) {
    const chosen = await chooseDeck(db, projectId, guid);
    return chosen.ok ? chosen.deck : null;
  }
  const row = await db.select().from(decks).where(and(eq(decks.projectId, projectId), eq(decks.id, guid))).get();
  return row ? customDeck(row.id, row.name, JSON.parse(row.cards) as DeckCard[]) : null;
}

export async function createDeck(db: Db, projectId: string, input: { name: string; cards: DeckCard[] }): Promise<Deck> {
  const id = newGuid();
  await db.insert(decks).values({ id, projectId, name: input.name, cards: JSON.stringify(input.cards) });
  return customDeck(id, input.name, input.cards);
}

/** Deletes a custom deck; rooms already using it keep their cards. */
export async function deleteDeck(db: Db, projectId: string, guid: string): Promise<boolean> {
  const deleted = await db.delete(decks).where(and(eq(decks.projectId, projectId), eq(decks.id, guid))).returning({ id: decks.id });
  return deleted.length > 0;
}

type DeckChoice = { ok: true; deck: Deck; field?: DeckFieldMeta } | { ok: false; reason: string; status: 400 | 404 };

/**
 * The deck a room's `method` names: a built-in or custom deck of the project, or `field:<guid>`,
 * a select field of the same project whose options are the cards (issue 16). A field of another
 * project reads as not found; a field that cannot be a deck is a 400 saying why.
 */
export async function chooseDeck(db: Db, projectId: string, method: string): Promise<DeckChoice> {
  const fieldId = deckFieldOf(method);
  if (fieldId === null) {
    const deck = await findDeck(db, projectId, method);
    return deck ? { ok: true, deck } : { ok: false, reason: "deck_not_found", status: 404 };
  }
  const field = await findField(db, projectId, fieldId);
  if (!field) return { ok: false, reason: "deck_field_not_found", status: 400 };
  const made = deckOfField(field);
  if (!made.ok) return { ok: false, reason: made.reason, status: 400 };
  return { ok: true, deck: made.deck, field: { guid: field.id, options: made.options } };
}

const valuesOf = (deck: Deck) => Object.fromEntries(deck.cards.map((c) => [c.label, c.value]));

// ---- rooms ---------------------------------------------------------------------------------

export type CreateRoomInput = { kind: RoomKind; title: string; method: string; sprint?: string };

/**
 * Creates the object's initial state, then the row and the owner's membership in one D1
 * batch. The object goes first: if the batch fails, the state left behind belongs to no row
 * and nobody can reach it, while a row without its state would be a room that never opens.
 */
export async function createRoom(env: Env, db: Db, projectId: string, owner: User, input: CreateRoomInput): Promise<{ ok: true; room: Room } | { ok: false; reason: string; status: 400 | 404 }> {
  let deck: Deck | null = null;
  let field: DeckFieldMeta | undefined;
  if (input.kind === "poker") {
    const chosen = await chooseDeck(db, projectId, input.method);
    if (!chosen.ok) return chosen;
    ({ deck, field } = chosen);
  }
  if (input.sprint !== undefined) {
    // Only a sprint of this project, and never the backlog (it has no start, no end, no facts).
    const sprint = await findSprint(db, projectId, input.sprint);
    if (!sprint || sprint.isBacklog) return { ok: false, reason: "sprint_not_found", status: 404 };
  }
  const id = newGuid();
  const init: RoomInit = {
    kind: input.kind,
    project: projectId,
    title: input.title,
    owner: owner.id,
    ownerName: owner.name,
    values: deck ? valuesOf(deck) : {},
    ...(field ? { field } : {}),
    cards: deck ? deck.cards.map((c) => c.label) : [],
    preset: input.kind === "retro" ? (input.method as RetroPreset) : undefined,
  };
  await (await roomStub(env, id)).create(init);
  const [inserted] = await db.batch([
    db.insert(rooms).values({ id, projectId, kind: input.kind, title: input.title, method: input.method, ownerId: owner.id }).returning(),
    db.insert(roomMembers).values({ roomId: id, member: owner.id, userId: owner.id, name: owner.name, role: "voter" }),
    ...(input.sprint !== undefined ? [db.insert(retroSprints).values({ roomId: id, projectId, sprintId: input.sprint })] : []),
  ]);
  return { ok: true, room: inserted[0]! };
}

export function projectRooms(db: Db, projectId: string) {
  return db.select().from(rooms).where(eq(rooms.projectId, projectId)).orderBy(desc(rooms.createdAt)).all();
}

/**
 * Rooms the user takes part in, newest first, with their project's name: only rooms of
 * projects they may still read (someone removed from a project keeps their membership rows,
 * which must not keep showing the project's rooms).
 */
export async function roomsOfUser(db: Db, userId: string) {
  const rows = await db
    .select({ room: rooms, projectName: projects.name, participant: participants })
    .from(roomMembers)
    .innerJoin(rooms, eq(rooms.id, roomMembers.roomId))
    .innerJoin(projects, eq(projects.id, rooms.projectId))
    .innerJoin(participants, and(eq(participants.projectId, rooms.projectId), eq(participants.userId, userId)))
    .where(eq(roomMembers.userId, userId))
    .orderBy(desc(rooms.createdAt))
    .all();
  return rows
    .filter(({ participant: p }) => allows({ root: p.root, write: p.write, read: p.read, is_verifications: p.isVerifications }, "read"))
    .map(({ room, projectName }) => ({ room, projectName }));
}

export type RoomUpdate = { title?: string; method?: string; require_verification?: boolean };

/** The owner's changes; a poker deck changes only before anyone voted. */
export async function updateRoom(env: Env, db: Db, room: Room, input: RoomUpdate): Promise<{ ok: true; room: Room } | { ok: false; reason: string; status: 400 | 404 | 409 }> {
  const stub = await roomStub(env, room.id);
  if (input.method !== undefined && input.method !== room.method) {
    if (room.kind === "poker") {
      const chosen = await chooseDeck(db, room.projectId, input.method);
      if (!chosen.ok) return chosen;
      const result = await stub.redeck(chosen.deck.cards.map((c) => c.label), valuesOf(chosen.deck), chosen.field);
      if (!result.ok) return { ok: false, reason: result.code, status: 409 };
    } else {
      const result = await stub.act(room.ownerId, { type: "set_preset", preset: input.method });
      if (!result.ok) return { ok: false, reason: result.code, status: 409 };
    }
  }
  if (input.title !== undefined) await stub.retitle(input.title);
  const [updated] = await db
    .update(rooms)
    .set({
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.method !== undefined ? { method: input.method } : {}),
      ...(input.require_verification !== undefined ? { requireVerification: input.require_verification } : {}),
      updatedAt: Date.now(),
    })
    .where(eq(rooms.id, room.id))
    .returning();
  return { ok: true, room: updated! };
}

// ---- who is in a room ----------------------------------------------------------------------

/** A person as a room knows them: a project participant or a guest with a ticket. */
export interface Seat {
  member: string;
  name: string;
  role: "voter" | "spectator";
  readOnly: boolean;
  verified: boolean;
  guest: boolean;
}

export const ticketCookieName = (roomId: string) => `room_ticket_${roomId.replace(/-/g, "")}`;

export function ticketCookie(roomId: string, ticket: string): string {
  return `${ticketCookieName(roomId)}=${ticket}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${30 * 24 * 3600}`;
}

/** The participant's right in the room's project, or null for anyone outside it. */
async function projectRole(db: Db, room: Room, user: User): Promise<{ role: "voter" | "spectator"; canWrite: boolean } | null> {
  const access = await projectAccess(db, user.id, room.projectId, "read");
  if (!access.ok) return null;
  // One read of the participant row answers both: may they see the room, may they vote.
  const { participant: p } = access;
  const canWrite = allows({ root: p.root, write: p.write, read: p.read, is_verifications: p.isVerifications }, "write");
  return { role: canWrite ? "voter" : "spectator", canWrite };
}

/**
 * Whether a signed-in user may see a room without having joined it: a participant of its
 * project who may read. Reads only; nobody is enrolled by looking.
 */
export async function canSeeRoom(db: Db, room: Room, user: User | undefined): Promise<boolean> {
  return Boolean(user && (await projectRole(db, room, user)));
}

/**
 * A signed-in user's seat in a room they joined (`POST /rooms/{id}/join`) and whose project
 * they still take part in: write access votes, read access watches (read-only). Null for
 * anyone outside the project or who has not joined. Reads only.
 */
export async function userSeat(db: Db, room: Room, user: User): Promise<Seat | null> {
  const right = await projectRole(db, room, user);
  if (!right) return null;
  const joined = await db.select({ member: roomMembers.member }).from(roomMembers).where(and(eq(roomMembers.roomId, room.id), eq(roomMembers.member, user.id))).get();
  if (!joined) return null;
  return { member: user.id, name: user.name, role: right.role, readOnly: !right.canWrite, verified: true, guest: false };
}

/**
 * The one way a project participant enters a room (`POST /rooms/{id}/join {}`): the membership
 * row and the room object's enrolment, once. Null for anyone outside the project.
 */
export async function joinAsParticipant(env: Env, db: Db, room: Room, user: User): Promise<Seat | null> {
  const right = await projectRole(db, room, user);
  if (!right) return null;
  const existing = await db.select().from(roomMembers).where(and(eq(roomMembers.roomId, room.id), eq(roomMembers.member, user.id))).get();
  if (!existing) {
    await db.insert(roomMembers).values({ roomId: room.id, member: user.id, userId: user.id, name: user.name, role: right.role }).onConflictDoNothing();
    await (await roomStub(env, room.id)).enrol(user.id, user.name, right.role);
  }
  return { member: user.id, name: user.name, role: right.role, readOnly: !right.canWrite, verified: true, guest: false };
}

/** The guest behind a room's ticket cookie, if any, while the room is open to guests. */
export async function guestSeat(db: Db, room: Room, cookieHeader: string | null | undefined): Promise<Seat | null> {
  const ticket = readCookie(cookieHeader ?? null, ticketCookieName(room.id));
  if (!ticket) return null;
  const row = await db
    .select()
    .from(roomMembers)
    .where(and(eq(roomMembers.roomId, room.id), eq(roomMembers.ticketHash, await sha256Hex(ticket))))
    .get();
  if (!row) return null;
  // Closing a room to guests shuts out those already in, not only newcomers.
  if (!(await guestsAllowed(db, room))) return null;
  return { member: row.member, name: row.name, role: row.role, readOnly: row.role === "spectator", verified: row.verified, guest: true };
}

/** Who is asking: the session's user (a participant who joined) first, else a guest ticket. Reads only. */
export async function seatFor(db: Db, room: Room, user: User | undefined, cookieHeader: string | null | undefined): Promise<Seat | null> {
  if (user) {
    const seat = await userSeat(db, room, user);
    if (seat) return seat;
  }
  return guestSeat(db, room, cookieHeader);
}

// ---- guests --------------------------------------------------------------------------------

/**
 * Whether the owner opened the room to guests (people without an account, by link). Closed
 * unless chosen: the choice is the room's `guest_access` system field, like its deck and preset.
 */
export async function guestsAllowed(db: Db, room: Pick<Room, "id">): Promise<boolean> {
  const value = (await readValues(db, "room", [room.id], [GUEST_ACCESS_SLUG])).get(room.id)?.[0]?.value;
  return value === true;
}

/** The owner opens or closes the room to guests. */
export async function setGuestsAllowed(db: Db, room: Room, open: boolean, t: TFunction): Promise<{ ok: true } | { ok: false; reason: string }> {
  await ensureSystemFields(db, room.projectId, t);
  const written = await writeValues(db, room.projectId, "room", room.id, [{ slug: GUEST_ACCESS_SLUG, value: open }], room.ownerId);
  return written.ok ? { ok: true } : { ok: false, reason: written.reason };
}

/** A guest joins by link with only a name; they wait for the owner when the room asks so. */
export async function joinAsGuest(env: Env, db: Db, room: Room, name: string, readOnly: boolean): Promise<{ seat: Seat; ticket: string }> {
  const ticket = randomToken();
  const member = `guest:${newGuid()}`;
  const role = readOnly ? "spectator" : "voter";
  const verified = !room.requireVerification;
  await db.insert(roomMembers).values({ roomId: room.id, member, name, role, ticketHash: await sha256Hex(ticket), verified });
  if (verified) await (await roomStub(env, room.id)).enrol(member, name, role);
  return { seat: { member, name, role, readOnly, verified, guest: true }, ticket };
}

export function waitingGuests(db: Db, roomId: string) {
  return db
    .select({ member: roomMembers.member, name: roomMembers.name, role: roomMembers.role })
    .from(roomMembers)
    .where(and(eq(roomMembers.roomId, roomId), eq(roomMembers.verified, false)))
    .orderBy(roomMembers.joinedAt)
    .all();
}

/** The owner admits a waiting guest (they enter the room) or refuses them (their ticket ends). */
export async function admitGuest(env: Env, db: Db, room: Room, member: string, admit: boolean): Promise<boolean> {
  const row = await db.select().from(roomMembers).where(and(eq(roomMembers.roomId, room.id), eq(roomMembers.member, member), eq(roomMembers.verified, false))).get();
  if (!row) return false;
  if (admit) {
    await db.update(roomMembers).set({ verified: true }).where(and(eq(roomMembers.roomId, room.id), eq(roomMembers.member, member)));
    await (await roomStub(env, room.id)).enrol(member, row.name, row.role);
  } else {
    await db.delete(roomMembers).where(and(eq(roomMembers.roomId, room.id), eq(roomMembers.member, member)));
  }
  return true;
}

export async function markArchived(db: Db, roomId: string) {
  await db.update(rooms).set({ archived: true, updatedAt: Date.now() }).where(eq(rooms.id, roomId));
}
