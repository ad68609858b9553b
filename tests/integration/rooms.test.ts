import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { coalesceWindow, nextFrameAt } from "../../domain/rooms/coalescing";
import { CLOSE } from "../../domain/wire/close-codes";
import type { Env } from "../../workers/env";
import { roomStub } from "../../workers/services/rooms";
import { call } from "../fixtures/http";
import { listen } from "../fixtures/live";
import { buildTeam, type Team } from "../fixtures/projects";
import { openRoom } from "../fixtures/rooms";
import { base, newSprint, newTask } from "../fixtures/tasks";

const workerEnv = env as unknown as Env;

/** Project people enter a room with `POST /join {}` (as the room page does); looking enrols nobody. */
async function joinRoom(roomId: string, cookie: string | undefined) {
  const res = await call("POST", `/api/v1/rooms/${roomId}/join`, { cookie, body: {} });
  expect(res.status, res.text).toBe(200);
}

/** A poker room made by the writer, which the root and the reader have joined. */
async function pokerRoom(team: Team, method = "fibonacci", title = "Sprint 12 estimation") {
  const res = await call("POST", `${base(team.projectId)}/rooms`, { cookie: team.cookies.write, body: { kind: "poker", title, method } });
  expect(res.status, res.text).toBe(201);
  await joinRoom(res.json.guid, team.cookies.root);
  await joinRoom(res.json.guid, team.cookies.read);
  return res.json as { guid: string; owner: string; url: string };
}

/** The owner (the writer) opens the room to guests; rooms are closed to them until then. */
async function openToGuests(team: Team, roomId: string) {
  const res = await call("PUT", `/api/v1/rooms/${roomId}`, { cookie: team.cookies.write, body: { guests: true } });
  expect([res.status, res.json?.guests], res.text).toEqual([200, true]);
}

/** A guest joins by link with only a name; returns their ticket cookie. */
async function guestJoins(roomId: string, name: string, read = false) {
  const res = await call("POST", `/api/v1/rooms/${roomId}/join`, { body: { name, read } });
  expect(res.status, res.text).toBe(201);
  const cookie = (res.headers.get("Set-Cookie") ?? "").split(";")[0]!;
  return { cookie, member: res.json.member as string, verified: res.json.verified as boolean };
}

async function estimateOf(team: Team, task: string) {
  const res = await call("GET", `${base(team.projectId)}/issue/${task}`, { cookie: team.cookies.read });
  return res.json.custom_fields.find((v: { slug: string }) => v.slug === "estimate")?.value ?? null;
}

