import { describe, expect, it } from "vitest";
import { call } from "../fixtures/http";
import { signedIn } from "../fixtures/users";

describe("option edits at the same time", () => {
  it("keeps both edits when two people change different options of one field at once", async () => {
    const me = await signedIn();
    const { json: project } = await call("POST", "/api/v1/project", { cookie: me.cookie, body: { name: "Race" } });
    const { json: field } = await call("POST", `/api/v1/project/${project.guid}/fields`, {
      cookie: me.cookie,
      body: { title: "Size", type_fields: "select", settings: { values_set: [{ value: "S" }, { value: "M" }, { value: "L" }] } },
    });
    const [s, m, l] = field.settings.values_set.map((o: { guid: string }) => o.guid);
    const base = `/api/v1/project/${project.guid}/fields/${field.guid}/select`;
    const results = await Promise.all([
      call("PUT", `${base}/${s}`, { cookie: me.cookie, body: { value: "Small" } }),
      call("PUT", `${base}/${m}`, { cookie: me.cookie, body: { color: "#ef4444" } }),
      call("DELETE", `${base}/${l}`, { cookie: me.cookie }),
      call("POST", base, { cookie: me.cookie, body: { value: "XL", color: "#10b981" } }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 201]);
    const { json: options } = await call("GET", base, { cookie: me.cookie });
    expect(options.map((o: { value: string; color: string }) => [o.value, o.color])).toEqual([
      ["Small", "#64748b"],
      ["M", "#ef4444"],
      ["XL", "#10b981"],
    ]);
  });
});
