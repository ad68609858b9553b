/**
 * Removing a participant with Undo (issue 15): while removed the person is out exactly as
 * before (every check refuses them); Undo within the hour puts back the same access — guid,
 * flags, list order, values on the team's fields — tells their open pages, and corrects the
 * `removed` notification; every other restore is refused with a translated problem and no change.
 */
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PARTICIPANT_RESTORE_MS } from "../../domain/projects/participant-trash";
import { fieldValues, invites, notifications, participantTrash } from "../../workers/db/schema";
import { purgeRemovedParticipants } from "../../workers/services/participant-trash";
import { createField } from "../fixtures/fields";
import { call } from "../fixtures/http";
import { hubOf } from "../fixtures/live";
import { tinyPlan } from "../fixtures/payments";
import { expectProblem } from "../fixtures/problems";
import { accessRow, buildTeam, type Team } from "../fixtures/projects";
import { db } from "../fixtures/users";

const project = (team: Team) => `/api/v1/project/${team.projectId}`;
const accessPath = (team: Team, who: "write" | "read") => `${project(team)}/access/${team.users[who].accessGuid}`;
const remove = (team: Team, who: "write" | "read") => call("DELETE", accessPath(team, who), { cookie: team.cookies.root });
// `as` names the caller explicitly: a default parameter would turn a guest's `undefined` into the root.
const restore = (team: Team, who: "write" | "read", options: { as?: string } = {}) =>
  call("POST", `${accessPath(team, who)}/restore`, { cookie: "as" in options ? options.as : team.cookies.root });
const trashOf = (team: Team) => db().select().from(participantTrash).where(eq(participantTrash.projectId, team.projectId));

async function waitFor<T>(list: T[], test: (item: T) => boolean): Promise<T> {
  for (let i = 0; i < 150; i++) {
    const found = list.find(test);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`not heard among ${JSON.stringify(list)}`);
}

afterEach(() => vi.useRealTimers());