describe("rooms over REST", () => {
  it("creates poker and retro rooms for writers only, and refuses bad bodies with translated errors", async () => {
    const team = await buildTeam();
    const path = `${base(team.projectId)}/rooms`;
    const body = { kind: "poker", title: "Estimation", method: "t_shirt" };
    expect((await call("POST", path, { cookie: team.cookies.read, body })).status).toBe(403);
    expect((await call("POST", path, { cookie: team.cookies.outsider, body })).status).toBe(403);
    expect((await call("POST", path, { body })).status).toBe(401);
    const bad = await call("POST", path, { cookie: team.cookies.write, body: { kind: "poker", title: " ", method: "t_shirt" }, headers: { "Accept-Language": "de" } });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe("room_title_required");
    expect(bad.json.detail).toBe("Gib dem Raum einen Titel.");
    expect((await call("POST", path, { cookie: team.cookies.write, body: { ...body, method: "nope" } })).json.code).toBe("deck_not_found");
    expect((await call("POST", path, { cookie: team.cookies.write, body: { kind: "retro", title: "R", method: "fibonacci" } })).json.code).toBe("room_method_invalid");
    expect((await call("POST", path, { cookie: team.cookies.write, body: { ...body, extra: 1 } })).status).toBe(400);
    expect((await call("POST", path, { cookie: team.cookies.write, raw: "{" })).status).toBe(400);
    expect((await call("GET", path, { cookie: team.cookies.read })).json.results).toEqual([]);

    const poker = await call("POST", path, { cookie: team.cookies.write, body });
    expect(poker.status).toBe(201);
    expect(poker.json).toMatchObject({ kind: "poker", title: "Estimation", method: "t_shirt", owner: team.users.write.id, archived: false });
    const retro = await call("POST", path, { cookie: team.cookies.write, body: { kind: "retro", title: "Retro", method: "mad_sad_glad" } });
    expect(retro.status).toBe(201);
    const list = await call("GET", path, { cookie: team.cookies.read });
    expect(list.json.results.map((r: { title: string }) => r.title).sort()).toEqual(["Estimation", "Retro"]);
    const mine = await call("GET", "/api/v1/rooms_part", { cookie: team.cookies.write });
    expect(mine.json.results).toHaveLength(2);
    expect(mine.json.results[0].project_name).toBe("Matrix project");
    expect((await call("GET", "/api/v1/rooms_part", { cookie: team.cookies.outsider })).json.results).toEqual([]);
  });

  it("lists the built-in decks and a project's custom decks; custom decks are validated", async () => {
    const team = await buildTeam();
    const path = `${base(team.projectId)}/valmethod`;
    const list = await call("GET", path, { cookie: team.cookies.read });
    expect(list.json.results.map((d: { guid: string }) => d.guid)).toEqual(["fibonacci", "modified_fibonacci", "t_shirt", "powers_of_two"]);
    expect((await call("GET", `${path}/t_shirt`, { cookie: team.cookies.read })).json.cards[2]).toEqual({ label: "M", value: 3 });
    const bad = await call("POST", path, { cookie: team.cookies.write, body: { name: "Hours", cards: [{ label: "?" }, { label: "1" }] } });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe("deck_card_invalid");
    expect((await call("POST", path, { cookie: team.cookies.read, body: { name: "Hours", cards: [{ label: "1" }, { label: "2" }] } })).status).toBe(403);
    const made = await call("POST", path, { cookie: team.cookies.write, body: { name: "Hours", cards: [{ label: "half", value: 4 }, { label: "day", value: 8 }] } });
    expect(made.status).toBe(201);
    expect(made.json.cards.map((c: { label: string }) => c.label)).toEqual(["half", "day", "?", "coffee"]);
    expect((await call("GET", path, { cookie: team.cookies.read })).json.results).toHaveLength(5);
    expect((await call("DELETE", `${path}/${made.json.guid}`, { cookie: team.cookies.write })).status).toBe(204);
    expect((await call("GET", `${path}/${made.json.guid}`, { cookie: team.cookies.read })).status).toBe(404);
  });

  it("runs a poker round over REST: queue, current issue, votes hidden until the flip, the accepted estimate written into the task", async () => {
    const team = await buildTeam();
    const room = await pokerRoom(team);
    const r = `/api/v1/rooms/${room.guid}`;
    const a = await newTask(team.projectId, team.cookies.write, "Login form");
    const b = await newTask(team.projectId, team.cookies.write, "Logout");
    expect((await call("POST", `${r}/issues`, { cookie: team.cookies.root, body: { tasks: [a.guid] } })).json.code).toBe("room.not_facilitator");
    expect((await call("POST", `${r}/issues`, { cookie: team.cookies.write, body: { tasks: [crypto.randomUUID()] } })).status).toBe(404);
    expect((await call("POST", `${r}/issues`, { cookie: team.cookies.write, body: { tasks: [a.guid, b.guid] } })).status).toBe(201);
    expect((await call("PUT", `${r}/issues`, { cookie: team.cookies.write, body: { order: [b.guid, a.guid] } })).status).toBe(200);
    expect((await call("PUT", `${r}/current_issue`, { cookie: team.cookies.write, body: { issue: a.guid } })).status).toBe(200);
    const issues = await call("GET", `${r}/issues`, { cookie: team.cookies.read });
    expect(issues.json.results.map((i: { title: string; current: boolean }) => [i.title, i.current])).toEqual([["Logout", false], ["Login form", true]]);

    expect((await call("POST", `${r}/join`, { cookie: team.cookies.root, body: {} })).json).toMatchObject({ member: team.users.root.id, verified: true, role: "voter" });
    expect((await call("POST", `${r}/issues/${a.guid}/votes`, { cookie: team.cookies.root, body: { card: "8" } })).status).toBe(200);
    expect((await call("POST", `${r}/issues/${a.guid}/votes`, { cookie: team.cookies.write, body: { card: "5" } })).status).toBe(200);
    const bad = await call("POST", `${r}/issues/${a.guid}/votes`, { cookie: team.cookies.write, body: { card: "7" } });
    expect([bad.status, bad.json.code]).toEqual([409, "room.card_not_in_deck"]);
    // A read-only participant watches: sees who voted, not the cards, and cannot vote.
    expect((await call("POST", `${r}/issues/${a.guid}/votes`, { cookie: team.cookies.read, body: { card: "5" } })).json.code).toBe("room.read_only");
    const hidden = await call("GET", `${r}/issues/${a.guid}/votes`, { cookie: team.cookies.read });
    expect(hidden.json).toMatchObject({ revealed: false, votes: null, mine: null });
    expect(hidden.json.voted.sort()).toEqual([team.users.root.id, team.users.write.id].sort());
    expect((await call("GET", `${r}/issues/${a.guid}/votes`, { cookie: team.cookies.root })).json.mine).toBe("8");

    expect((await call("POST", `${r}/issues/${b.guid}/votes/flip`, { cookie: team.cookies.write })).json.code).toBe("room.issue_not_current");
    expect((await call("POST", `${r}/issues/${a.guid}/votes/flip`, { cookie: team.cookies.write })).status).toBe(200);
    const shown = await call("GET", `${r}/issues/${a.guid}/votes`, { cookie: team.cookies.read });
    expect(shown.json.votes).toEqual({ [team.users.root.id]: "8", [team.users.write.id]: "5" });

    const project = await listen(team.projectId, team.cookies.read!);
    const owner = await openRoom(room.guid, team.cookies.write);
    expect(await owner.send({ type: "accept", card: "8" })).toEqual({ ok: true });
    await project.waitFor((m) => m.type === "tasks_changed" && m.tasks.includes(a.guid));
    expect(await estimateOf(team, a.guid)).toBe(8);
    // The discussion's outcome stays on the task: the facilitator's comment, in their language.
    const comments = await call("GET", `/api/v1/project/${team.projectId}/issue/${a.guid}/comment`, { cookie: team.cookies.read });
    expect(comments.json.results ?? comments.json).toEqual([
      expect.objectContaining({ text: "Оценено в 8 в покере «Sprint 12 estimation» за 1 раунд. Последние карты: Test User — 5, Test User — 8.", author: expect.objectContaining({ guid: team.users.write.id }) }),
    ]);

    const history = await call("GET", `${r}/archiv`, { cookie: team.cookies.read });
    expect(history.json.results).toEqual([{ issue: a.guid, title: "Login form", rounds: [expect.objectContaining({ average: 6.5, median: 6.5 })], accepted: "8" }]);
    expect((await call("POST", `${r}/archiv`, { cookie: team.cookies.root })).json.code).toBe("room.not_facilitator");
    expect((await call("POST", `${r}/archiv`, { cookie: team.cookies.write })).json.archived).toBe(true);
    expect((await call("PUT", `${r}/current_issue`, { cookie: team.cookies.write, body: { issue: b.guid } })).json.code).toBe("room.room_archived");
    expect((await call("GET", `${r}/archiv`, { cookie: team.cookies.read })).json.results).toHaveLength(1);
  });

  it("writes a T-shirt card as its points, and refuses deck changes once someone voted", async () => {
    const team = await buildTeam();
    const room = await pokerRoom(team, "t_shirt");
    const r = `/api/v1/rooms/${room.guid}`;
    const task = await newTask(team.projectId, team.cookies.write, "Sized");
    await call("POST", `${r}/issues`, { cookie: team.cookies.write, body: { tasks: [task.guid] } });
    expect((await call("PUT", r, { cookie: team.cookies.write, body: { method: "fibonacci" } })).status).toBe(200);
    expect((await call("PUT", r, { cookie: team.cookies.write, body: { method: "t_shirt", title: "Sizing" } })).json.title).toBe("Sizing");
    expect((await call("PUT", r, { cookie: team.cookies.root, body: { title: "Mine" } })).json.code).toBe("room.not_facilitator");
    // Rooms carry custom fields like other entities.
    const withField = await call("PUT", r, { cookie: team.cookies.write, body: { custom_fields: [{ slug: "participants", value: [team.users.read.id] }] } });
    expect(withField.status, withField.text).toBe(200);
    expect(withField.json.custom_fields.find((v: { slug: string }) => v.slug === "participants").value).toEqual([team.users.read.id]);
    const refused = await call("PUT", r, { cookie: team.cookies.write, body: { custom_fields: [{ slug: "participants", value: [team.users.outsider.id] }] } });
    expect(refused.status).toBe(400);
    expect((await call("GET", r, { cookie: team.cookies.read })).json.custom_fields.find((v: { slug: string }) => v.slug === "participants").value).toEqual([team.users.read.id]);
    await call("PUT", `${r}/current_issue`, { cookie: team.cookies.write, body: { issue: task.guid } });
    await call("POST", `${r}/issues/${task.guid}/votes`, { cookie: team.cookies.write, body: { card: "XL" } });
    const locked = await call("PUT", r, { cookie: team.cookies.write, body: { method: "fibonacci" } });
    expect([locked.status, locked.json.code]).toEqual([409, "room.deck_in_use"]);
    await call("POST", `${r}/issues/${task.guid}/votes/flip`, { cookie: team.cookies.write });
    const owner = await openRoom(room.guid, team.cookies.write);
    expect(await owner.send({ type: "accept", card: "XL" })).toEqual({ ok: true });
    for (let i = 0; i < 100 && (await estimateOf(team, task.guid)) !== 8; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await estimateOf(team, task.guid)).toBe(8);
  });

  it("deals a select field's options as the deck, each with its number, and writes the accepted option into the task's field", async () => {
    const team = await buildTeam();
    const fields = `${base(team.projectId)}/fields`;
    const made = await call("POST", fields, {
      cookie: team.cookies.root,
      body: { title: "T-shirt", type_fields: "select", settings: { values_set: [{ value: "S", value_number: 1 }, { value: "M", value_number: 3 }, { value: "L" }] } },
    });
    expect(made.status, made.text).toBe(201);
    type Option = { guid: string; value: string; value_number?: number };
    const option = (label: string) => (made.json.settings.values_set as Option[]).find((o) => o.value === label)!;
    // The admin gives L its number afterwards; a bad number changes nothing and says why.
    const badNumber = await call("PUT", `${fields}/${made.json.guid}/select/${option("L").guid}`, { cookie: team.cookies.root, body: { value_number: -2 }, headers: { "Accept-Language": "de" } });
    expect([badNumber.status, badNumber.json.code, badNumber.json.detail]).toEqual([400, "option_number_invalid", "Die Zahl einer Option muss zwischen 0 und 1.000.000 liegen."]);
    const numbered = await call("PUT", `${fields}/${made.json.guid}/select/${option("L").guid}`, { cookie: team.cookies.root, body: { value_number: 5 } });
    expect((numbered.json as Option[]).map((o) => [o.value, o.value_number])).toEqual([["S", 1], ["M", 3], ["L", 5]]);

    // The project's deck list offers the field after the built-in decks, with the same shape;
    // it is the field's to change, so it cannot be deleted as a deck.
    const decks = `${base(team.projectId)}/valmethod`;
    const listed = (await call("GET", decks, { cookie: team.cookies.read })).json.results as { guid: string; name: string; builtin: boolean; kind: string; cards: unknown[] }[];
    const fieldDeck = { guid: `field:${made.json.guid}`, name: "T-shirt", builtin: false, kind: "custom", cards: [{ label: "S", value: 1 }, { label: "M", value: 3 }, { label: "L", value: 5 }, { label: "?", value: null }, { label: "coffee", value: null }] };
    expect(listed.map((d) => d.guid)).toEqual(["fibonacci", "modified_fibonacci", "t_shirt", "powers_of_two", fieldDeck.guid]);
    expect(listed.at(-1)).toEqual(fieldDeck);
    expect((await call("GET", `${decks}/${fieldDeck.guid}`, { cookie: team.cookies.read })).json).toEqual(fieldDeck);
    expect((await call("DELETE", `${decks}/${fieldDeck.guid}`, { cookie: team.cookies.write })).status).toBe(404);

    const room = await pokerRoom(team, `field:${made.json.guid}`, "Sizing");
    const r = `/api/v1/rooms/${room.guid}`;
    expect(room).toMatchObject({ method: `field:${made.json.guid}` });
    const task = await newTask(team.projectId, team.cookies.write, "Checkout");
    await call("POST", `${r}/issues`, { cookie: team.cookies.write, body: { tasks: [task.guid] } });
    await call("PUT", `${r}/current_issue`, { cookie: team.cookies.write, body: { issue: task.guid } });
    const outside = await call("POST", `${r}/issues/${task.guid}/votes`, { cookie: team.cookies.write, body: { card: "8" } });
    expect([outside.status, outside.json.code]).toEqual([409, "room.card_not_in_deck"]);
    expect((await call("POST", `${r}/issues/${task.guid}/votes`, { cookie: team.cookies.write, body: { card: "M" } })).status).toBe(200);
    expect((await call("POST", `${r}/issues/${task.guid}/votes`, { cookie: team.cookies.root, body: { card: "L" } })).status).toBe(200);
    expect((await call("POST", `${r}/issues/${task.guid}/votes/flip`, { cookie: team.cookies.write })).status).toBe(200);

    const project = await listen(team.projectId, team.cookies.read!);
    const owner = await openRoom(room.guid, team.cookies.write);
    expect(await owner.send({ type: "accept", card: "M" })).toEqual({ ok: true });
    await project.waitFor((m) => m.type === "tasks_changed" && m.tasks.includes(task.guid));
    const read = await call("GET", `${base(team.projectId)}/issue/${task.guid}`, { cookie: team.cookies.read });
    const values = read.json.custom_fields as { guid: string; slug: string | null; value: unknown }[];
    expect(values.find((v) => v.guid === made.json.guid)?.value).toBe(option("M").guid);
    // The option, not a number: the estimate field is left as it was.
    expect(values.find((v) => v.slug === "estimate")?.value ?? null).toBeNull();

    // The calibration strip of the next task shows Checkout as the reference for M.
    const next = await newTask(team.projectId, team.cookies.write, "Cart");
    const strip = await call("GET", `${r}/calibration?issue=${next.guid}`, { cookie: team.cookies.read });
    expect(strip.status, strip.text).toBe(200);
    expect((strip.json.results as { card: string; value: number | null; tasks: { title: string }[] }[]).map((v) => [v.card, v.value, v.tasks.map((t) => t.title)])).toEqual([
      ["S", 1, []],
      ["M", 3, ["Checkout"]],
      ["L", 5, []],
    ]);
  });

  it("refuses a deck from another project's field or from a field that is not a select field of tasks", async () => {
    const team = await buildTeam();
    const other = await buildTeam();
    const path = `${base(team.projectId)}/rooms`;
    const foreign = await call("POST", `${base(other.projectId)}/fields`, { cookie: other.cookies.root, body: { title: "Size", type_fields: "select", settings: { values_set: [{ value: "S" }, { value: "M" }] } } });
    expect(foreign.status, foreign.text).toBe(201);
    const text = await call("POST", `${base(team.projectId)}/fields`, { cookie: team.cookies.root, body: { title: "Note", type_fields: "text" } });
    const tooFew = await call("POST", `${base(team.projectId)}/fields`, { cookie: team.cookies.root, body: { title: "One size", type_fields: "select", settings: { values_set: [{ value: "M" }] } } });
    const refusal = async (method: string) => {
      const res = await call("POST", path, { cookie: team.cookies.write, body: { kind: "poker", title: "Sizing", method } });
      return [res.status, res.json.code];
    };
    expect(await refusal(`field:${foreign.json.guid}`)).toEqual([400, "deck_field_not_found"]);
    expect(await refusal(`field:${text.json.guid}`)).toEqual([400, "deck_field_not_select"]);
    expect(await refusal(`field:${tooFew.json.guid}`)).toEqual([400, "deck_field_unusable"]);
    expect((await call("GET", path, { cookie: team.cookies.read })).json.results).toEqual([]);
    // A room cannot switch to such a deck either.
    const room = await pokerRoom(team);
    const switched = await call("PUT", `/api/v1/rooms/${room.guid}`, { cookie: team.cookies.write, body: { method: `field:${foreign.json.guid}` } });
    expect([switched.status, switched.json.code]).toEqual([400, "deck_field_not_found"]);
  });

  it("lets a guest join by link with a name, read-only when asked, and makes them wait when the room requires verification", async () => {
    const team = await buildTeam();
    const room = await pokerRoom(team);
    const r = `/api/v1/rooms/${room.guid}`;
    const before = await call("GET", r);
    expect(before.json).toMatchObject({ title: "Sprint 12 estimation", kind: "poker", guests: false, you: null });
    expect(before.json.owner).toBeUndefined();
    // Closed to guests until the owner opens it.
    const closed = await call("POST", `${r}/join`, { body: { name: "Gina" }, headers: { "Accept-Language": "de" } });
    expect([closed.status, closed.json.code]).toEqual([403, "room_guests_closed"]);
    expect(closed.json.detail).toMatch(/Gäste/);
    await openToGuests(team, room.guid);
    expect((await call("GET", r)).json.guests).toBe(true);
    expect((await call("POST", `${r}/join`, { body: {} })).json.code).toBe("room_name_required");
    expect((await call("POST", `${r}/join`, { body: { name: "x".repeat(81) } })).json.code).toBe("room_name_too_long");

    const guest = await guestJoins(room.guid, "Gina");
    expect(guest.verified).toBe(true);
    expect(guest.member).toMatch(/^guest:/);
    const seen = await call("GET", r, { cookie: guest.cookie });
    expect(seen.json.you).toMatchObject({ name: "Gina", role: "voter", verified: true, guest: true });
    const watcher = await guestJoins(room.guid, "Walt", true);
    expect((await call("GET", r, { cookie: watcher.cookie })).json.you.role).toBe("spectator");
    // A ticket is for one room only.
    const other = await pokerRoom(team, "fibonacci", "Other");
    expect((await call("GET", `/api/v1/rooms/${other.guid}/participants`, { cookie: guest.cookie })).status).toBe(401);

    expect((await call("PUT", r, { cookie: team.cookies.write, body: { require_verification: true } })).json.require_verification).toBe(true);
    const waiting = await guestJoins(room.guid, "Wendy");
    expect(waiting.verified).toBe(false);
    expect((await call("GET", `${r}/participants`, { cookie: waiting.cookie })).json.code).toBe("room.not_admitted");
    const socket = await openRoom(room.guid, waiting.cookie);
    expect(socket.status).toBe(101);
    expect(await socket.closedWith()).toBe(CLOSE.WAITING);
    expect(socket.parsed).toContainEqual({ type: "error", code: "not_admitted" });
    expect((await call("GET", `${r}/verify`, { cookie: team.cookies.write })).json.results).toEqual([{ member: waiting.member, name: "Wendy", role: "voter" }]);
    expect((await call("GET", `${r}/verify`, { cookie: guest.cookie })).json.code).toBe("room.not_facilitator");
    expect((await call("POST", `${r}/verify`, { cookie: team.cookies.write, body: { member: waiting.member, admit: true } })).status).toBe(200);
    const admitted = await openRoom(room.guid, waiting.cookie);
    await admitted.waitFor((v) => v.participants.some((p: { name: string; present: boolean }) => p.name === "Wendy" && p.present));
    const refused = await guestJoins(room.guid, "Rex");
    expect((await call("POST", `${r}/verify`, { cookie: team.cookies.write, body: { member: refused.member, admit: false } })).status).toBe(200);
    expect((await call("GET", r, { cookie: refused.cookie })).json.you).toBeNull();
    const people = await call("GET", `${r}/participants`, { cookie: team.cookies.read });
    expect(people.json.results.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(["Gina", "Walt", "Wendy"]));
    expect(people.json.results.map((p: { name: string }) => p.name)).not.toContain("Rex");
  });

  it("turns retro action items into tasks of the next sprint, linked back to the retro", async () => {
    const team = await buildTeam();
    const sprint = await newSprint(team.projectId, team.cookies.write, "Next sprint");
    const res = await call("POST", `${base(team.projectId)}/rooms`, { cookie: team.cookies.write, body: { kind: "retro", title: "Retro 7", method: "start_stop_continue" } });
    const room = res.json as { guid: string };
    await joinRoom(room.guid, team.cookies.root);
    const owner = await openRoom(room.guid, team.cookies.write);
    const member = await openRoom(room.guid, team.cookies.root);
    expect(await member.send({ type: "add_note", column: "start", text: "Write release notes" })).toEqual({ ok: true });
    const note = (await owner.waitFor((v) => v.notes.length === 1)).notes[0];
    expect(await owner.send({ type: "mark_action", note: note.id, action: true })).toEqual({ ok: true });
    const project = await listen(team.projectId, team.cookies.read!);
    expect(await owner.send({ type: "export_actions" })).toEqual({ ok: true });
    const changed = await project.waitFor((m) => m.type === "tasks_changed");
    const taskId = (changed as { tasks: string[] }).tasks[0]!;
    const task = await call("GET", `${base(team.projectId)}/issue/${taskId}`, { cookie: team.cookies.read });
    const value = (slug: string) => task.json.custom_fields.find((v: { slug: string }) => v.slug === slug)?.value;
    expect(value("title")).toBe("Write release notes");
    expect(value("sprint")).toBe(sprint);
    expect(value("description")).toContain(`/room/retro/${room.guid}`);
    expect(await owner.send({ type: "export_actions" })).toEqual({ ok: false, code: "nothing_to_export" });
  });
});

