/**
 * The import rules of docs/architecture.md, checked on every run: no import circle among the
 * layers, `domain/` imports nothing above it, Durable Objects reach the Worker only through
 * `Env` and the object host, pages never import an object, and no drizzle under `app/` (pages
 * call services).
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { circles, type ModuleGraph, moduleGraph } from "./module-graph";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const LAYERS = ["app", "domain", "workers", "durable-objects"];

/**
 * Files under `app/` allowed to import drizzle: none. Page data is read by one service function
 * per page (`workers/services/pages/`). Kept as a list so an exception, if ever needed, is named.
 */
export const DRIZZLE_IN_APP_ALLOWED: readonly string[] = [];

/** Import circles allowed: none (the fields ↔ workflows circle was untied by the fields split). */
export const CIRCLES_ALLOWED: readonly (readonly string[])[] = [];

/** What `durable-objects/` may import from `workers/`: the bindings' type, nothing that runs. */
const OBJECT_MAY_IMPORT_FROM_WORKERS = ["workers/env.ts"];

const layerOf = (file: string) => file.split("/")[0]!;
const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Every broken rule of `graph`, one line each (empty when the house is in order). */
export function violations(graph: ModuleGraph, allowed = { drizzle: DRIZZLE_IN_APP_ALLOWED, circles: CIRCLES_ALLOWED }): string[] {
  const found: string[] = [];
  for (const circle of circles(graph)) {
    if (!allowed.circles.some((c) => same([...c].sort(), circle))) found.push(`import circle: ${circle.join(" ↔ ")}`);
  }
  for (const [file, targets] of graph.files) {
    const layer = layerOf(file);
    for (const target of targets) {
      const to = layerOf(target);
      // Data files (locales under public/) are not a layer.
      if (layer === "domain" && LAYERS.includes(to) && to !== "domain") found.push(`domain imports another layer: ${file} → ${target}`);
      if (layer === "domain" && to === "tests") found.push(`domain imports a test fixture: ${file} → ${target}`);
      if (layer === "app" && to === "durable-objects") found.push(`a page imports a Durable Object (speak domain/wire): ${file} → ${target}`);
      if (layer === "app" && target.startsWith("workers/db/") && !allowed.drizzle.includes(file)) {
        found.push(`the database under app/ (call a page service in workers/services/pages/): ${file} → ${target}`);
      }
      if (layer === "durable-objects" && to === "workers" && !OBJECT_MAY_IMPORT_FROM_WORKERS.includes(target)) {
        found.push(`a Durable Object imports the Worker (use durable-objects/host.ts): ${file} → ${target}`);
      }
    }
  }
  for (const [file, names] of graph.packages) {
    if (layerOf(file) !== "app" || allowed.drizzle.includes(file)) continue;
    for (const name of names) if (name === "drizzle-orm" || name.startsWith("drizzle-orm/")) found.push(`drizzle under app/ (call a service in workers/services/): ${file} imports ${name}`);
  }
  return found;
}

describe("import rules", () => {
  const graph = moduleGraph(ROOT, LAYERS);

  it("reads every layer's sources", () => {
    for (const layer of LAYERS) expect([...graph.files.keys()].some((f) => f.startsWith(`${layer}/`)), layer).toBe(true);
    expect(graph.files.get("workers/app.ts")).toContain("workers/sockets.ts");
  });

  it("finds no import circle, no import from domain/ upwards, no object importing the Worker, no page importing an object and no drizzle under app/", () => {
    expect(violations(graph)).toEqual([]);
  });

  it("keeps the allow-lists honest: every file listed still breaks the rule it is excused from", () => {
    for (const file of DRIZZLE_IN_APP_ALLOWED) {
      expect(graph.packages.get(file)?.some((n) => n.startsWith("drizzle-orm")), `${file} no longer imports drizzle: remove it from the list`).toBe(true);
    }
    const present = circles(graph);
    for (const circle of CIRCLES_ALLOWED) expect(present.some((c) => same(c, [...circle].sort())), `${circle.join(" ↔ ")} is gone: remove it from the list`).toBe(true);
  });

  it("catches each kind of broken rule in a made-up graph", () => {
    const files = new Map<string, string[]>([
      ["domain/a.ts", ["workers/b.ts"]],
      ["workers/b.ts", ["durable-objects/c.ts"]],
      ["durable-objects/c.ts", ["workers/b.ts", "workers/env.ts"]],
      ["workers/env.ts", []],
      ["app/d.tsx", ["durable-objects/c.ts", "workers/db/client.ts"]],
      ["workers/db/client.ts", []],
    ]);
    const packages = new Map<string, string[]>([["app/d.tsx", ["drizzle-orm"]]]);
    const found = violations({ files, packages }, { drizzle: [], circles: [] });
    expect(found).toEqual([
      "import circle: durable-objects/c.ts ↔ workers/b.ts",
      "domain imports another layer: domain/a.ts → workers/b.ts",
      "a Durable Object imports the Worker (use durable-objects/host.ts): durable-objects/c.ts → workers/b.ts",
      "a page imports a Durable Object (speak domain/wire): app/d.tsx → durable-objects/c.ts",
      "the database under app/ (call a page service in workers/services/pages/): app/d.tsx → workers/db/client.ts",
      "drizzle under app/ (call a service in workers/services/): app/d.tsx imports drizzle-orm",
    ]);
  });
});
