/**
 * Regression tests for what the authorization matrix and the fuzzer (issue 20, "Proof") found:
 * answers of 500 to requests a client can send.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { Y_TEXT_FIELD } from "../../domain/docs/layout";
import { fieldDefinitions, sprints, users } from "../../workers/db/schema";
import { DEMO_USER_ID } from "../../workers/services/demo";
import { connectDoc, makeDoc, until } from "../fixtures/doc-client";
import { call } from "../fixtures/http";
import { expectProblem } from "../fixtures/problems";
import { buildTeam } from "../fixtures/projects";
import { base, newSprint } from "../fixtures/tasks";
import { createField } from "../fixtures/fields";
import { db } from "../fixtures/users";

const paragraph = (text: string) => {
  const p = new Y.XmlElement("paragraph");
  p.insert(0, [new Y.XmlText(text)]);
  return p;
};
const textOf = (doc: Y.Doc) => doc.getXmlFragment(Y_TEXT_FIELD).toString();

describe("changes that change nothing", () => {
  it("answers an empty field change with the field as it was, not a 500", async () => {
    const team = await buildTeam();
    const field = await createField(team.projectId, team.cookies.root!, { title: "Size", type_fields: "number" });
    const before = await db().select().from(fieldDefinitions).where(eq(fieldDefinitions.id, field.guid)).get();
    const res = await call("PUT", `${base(team.projectId)}/fields/${field.guid}`, { cookie: team.cookies.root, body: {} });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ guid: field.guid, title: "Size" });
    expect(await db().select().from(fieldDefinitions).where(eq(fieldDefinitions.id, field.guid)).get()).toEqual(before);
  });

  it("answers an empty sprint change with the sprint as it was, not a 500", async () => {
    const team = await buildTeam();
    const sprint = await newSprint(team.projectId, team.cookies.write, "Sprint 7");
    const before = await db().select().from(sprints).where(eq(sprints.id, sprint)).get();
    const res = await call("PUT", `${base(team.projectId)}/sprint/${sprint}`, { cookie: team.cookies.write, body: {} });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ guid: sprint, title: "Sprint 7" });
    expect(await db().select().from(sprints).where(eq(sprints.id, sprint)).get()).toEqual(before);
  });
});

describe("restoring a version of a blank document", () => {
  it("empties the document for every open editor instead of failing", async () => {
    const team = await buildTeam();
    const guid = await makeDoc(team.projectId);
    const path = `/api/v1/project/${team.projectId}/docs/${guid}`;
    const blank = await call("POST", `${path}/versions`, { cookie: team.cookies.write, body: { name: "Blank" } });
    expect(blank.status, blank.text).toBe(201);
    const writer = await (await connectDoc(guid, { cookie: team.cookies.write })).whenSynced();
    writer.doc.getXmlFragment(Y_TEXT_FIELD).insert(0, [paragraph("Written later")]);
    await until(() => writer.allSaved, "the edit to be saved");

    const restored = await call("POST", `${path}/versions/${blank.json.guid}/restore`, { cookie: team.cookies.write });
    expect(restored.status, restored.text).toBe(200);
    await until(() => textOf(writer.doc) === "", "the editor to follow the restore");
    const reader = await (await connectDoc(guid, { cookie: team.cookies.read })).whenSynced();
    expect(textOf(reader.doc)).toBe("");
    // The content before the restore is kept as a version.
    const before = await call("GET", `${path}/versions`, { cookie: team.cookies.read });
    expect(before.json.results[0]).toMatchObject({ guid: restored.json.before.guid, auto: true });
    writer.close();
    reader.close();
  });
});

describe("the benchmark seed", () => {
  it("answers 404 when the demo user has not been seeded, instead of a 500", async () => {
    await db().delete(users).where(eq(users.id, DEMO_USER_ID));
    expectProblem(await call("POST", "/api/dev/seed", { body: { tasks: 1, project: "Bench" } }), 404, "not_found");
  });
});