describe("room sockets", () => {
  it("refuses a socket without a session or ticket, from an outsider, from a foreign page, or for an unknown room", async () => {
    const team = await buildTeam();
    const room = await pokerRoom(team);
    expect((await openRoom(room.guid, undefined)).status).toBe(401);
    expect((await openRoom(room.guid, team.cookies.outsider)).status).toBe(403);
    expect((await openRoom(room.guid, team.cookies.unverified)).status).toBe(403);
    expect((await openRoom(room.guid, team.cookies.write, { origin: "https://evil.example" })).status).toBe(403);
    expect((await openRoom(crypto.randomUUID(), team.cookies.write)).status).toBe(404);
    expect((await openRoom(room.guid, "room_ticket_x=forged")).status).toBe(401);
  });

  it("sends each person only their own card before the flip, and everyone every card at once on the flip", async () => {
    const team = await buildTeam();
    const deck = await call("POST", `${base(team.projectId)}/valmethod`, { cookie: team.cookies.write, body: { name: "Odd", cards: [{ label: "alpha7", value: 7 }, { label: "beta9", value: 9 }] } });
    const room = await pokerRoom(team, deck.json.guid);
    const task = await newTask(team.projectId, team.cookies.write, "Secret");
    await openToGuests(team, room.guid);
    const owner = await openRoom(room.guid, team.cookies.write);
    const member = await openRoom(room.guid, team.cookies.root);
    const guest = await guestJoins(room.guid, "Gus");
    const guestSocket = await openRoom(room.guid, guest.cookie);
    await owner.waitFor((v) => v.participants.filter((p: { present: boolean }) => p.present).length === 3, "three present");
    expect(await owner.send({ type: "add_issues", issues: [{ id: task.guid, title: "Secret", description: "" }] })).toEqual({ ok: true });
    expect(await owner.send({ type: "pick", issue: task.guid })).toEqual({ ok: true });
    expect(await member.send({ type: "vote", issue: task.guid, card: "alpha7" })).toEqual({ ok: true });
    expect(await guestSocket.send({ type: "vote", issue: task.guid, card: "beta9" })).toEqual({ ok: true });
    await owner.waitFor((v) => v.rounds[task.guid].voted.length === 2, "two voted");
    // No frame to anyone but the voter ever carried a card before the flip.
    expect(owner.frames.join("").includes("alpha7\"}")).toBe(false);
    for (const frame of [...owner.frames, ...guestSocket.frames]) expect(frame.includes('"alpha7"') && !frame.includes('"cards"')).toBe(false);
    expect(member.view().rounds[task.guid].mine).toBe("alpha7");
    expect(guestSocket.view().rounds[task.guid]).toMatchObject({ votes: null, mine: "beta9" });

    expect(await owner.send({ type: "flip" })).toEqual({ ok: true });
    for (const socket of [owner, member, guestSocket]) {
      const v = await socket.waitFor((view) => view.rounds[task.guid].revealed, "the flip");
      expect(v.rounds[task.guid].votes).toEqual({ [team.users.root.id]: "alpha7", [guest.member]: "beta9" });
    }
    // The flip is one frame: no socket saw a revealed round with only some of the votes.
    const flipFrames = guestSocket.parsed.filter((f) => f.type === "patch" && f.ops.some((op) => op.p.at(-1) === "revealed" && "v" in op && op.v === true));
    expect(flipFrames).toHaveLength(1);
    expect(JSON.stringify(flipFrames[0])).toContain("alpha7");
    expect(JSON.stringify(flipFrames[0])).toContain("beta9");
    for (const socket of [owner, member, guestSocket]) expect(socket.gaps()).toBe(0);
  });

  it("refuses oversize, malformed and read-only messages without affecting anyone else", async () => {
    const team = await buildTeam();
    const room = await pokerRoom(team);
    const owner = await openRoom(room.guid, team.cookies.write);
    const reader = await openRoom(room.guid, team.cookies.read);
    await openToGuests(team, room.guid);
    const watcher = await guestJoins(room.guid, "Walt", true);
    const watcherSocket = await openRoom(room.guid, watcher.cookie);
    await owner.waitFor((v) => v.participants.filter((p: { present: boolean }) => p.present).length === 3);
    const seqBefore = owner.seq();
    owner.raw("x".repeat(20_000));
    owner.raw("{not json");
    expect(await owner.send({ type: "vote", issue: "t", card: "1", extra: true })).toEqual({ ok: false, code: "malformed" });
    expect(await owner.send({ type: "launch_rockets" })).toEqual({ ok: false, code: "malformed" });
    expect(await reader.send({ type: "set_auto_flip", enabled: true })).toEqual({ ok: false, code: "read_only" });
    expect(await watcherSocket.send({ type: "set_role", role: "voter" })).toEqual({ ok: false, code: "read_only" });
    expect(owner.parsed).toContainEqual({ type: "error", code: "too_large" });
    expect(owner.parsed).toContainEqual({ type: "error", code: "malformed" });
    expect(owner.seq()).toBe(seqBefore);
    expect(await owner.send({ type: "set_auto_flip", enabled: true })).toEqual({ ok: true });
    await reader.waitFor((v) => v.autoFlip === true, "the reader to hear the change");
    await watcherSocket.waitFor((v) => v.autoFlip === true, "the watcher to hear the change");
  });

  it("keeps every acknowledged vote when the object is evicted mid-round, and a reconnect restores the full state", async () => {
    const team = await buildTeam();
    const room = await pokerRoom(team);
    const task = await newTask(team.projectId, team.cookies.write, "Evicted");
    const owner = await openRoom(room.guid, team.cookies.write);
    const member = await openRoom(room.guid, team.cookies.root);
    await owner.send({ type: "add_issues", issues: [{ id: task.guid, title: "Evicted", description: "" }] });
    await owner.send({ type: "pick", issue: task.guid });
    // Enough changes to pass a compaction of the log into the stored state.
    for (let i = 0; i < 210; i++) expect(await member.send({ type: "vote", issue: task.guid, card: i % 2 ? "3" : "5" })).toEqual({ ok: true });
    expect(await owner.send({ type: "vote", issue: task.guid, card: "13" })).toEqual({ ok: true });
    const seq = owner.seq();
    const stub = await roomStub(workerEnv, room.guid);
    await evictDurableObject(stub);
    // A fresh socket gets the state read back from the object's storage.
    const back = await openRoom(room.guid, team.cookies.write);
    const view = await back.waitFor((v) => v.rounds[task.guid] !== undefined);
    expect(back.seq()).toBeGreaterThanOrEqual(seq);
    expect(view.rounds[task.guid]).toMatchObject({ revealed: false, mine: "13" });
    expect(view.rounds[task.guid].voted.sort()).toEqual([team.users.root.id, team.users.write.id].sort());
    const memberBack = await openRoom(room.guid, team.cookies.root);
    expect((await memberBack.waitFor((v) => v.rounds[task.guid] !== undefined)).rounds[task.guid].mine).toBe("3");
    // Hibernated sockets outlive the eviction: the old one still talks to the woken object.
    expect(await owner.send({ type: "flip" })).toEqual({ ok: true });
    const flipped = await memberBack.waitFor((v) => v.rounds[task.guid].revealed);
    await back.waitFor((v) => v.rounds[task.guid].revealed);
    expect(flipped.rounds[task.guid].votes).toEqual({ [team.users.root.id]: "3", [team.users.write.id]: "13" });
  }, 30_000);

  it("marks people present while a socket is open and absent once their last socket closes", async () => {
    const team = await buildTeam();
    const room = await pokerRoom(team);
    const owner = await openRoom(room.guid, team.cookies.write);
    const tabA = await openRoom(room.guid, team.cookies.root);
    const tabB = await openRoom(room.guid, team.cookies.root);
    const present = (v: { participants: { id: string; present: boolean }[] }) => v.participants.find((p) => p.id === team.users.root.id)?.present;
    await owner.waitFor((v) => present(v) === true);
    tabA.close();
    await new Promise((r) => setTimeout(r, 200));
    expect(present(owner.view())).toBe(true);
    tabB.close();
    await owner.waitFor((v) => present(v) === false, "the member to be marked absent");
  });

  it("keeps the timer as the object's alarm", async () => {
    const team = await buildTeam();
    const room = await pokerRoom(team);
    const owner = await openRoom(room.guid, team.cookies.write);
    const started = Date.now();
    expect((await call("POST", `/api/v1/rooms/${room.guid}/timer`, { cookie: team.cookies.write, body: { seconds: 90 } })).status).toBe(200);
    expect((await call("POST", `/api/v1/rooms/${room.guid}/timer`, { cookie: team.cookies.write, body: { seconds: 2 } })).json.code).toBe("room_timer_invalid");
    const view = await owner.waitFor((v) => v.timerEndsAt !== null);
    expect(view.timerEndsAt).toBeGreaterThanOrEqual(started + 90_000);
    const stub = await roomStub(workerEnv, room.guid);
    const alarm = await runInDurableObject(stub, async (_instance, state) => state.storage.getAlarm());
    expect(alarm).toBe(view.timerEndsAt);
    expect((await call("DELETE", `/api/v1/rooms/${room.guid}/timer`, { cookie: team.cookies.write })).status).toBe(204);
    await owner.waitFor((v) => v.timerEndsAt === null);
    for (let i = 0; i < 50 && (await runInDurableObject(stub, async (_i, state) => state.storage.getAlarm())) !== null; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await runInDurableObject(stub, async (_i, state) => state.storage.getAlarm())).toBeNull();
  });
});