describe("a removed participant", () => {
  it("is out while removed and comes back on Undo with the same access, values and order", async () => {
    const team = await buildTeam();
    const nickname = await createField(team.projectId, team.cookies.root!, { title: "Nickname", type_fields: "text", entities: [{ slug: "participant", permission: true }] });
    const set = await call("PUT", accessPath(team, "write"), { cookie: team.cookies.root, body: { custom_fields: [{ guid: nickname.guid, value: "Ace" }] } });
    expect(set.status, set.text).toBe(200);
    // The person's own place in their project list is part of their access row.
    expect((await call("PUT", project(team), { cookie: team.cookies.write, body: { sort: 7 } })).status).toBe(200);
    const before = await accessRow(team.users.write.accessGuid!);
    const seenBefore = (await call("GET", project(team), { cookie: team.cookies.root })).json;
    const valuesBefore = seenBefore.participants.results.find((p: { guid: string }) => p.guid === team.users.write.id).custom_fields;
    expect(valuesBefore).toContainEqual(expect.objectContaining({ guid: nickname.guid, value: "Ace" }));

    expect((await remove(team, "write")).status).toBe(204);
    expect(await accessRow(team.users.write.accessGuid!)).toBeUndefined();
    expectProblem(await call("GET", project(team), { cookie: team.cookies.write }), 403, "project_forbidden");
    expect((await call("GET", `${project(team)}/issue_backlog`, { cookie: team.cookies.write })).status).toBe(403);
    const seenRemoved = (await call("GET", project(team), { cookie: team.cookies.root })).json;
    expect(seenRemoved.participants.results.map((p: { guid: string }) => p.guid)).not.toContain(team.users.write.id);

    const hub = await hubOf(team.users.write.id, team.cookies.write!);
    const restored = await restore(team, "write");
    expect(restored.status, restored.text).toBe(200);
    expect(await accessRow(team.users.write.accessGuid!)).toEqual(before);
    expect(await trashOf(team)).toEqual([]);
    expect((await call("GET", project(team), { cookie: team.cookies.write })).status).toBe(200);
    const back = restored.json.participants.results.find((p: { guid: string }) => p.guid === team.users.write.id);
    expect(back.access_project).toEqual(seenBefore.participants.results.find((p: { guid: string }) => p.guid === team.users.write.id).access_project);
    expect(back.custom_fields).toEqual(valuesBefore);

    // Their open pages see the project again, and the `removed` notice is followed by the truth.
    const pushed = await waitFor(hub.heard, (m) => m.type === "update_project_access" && m.project.guid === team.projectId);
    expect(pushed).toMatchObject({ project: { access: { guid: team.users.write.accessGuid, write: true, root: false } }, participant: { guid: team.users.write.id } });
    hub.close();
    const told = await db().select().from(notifications).where(eq(notifications.userId, team.users.write.id));
    expect(told.filter((n) => n.projectId === team.projectId).map((n) => n.kind).sort()).toEqual(["removed", "restored"]);
  });

  it("refuses a restore by anyone but a verified root, and for another project's removal", async () => {
    const team = await buildTeam();
    const other = await buildTeam();
    await remove(team, "read");
    for (const who of ["write", "read", "unverified", "outsider"] as const) {
      expectProblem(await restore(team, "read", { as: team.cookies[who] }), 403, "project_forbidden");
    }
    expect((await restore(team, "read", { as: undefined })).status).toBe(401);
    // The other project's root asks through their own project for this project's removal.
    expectProblem(await call("POST", `${project(other)}/access/${team.users.read.accessGuid}/restore`, { cookie: other.cookies.root }), 404, "participant_removal_not_found");
    expect(await accessRow(team.users.read.accessGuid!)).toBeUndefined();
    expect(await trashOf(team)).toHaveLength(1);
    expect((await restore(team, "read")).status).toBe(200);
    // Undone once: a second Undo finds nothing.
    expectProblem(await restore(team, "read"), 404, "participant_removal_not_found");
  });

  it("refuses a restore after the hour, and the purge then forgets the removal and its values", async () => {
    const team = await buildTeam();
    const nickname = await createField(team.projectId, team.cookies.root!, { title: "Nickname", type_fields: "text", entities: [{ slug: "participant", permission: true }] });
    await call("PUT", accessPath(team, "read"), { cookie: team.cookies.root, body: { custom_fields: [{ guid: nickname.guid, value: "Ghost" }] } });
    await remove(team, "read");
    const removedAt = (await trashOf(team))[0]!.removedAt;
    const kept = () => db().select().from(fieldValues).where(eq(fieldValues.entityId, team.users.read.accessGuid!));

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(removedAt + PARTICIPANT_RESTORE_MS - 1000);
    await purgeRemovedParticipants(db());
    expect(await trashOf(team)).toHaveLength(1);
    vi.setSystemTime(removedAt + PARTICIPANT_RESTORE_MS);
    expectProblem(await restore(team, "read"), 404, "participant_removal_not_found");
    expect(await accessRow(team.users.read.accessGuid!)).toBeUndefined();
    expect(await kept()).toHaveLength(1);
    await purgeRemovedParticipants(db());
    expect(await trashOf(team)).toEqual([]);
    expect(await kept()).toEqual([]);
  });

  it("refuses a restore once the person joined again through a new invitation", async () => {
    const team = await buildTeam();
    await remove(team, "read");
    const invited = await call("POST", `${project(team)}/invite`, { cookie: team.cookies.root, body: [{ email: team.users.read.email, value: "member" }] });
    expect(invited.status, invited.text).toBe(201);
    const invite = (await db().select().from(invites).where(eq(invites.projectId, team.projectId)))[0]!;
    expect((await call("PUT", `/api/v1/project/invited/${invite.id}`, { cookie: team.cookies.read, body: { successfully: true } })).status).toBe(200);
    const rejoined = (await call("GET", project(team), { cookie: team.cookies.read })).json.access;

    expectProblem(await restore(team, "read"), 409, "participant_rejoined");
    expect(await accessRow(team.users.read.accessGuid!)).toBeUndefined();
    expect((await call("GET", project(team), { cookie: team.cookies.read })).json.access).toEqual(rejoined);
  });

  it("refuses a restore when the project's plan has no free seat", async () => {
    const team = await buildTeam();
    await remove(team, "read");
    // Root, writer and the unverified participant hold the plan's three seats.
    await tinyPlan(team.users.root.id, { participants: 3 });
    const refused = await restore(team, "read");
    expectProblem(refused, 403, "plan_limit_participants");
    expect(refused.headers.get("Link")).toContain("/price");
    expect(await accessRow(team.users.read.accessGuid!)).toBeUndefined();
    expect(await trashOf(team)).toHaveLength(1);
  });

  it("keeps leaving the project final: nothing to restore", async () => {
    const team = await buildTeam();
    expect((await call("DELETE", accessPath(team, "write"), { cookie: team.cookies.write })).status).toBe(204);
    expect(await trashOf(team)).toEqual([]);
    expectProblem(await restore(team, "write"), 404, "participant_removal_not_found");
  });
});
