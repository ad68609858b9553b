/**
 * The client build's route manifest, as React Router writes it: which JavaScript a page loads
 * before it is interactive (the client entry, every route module of its match chain and their
 * static imports). The budgets read it, and journeys that must work without any later chunk.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface RouteEntry {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
}
export interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, RouteEntry>;
}

export const client = join(process.cwd(), "build", "client");

export function readManifest(): Manifest {
  const dir = join(client, "assets");
  const file = readdirSync(dir).find((name) => name.startsWith("manifest-") && name.endsWith(".js"));
  if (!file) throw new Error("no client build: run `react-router build` first");
  const source = readFileSync(join(dir, file), "utf8");
  return JSON.parse(source.replace(/^window\.__reactRouterManifest=/, "").replace(/;?\s*$/, "")) as Manifest;
}

export function entryFiles(manifest: Manifest, id: string): Set<string> {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (let route: RouteEntry | undefined = manifest.routes[id]; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) {
    files.add(route.module);
    for (const path of route.imports ?? []) files.add(path);
  }
  return files;
}
