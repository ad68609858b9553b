/** The OpenAPI document describes exactly the routes the Hono app serves, from the handlers' own schemas. */
import { describe, expect, it } from "vitest";
import { signInBody } from "../../domain/auth/schemas";
import { createTaskBody } from "../../domain/planning/schemas";
import { api } from "../../workers/api";
import { operations } from "../../workers/api/openapi/operations";
import { ACCESS_LEVELS, openApiPath, operationId, pathParams } from "../../workers/api/openapi/registry";
import { call } from "../fixtures/http";

/** `METHOD /path` of every handler the app registered (middleware entries are `ALL`). */
function servedRoutes(): Set<string> {
  const out = new Set<string>();
  for (const route of api.routes) {
    if (route.method === "ALL") continue;
    out.add(`${route.method} ${route.path.replace(/^\/api/, "")}`);
  }
  return out;
}

const described = () => new Set(operations.map((op) => `${op.method.toUpperCase()} ${op.path}`));

describe("the OpenAPI document", () => {
  it("describes every route the API serves", () => {
    const missing = [...servedRoutes()].filter((r) => !described().has(r));
    expect(missing, "routes served but not in workers/api/openapi").toEqual([]);
  });

  it("describes no operation the API does not serve", () => {
    const served = servedRoutes();
    const extra = [...described()].filter((r) => !served.has(r));
    expect(extra, "operations described but not served").toEqual([]);
  });

  it("lists each operation once, with a known access level and its path's parameters", () => {
    const keys = operations.map((op) => `${op.method} ${op.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(operations.map(operationId)).size).toBe(operations.length);
    for (const op of operations) expect(Object.keys(ACCESS_LEVELS)).toContain(op.access);
  });

  it("is served at /api/openapi.json as OpenAPI 3.1 with every operation", async () => {
    const res = await call("GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    const doc = res.json;
    expect(doc.openapi).toBe("3.1.0");
    let count = 0;
    for (const op of operations) {
      const item = doc.paths[openApiPath(op.path)]?.[op.method];
      expect(item, `${op.method} ${op.path}`).toBeDefined();
      expect(item["x-access"]).toBe(op.access);
      expect(item.parameters?.filter((p: { in: string }) => p.in === "path").map((p: { name: string }) => p.name) ?? []).toEqual(pathParams(op.path));
      expect(Object.keys(item.responses)).toContain(String(op.ok.status));
      count += 1;
    }
    expect(count).toBe(operations.length);
  });

  it("generates bodies from the very zod schemas the handlers validate with", async () => {
    const doc = (await call("GET", "/api/openapi.json")).json;
    const signIn = doc.paths["/v1/auth"].post.requestBody.content["application/json"].schema;
    expect(operations.find((op) => op.path === "/v1/auth")!.body!.json).toBe(signInBody);
    expect(signIn.required).toEqual(["email", "password"]);
    expect(signIn.properties.password.maxLength).toBe(128);
    expect(operations.find((op) => op.method === "post" && op.path === "/v1/project/:id/issue")!.body!.json).toBe(createTaskBody);
    const task = doc.paths["/v1/project/{id}/issue"].post.requestBody.content["application/json"].schema;
    expect(task.properties.custom_fields.minItems).toBe(1);
    expect(task.properties.custom_fields.maxItems).toBe(200);
  });

  it("names the refusals of an operation with their codes", async () => {
    const doc = (await call("GET", "/api/openapi.json")).json;
    const put = doc.paths["/v1/project/{id}/issue/{taskUid}"].put;
    expect(put.responses["401"]["x-error-codes"]).toEqual(["unauthorized"]);
    expect(put.responses["403"]["x-error-codes"]).toContain("project_forbidden");
    expect(put.responses["404"]["x-error-codes"]).toContain("task_not_found");
    expect(put.responses["400"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Problem" });
  });

  it("serves a reference page for people at /api/docs, without scripts", async () => {
    const res = await call("GET", "/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(res.text).not.toMatch(/<script/i);
    // A style attribute would be blocked by the page's own policy (hashes cover <style> only).
    expect(res.text).not.toMatch(/ style="/);
    expect(res.headers.get("Content-Security-Policy")).toMatch(/default-src 'none'; style-src 'sha256-/);
    for (const op of operations) expect(res.text).toContain(`id="${operationId(op)}"`);
    expect(res.text).toContain('<h2 id="tasks">Tasks</h2>');
  });
});
