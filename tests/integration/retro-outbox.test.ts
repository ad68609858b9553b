/**
 * Retro export through the room's outbox (issue 20): the export is stored with the change that
 * asked for it, delivered by the room's alarm until the task exists, and only then is the note
 * marked exported. A delivery that failed or was cut off survives the object's eviction, and a
 * retry never makes a second task.
 */
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { OutboxEntry } from "../../domain/wire/rpc";
import type { RoomEffects } from "../../durable-objects/room/effects";
import type { RoomServer } from "../../durable-objects/room/room-server";
import { fieldValues, tasks } from "../../workers/db/schema";
import type { Env } from "../../workers/env";
import { roomStub } from "../../workers/services/rooms";
import { call } from "../fixtures/http";
import { buildTeam, type Team } from "../fixtures/projects";
import { openRoom } from "../fixtures/rooms";
import { base, newSprint } from "../fixtures/tasks";
import { db } from "../fixtures/users";

const workerEnv = env as unknown as Env;

/** A retro room with one note marked as an action item, its facilitator's socket open. */
async function retroWithAction(team: Team, text: string) {
  const res = await call("POST", `${base(team.projectId)}/rooms`, { cookie: team.cookies.write, body: { kind: "retro", title: "Retro outbox", method: "start_stop_continue" } });
  expect(res.status, res.text).toBe(201);
  const room = res.json as { guid: string };
  const owner = await openRoom(room.guid, team.cookies.write);
  expect(await owner.send({ type: "add_note", column: "start", text })).toEqual({ ok: true });
  const note = (await owner.waitFor((v) => v.notes.length === 1)).notes[0];
  expect(await owner.send({ type: "mark_action", note: note.id, action: true })).toEqual({ ok: true });
  const stub = await roomStub(workerEnv, room.guid);
  return { room, owner, note: note.id as string, stub };
}

/** Tasks of the project whose title is `title`. */
async function tasksTitled(projectId: string, title: string) {
  const rows = await db().select({ id: tasks.id, value: fieldValues.value }).from(tasks).innerJoin(fieldValues, eq(fieldValues.entityId, tasks.id)).where(eq(tasks.projectId, projectId));
  return rows.filter((r) => r.value === JSON.stringify(title)).map((r) => r.id);
}

/** Replaces the room's effects for this instance only (an eviction brings the real ones back). */
async function withEffects(stub: DurableObjectStub, make: (real: RoomEffects) => RoomEffects) {
  await runInDurableObject(stub, async (instance: RoomServer) => {
    instance.effects = make(instance.effects);
  });
}

/** Holds every delivery of action items until the returned `release` is called. */
async function holdDeliveries(stub: DurableObjectStub): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await withEffects(stub, (real) => ({
    ...real,
    deliverActionItem: async (room, meta, entry) => {
      await gate;
      return real.deliverActionItem(room, meta, entry);
    },
  }));
  return release;
}

const outboxOf = (stub: DurableObjectStub) => runInDurableObject(stub, async (instance: RoomServer) => instance.outbox());
const noteOf = async (stub: DurableObjectStub, member: string, note: string) => {
  const seen = await runInDurableObject(stub, async (instance: RoomServer) => instance.viewOf(member));
  return (seen!.view as { notes: { id: string; exported: boolean; exporting?: boolean }[] }).notes.find((n) => n.id === note)!;
};

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, ms = 4000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** "The backoff has passed": makes every waiting entry due now. */
const makeDue = (stub: DurableObjectStub) =>
  runInDurableObject(stub, async (_instance, state) => {
    state.storage.sql.exec("UPDATE room_outbox SET due = 0");
  });