describe("room changes sent close together", () => {
  it("sends changes that arrive close together as one frame per socket, in order, each ack after the frame that carries it", async () => {
    const team = await buildTeam();
    const res = await call("POST", `${base(team.projectId)}/rooms`, { cookie: team.cookies.write, body: { kind: "retro", title: "Burst", method: "mad_sad_glad" } });
    const writer = await openRoom(res.json.guid, team.cookies.write);
    await joinRoom(res.json.guid, team.cookies.root);
    const listener = await openRoom(res.json.guid, team.cookies.root);
    await writer.waitFor(() => true, "the writer's state");
    await listener.waitFor(() => true, "the listener's state");
    const before = listener.parsed.length;
    const count = 20;
    for (let i = 0; i < count; i++) writer.raw(JSON.stringify({ type: "add_note", column: "mad", text: `Note ${i}`, ref: `burst-${i}` }));
    const notes = await listener.waitFor((v) => v.notes.length === count, "every note");
    expect(notes.notes.map((n: { text: string }) => n.text).sort()).toEqual(Array.from({ length: count }, (_, i) => `Note ${i}`).sort());
    const patches = listener.parsed.slice(before).filter((f) => f.type === "patch");
    expect(patches.length).toBeLessThan(count);
    expect(patches.some((f) => f.type === "patch" && f.from !== undefined && f.from < f.seq)).toBe(true);
    expect(listener.gaps()).toBe(0);
    // Every ack reaches the writer after the patch that carries its change, never before it.
    await writer.waitFor(() => writer.parsed.filter((f) => f.type === "ack").length === count, "every ack");
    for (let i = 0; i < count; i++) {
      const at = writer.parsed.findIndex((f) => f.type === "ack" && f.ref === `burst-${i}`);
      const ack = writer.parsed[at] as { seq: number };
      expect(writer.parsed.slice(0, at).some((f) => f.type === "patch" && f.seq >= ack.seq)).toBe(true);
    }
    expect(writer.gaps()).toBe(0);
  });

  it("keeps a socket in step across a change with nothing public to show (a hidden re-vote)", async () => {
    const team = await buildTeam();
    const room = await pokerRoom(team);
    const task = await newTask(team.projectId, team.cookies.write, "Quiet");
    const owner = await openRoom(room.guid, team.cookies.write);
    const member = await openRoom(room.guid, team.cookies.root);
    await owner.waitFor((v) => v.participants.filter((p: { present: boolean }) => p.present).length === 2, "both present");
    expect(await owner.send({ type: "add_issues", issues: [{ id: task.guid, title: "Quiet", description: "" }] })).toEqual({ ok: true });
    expect(await owner.send({ type: "pick", issue: task.guid })).toEqual({ ok: true });
    expect(await member.send({ type: "vote", issue: task.guid, card: "3" })).toEqual({ ok: true });
    await owner.waitFor((v) => v.rounds[task.guid]?.voted.length === 1, "the vote");
    const syncsBefore = owner.frames.filter((f) => f.includes('"type":"state"')).length;
    // Changing a hidden card changes nothing the others see; the next change must still fit.
    expect(await member.send({ type: "vote", issue: task.guid, card: "5" })).toEqual({ ok: true });
    expect(await owner.send({ type: "add_issues", issues: [{ id: crypto.randomUUID(), title: "Next", description: "" }] })).toEqual({ ok: true });
    await owner.waitFor((v) => v.queue.length === 2, "the second issue");
    expect(owner.gaps()).toBe(0);
    expect(owner.frames.filter((f) => f.includes('"type":"state"')).length).toBe(syncsBefore);
    expect(member.view().rounds[task.guid].mine).toBe("5");
  });
});