describe("retro export through the room's outbox", () => {
  it("writes the export to the outbox with the change and marks the note exported only once its task exists", async () => {
    const team = await buildTeam();
    const sprint = await newSprint(team.projectId, team.cookies.write, "Next");
    const { owner, note, stub } = await retroWithAction(team, "Automate the changelog");
    const release = await holdDeliveries(stub);
    expect(await owner.send({ type: "export_actions" })).toEqual({ ok: true });
    const [entry] = await until(() => outboxOf(stub), (o) => o.length === 1, "the outbox entry");
    expect(entry).toMatchObject({ note, text: "Automate the changelog", attempts: 0 });
    // While the task does not exist yet, the note is not exported and cannot be exported twice.
    expect(await noteOf(stub, team.users.write.id, note)).toMatchObject({ exported: false, exporting: true });
    expect(await owner.send({ type: "export_actions" })).toEqual({ ok: false, code: "nothing_to_export" });
    expect(await tasksTitled(team.projectId, "Automate the changelog")).toEqual([]);
    release();
    await owner.waitFor((v) => v.notes[0].exported === true, "the note to be exported");
    expect(await tasksTitled(team.projectId, "Automate the changelog")).toEqual([entry!.task]);
    expect(await outboxOf(stub)).toEqual([]);
    const task = await call("GET", `${base(team.projectId)}/issue/${entry!.task}`, { cookie: team.cookies.read });
    expect(task.json.custom_fields.find((v: { slug: string }) => v.slug === "sprint")?.value).toBe(sprint);
  });

  it("keeps a failed delivery across an eviction and delivers it after the restart", async () => {
    const team = await buildTeam();
    const { owner, note, stub } = await retroWithAction(team, "Pin the CI image");
    await withEffects(stub, (real) => ({
      ...real,
      deliverActionItem: async () => {
        throw new Error("D1 unreachable");
      },
    }));
    expect(await owner.send({ type: "export_actions" })).toEqual({ ok: true });
    const [failed] = await until(() => outboxOf(stub), (o) => o[0]?.attempts === 1, "the first failed attempt");
    // Retried later, with a pause, and the alarm is set for it.
    expect(failed!.due).toBeGreaterThan(Date.now());
    expect(await runInDurableObject(stub, async (_i, state) => state.storage.getAlarm())).toBe(failed!.due);
    expect(await tasksTitled(team.projectId, "Pin the CI image")).toEqual([]);
    expect(await noteOf(stub, team.users.write.id, note)).toMatchObject({ exported: false });

    await evictDurableObject(stub);
    expect(await outboxOf(stub)).toEqual([failed]);
    await makeDue(stub);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await tasksTitled(team.projectId, "Pin the CI image")).toEqual([failed!.task]);
    expect(await noteOf(stub, team.users.write.id, note)).toMatchObject({ exported: true, exporting: false });
    expect(await outboxOf(stub)).toEqual([]);
  });

  it("makes no second task when the object was cut off after the task was written", async () => {
    const team = await buildTeam();
    const { owner, note, stub } = await retroWithAction(team, "Rotate the on-call");
    // The task is written to D1, then the object dies before it can mark the note.
    await withEffects(stub, (real) => ({
      ...real,
      deliverActionItem: async (room, meta, entry: OutboxEntry) => {
        await real.deliverActionItem(room, meta, entry);
        throw new Error("evicted mid-delivery");
      },
    }));
    expect(await owner.send({ type: "export_actions" })).toEqual({ ok: true });
    const [entry] = await until(() => outboxOf(stub), (o) => o[0]?.attempts === 1, "the interrupted attempt");
    expect(await tasksTitled(team.projectId, "Rotate the on-call")).toEqual([entry!.task]);

    await evictDurableObject(stub);
    await makeDue(stub);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await tasksTitled(team.projectId, "Rotate the on-call")).toEqual([entry!.task]);
    expect(await noteOf(stub, team.users.write.id, note)).toMatchObject({ exported: true });
    expect(await outboxOf(stub)).toEqual([]);
  });

  it("gives an export refused for lost write access back to the room: no task, the note not exported", async () => {
    const team = await buildTeam();
    const { owner, note, stub } = await retroWithAction(team, "Share the retro notes");
    const release = await holdDeliveries(stub);
    expect(await owner.send({ type: "export_actions" })).toEqual({ ok: true });
    await until(() => outboxOf(stub), (o) => o.length === 1, "the outbox entry");
    // The facilitator loses write access before the delivery: the outbox checks it again.
    const demoted = await call("PUT", `${base(team.projectId)}/access/${team.users.write.accessGuid}`, { cookie: team.cookies.root, body: { write: false, read: true } });
    expect(demoted.status, demoted.text).toBe(200);
    release();
    await until(() => noteOf(stub, team.users.write.id, note), (n) => n.exporting === false, "the export to be given back");
    expect(await noteOf(stub, team.users.write.id, note)).toMatchObject({ exported: false });
    expect(await outboxOf(stub)).toEqual([]);
    expect(await tasksTitled(team.projectId, "Share the retro notes")).toEqual([]);
  });

  it("shares the alarm with the poker countdown: an early alarm neither ends it nor drops it", async () => {
    const team = await buildTeam();
    const res = await call("POST", `${base(team.projectId)}/rooms`, { cookie: team.cookies.write, body: { kind: "poker", title: "Timer", method: "fibonacci" } });
    const room = res.json as { guid: string };
    const owner = await openRoom(room.guid, team.cookies.write);
    expect((await call("POST", `/api/v1/rooms/${room.guid}/timer`, { cookie: team.cookies.write, body: { seconds: 60 } })).status).toBe(200);
    const view = await owner.waitFor((v) => v.timerEndsAt !== null);
    const stub = await roomStub(workerEnv, room.guid);
    expect(await until(() => runInDurableObject(stub, async (_i, state) => state.storage.getAlarm()), (a) => a === view.timerEndsAt, "the alarm")).toBe(view.timerEndsAt);
    // An early alarm (e.g. one set for the outbox) does not end the countdown.
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await owner.waitFor(() => true)).timerEndsAt).toBe(view.timerEndsAt);
    expect(await runInDurableObject(stub, async (_i, state) => state.storage.getAlarm())).toBe(view.timerEndsAt);
  });
});