type FakeSeatedRoom = { onMessage(c: unknown, raw: string): void; fanOut: { flush(): void; nextFrame: number; lastFrameAt: number }; written(): Promise<void> };

/**
 * A new retro room's object with one fake socket seated as the owner, which records what it is
 * sent; `act(room, heard, logged)` runs inside the object. `logged()` lists the seqs written.
 */
async function inRoomWithFakeSocket<T>(act: (room: FakeSeatedRoom, heard: { type: string; ref?: string; seq?: number }[], logged: () => number[]) => T): Promise<T> {
  const team = await buildTeam();
  const res = await call("POST", `${base(team.projectId)}/rooms`, { cookie: team.cookies.write, body: { kind: "retro", title: "Batched", method: "mad_sad_glad" } });
  expect(res.status, res.text).toBe(201);
  const stub = await roomStub(workerEnv, res.json.guid);
  return runInDurableObject(stub, async (instance, state) => {
    const heard: { type: string; ref?: string; seq?: number }[] = [];
    const seat = { member: res.json.owner as string, name: "Owner", readOnly: false, role: "voter" };
    const socket = { id: "fake", readyState: WebSocket.OPEN, state: seat, setState: () => seat, send: (f: string) => heard.push(JSON.parse(f)), close() {} };
    const room = instance as unknown as FakeSeatedRoom;
    const logged = () => state.storage.sql.exec<{ seq: number }>("SELECT seq FROM room_log ORDER BY seq").toArray().map((r) => r.seq);
    // Resolves once the last frame's write is durable and the broadcast has sent what waited on it.
    const written = async () => {
      await state.storage.sync();
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    return act({ onMessage: (_c, raw) => room.onMessage(socket, raw), fanOut: room.fanOut, written }, heard, logged);
  });
}

describe("room log written per coalescing window", () => {
  it("writes a socket's change before its ack leaves, and writes the changes of one window together", async () => {
    const result = await inRoomWithFakeSocket((room, heard, logged) => {
      const before = logged().length;
      // A window that has just begun (set so, since a loaded machine's clock could end it between two frames).
      room.fanOut.nextFrame = Date.now() + 60_000;
      for (let i = 0; i < 3; i++) room.onMessage(null, JSON.stringify({ type: "add_note", column: "mad", text: `Note ${i}`, ref: `w${i}` }));
      const acksInWindow = heard.filter((f) => f.type === "ack").map((f) => f.ref);
      const loggedInWindow = logged().length - before;
      room.fanOut.flush();
      return { acksInWindow, loggedInWindow, acks: heard.filter((f) => f.type === "ack"), logged: logged().length - before };
    });
    expect(result.acksInWindow).toEqual([]);
    expect(result.loggedInWindow).toBe(0);
    expect(result.logged).toBe(3);
    expect(result.acks.map((a) => a.ref)).toEqual(["w0", "w1", "w2"]);
  });

  it("holds a change 15 ms after the last frame in a room of 200 sockets, and sends it at once in a room of 50", async () => {
    // The object's clock stands still between the lines below, so the gaps are exact.
    const held = await inRoomWithFakeSocket(async (room, heard) => {
      const gaps = [];
      for (const [audience, ref] of [[200, "big"], [50, "small"]] as const) {
        room.fanOut.flush();
        await room.written();
        // The last frame went to `audience` sockets 15 ms ago, a window after the one before it (a busy room).
        const window = coalesceWindow(audience);
        room.fanOut.lastFrameAt = Date.now() - 15;
        room.fanOut.nextFrame = nextFrameAt(room.fanOut.lastFrameAt, room.fanOut.lastFrameAt - window, window);
        room.onMessage(null, JSON.stringify({ type: "add_note", column: "mad", text: `In a room of ${audience}`, ref }));
        gaps.push({ audience, acked: heard.some((f) => f.type === "ack" && f.ref === ref) });
      }
      room.fanOut.flush();
      return gaps;
    });
    expect(held).toEqual([
      { audience: 200, acked: false },
      { audience: 50, acked: true },
    ]);
  });

  it("holds what comes while the last frame's write is under way, and writes and sends it together once that write is durable", async () => {
    const result = await inRoomWithFakeSocket(async (room, heard, logged) => {
      room.fanOut.flush();
      await room.written();
      const note = (ref: string) => room.onMessage(null, JSON.stringify({ type: "add_note", column: "mad", text: `Note ${ref}`, ref }));
      const acked = () => heard.filter((f) => f.type === "ack").map((f) => f.ref);
      // After a quiet spell the first change goes out at once; its write is then under way.
      room.fanOut.lastFrameAt = room.fanOut.nextFrame = Date.now() - 60_000;
      const start = logged().length;
      note("first");
      const ackedAtOnce = acked();
      // No window follows a frame that ended a silence: only that write holds the next two.
      note("second");
      note("third");
      const whileWriting = { acked: acked(), logged: logged().length - start };
      await room.written();
      return { ackedAtOnce, whileWriting, acked: acked(), logged: logged().length - start };
    });
    expect(result.ackedAtOnce).toEqual(["first"]);
    expect(result.whileWriting).toEqual({ acked: ["first"], logged: 1 });
    expect(result.acked).toEqual(["first", "second", "third"]);
    expect(result.logged).toBe(3);
  });
});

describe("room messages sent twice", () => {
  it("applies a frame re-sent with the same ref once and answers it again", async () => {
    const team = await buildTeam();
    const res = await call("POST", `${base(team.projectId)}/rooms`, { cookie: team.cookies.write, body: { kind: "retro", title: "Dedupe", method: "mad_sad_glad" } });
    const socket = await openRoom(res.json.guid, team.cookies.write);
    await socket.waitFor(() => true);
    const frame = JSON.stringify({ type: "add_note", column: "mad", text: "Flaky CI", ref: "same-ref" });
    socket.raw(frame);
    socket.raw(frame);
    await new Promise((r) => setTimeout(r, 300));
    expect(socket.parsed.filter((f) => f.type === "ack" && f.ref === "same-ref")).toHaveLength(2);
    expect(socket.view().notes).toHaveLength(1);
  });
});

describe("room access lost", () => {
  it("closes the room sockets of someone removed from the project", async () => {
    const team = await buildTeam();
    const room = await pokerRoom(team);
    const member = await openRoom(room.guid, team.cookies.read);
    await member.waitFor(() => true);
    const removed = await call("DELETE", `${base(team.projectId)}/access/${team.users.read.accessGuid}`, { cookie: team.cookies.root });
    expect(removed.status, removed.text).toBeLessThan(300);
    expect(await member.closedWith()).toBe(4003);
    expect((await openRoom(room.guid, team.cookies.read)).status).toBe(403);
  });
});
