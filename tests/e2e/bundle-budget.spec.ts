/**
 * Bundle budgets (DESIGN.md "Performance budgets", issue 17), read from the client build that
 * the journeys run against: the JavaScript a page loads before it is interactive is the client
 * entry plus every route module of its match chain and their static imports, gzipped. No
 * browser is needed; the test fails when a page outgrows its budget or an editor leaks into a
 * page's first JavaScript.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { gzipSync } from "node:zlib";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { client, entryFiles, readManifest } from "./build-manifest";
import { DEMO } from "./fixtures";

const KB = 1024;

/** Gzipped KB allowed per route id; every other route gets DEFAULT_BUDGET. */
const BUDGETS: Record<string, number> = {
  // The landing page is nearly static: the shell, the header and the quick-start form. React DOM
  // and React Router alone are about 105 KB of it; the signed-in header's tools are not (151 KB).
  // 152.8 KB once the quick-start form moved onto the kit's FormField and useApiForm. This is the
  // signed-in home's (and a client navigation's); a guest's `/` loads none of it (the next test).
  // 157.5 KB with the route layers (scripts/route-chunks.ts): small modules the signed-in pages
  // share with the public ones joined the root's layer, 38 files became 13. 158.1 KB once the
  // blog's rules and the avatar colours lost their schemas: small and shared, they joined the
  // root's layer (0.5 KB on every page; the help, price and blog pages lost zod's 25 KB).
  "routes/home": 159,
  "routes/login": 170,
  // The planning board without its task modal (loaded on demand): 229 KB, then 236 KB with the
  // undo toast, the kit's Select in the planning rows and the teaching empty state; 221 KB with
  // dnd-kit set up on the first press of a handle (its own chunk); 197.8 KB with the line's
  // status picker back in the page (a first click on it was lost while it was a later chunk).
  "routes/project-taskboard": 225,
  // Charts are the stats page's reason to exist.
  "routes/project-stats": 340,
};
const DEFAULT_BUDGET = 260;

/**
 * Files allowed in any page's entry JavaScript. Each costs the browser a module record and a task
 * to release its preload, whatever its size: the 20-card board hydrated 84 ms sooner at 23 files
 * than at 66 (scripts/route-chunks.ts). Both that figure and stop 49's for 16 files were timed
 * with Playwright's injected script in the page; timed without it (stop 50), 12 files for 22 KB
 * more were no sooner than 16, so this limit keeps the count from growing back rather than
 * promising speed per file. The most any page has now is 23 (the poker room; 32 before).
 */
const MAX_ENTRY_FILES = 26;

/** Libraries that only the pages using them may load, and then only on demand. */
const ON_DEMAND: Record<string, RegExp> = {
  Excalidraw: /ExcalidrawAPIProvider|excalidraw-container/,
  "bpmn-js": /djs-container/,
  Mermaid: /mermaidAPI/,
  "TipTap / ProseMirror": /ProseMirror-focused/,
  Yjs: /Yjs was already imported/,
  Shiki: /shiki/i,
};

const manifest = readManifest();
const sizes = new Map<string, number>();
const gzipped = (path: string) => {
  if (!sizes.has(path)) sizes.set(path, gzipSync(readFileSync(join(client, path))).length);
  return sizes.get(path)!;
};

test("every page's entry JavaScript comes in few files, the route layers merged", () => {
  const many: string[] = [];
  for (const id of Object.keys(manifest.routes)) {
    const files = entryFiles(manifest, id).size;
    if (files > MAX_ENTRY_FILES) many.push(`${id}: ${files} files`);
  }
  expect(many).toEqual([]);
  // What every page runs is one chunk, not a chunk per library.
  expect([...entryFiles(manifest, "root")].filter((path) => path.includes("/root-layer-"))).toHaveLength(1);
});

test("every page's entry JavaScript stays within its gzipped budget", () => {
  const over: string[] = [];
  for (const id of Object.keys(manifest.routes)) {
    let total = 0;
    for (const path of entryFiles(manifest, id)) total += gzipped(path);
    const budget = BUDGETS[id] ?? DEFAULT_BUDGET;
    if (total > budget * KB) over.push(`${id}: ${(total / KB).toFixed(1)} KB > ${budget} KB`);
  }
  expect(over).toEqual([]);
  // The landing page holds DESIGN.md's 200 KB with room to spare.
  let home = 0;
  for (const path of entryFiles(manifest, "routes/home")) home += gzipped(path);
  expect(home / KB).toBeLessThan(200);
});

test("a guest's landing page loads at most 100 KB of JavaScript, before and with any interaction", async ({ playwright, baseURL }) => {
  const guest = await playwright.request.newContext({ baseURL });
  const html = await (await guest.get("/?lng=en")).text();
  await guest.dispose();
  // Every script the page can load, now or on any interaction: scripts with a source, module
  // preloads (live or parked under any name), the modules the inline scripts import, and the
  // inline scripts themselves.
  const files = [
    ...html.matchAll(/<link rel="[^"]*modulepreload[^"]*" href="([^"]+\.js)"/g),
    ...html.matchAll(/<script[^>]* src="([^"]+\.js)"/g),
    ...html.matchAll(/import\(?\s*"([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  const inline = [...html.matchAll(/<script(?![^>]*type="application\/ld\+json")(?![^>]* src=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  let total = 0;
  for (const path of new Set(files)) total += gzipped(path.replace(/^\//, ""));
  for (const code of inline) total += gzipSync(code).length;
  expect(total / KB).toBeLessThanOrEqual(100);
  // The page works without React: no entry, no route modules, no hydration data.
  expect(html).not.toContain("entry.client");
  expect(html).not.toContain("__reactRouterContext");
  expect(html).toContain('data-static-page=""');
});

test("editors, diagrams and the highlighter load on demand, never with a page", () => {
  const leaks: string[] = [];
  const seen = new Map<string, string>();
  for (const id of Object.keys(manifest.routes)) {
    for (const path of entryFiles(manifest, id)) {
      if (!seen.has(path)) seen.set(path, readFileSync(join(client, path), "utf8"));
      for (const [name, mark] of Object.entries(ON_DEMAND)) if (mark.test(seen.get(path)!)) leaks.push(`${name} in ${path} (${id})`);
    }
  }
  expect(leaks).toEqual([]);
});

test("pages without a form load no schema library with the page: zod comes with a socket or a form", () => {
  // zod's schemas are costly to build (issue 17: most of the board's module evaluation at 4×
  // CPU, and a long task after hydration wherever a module builds some), so nothing these pages
  // import may build one at load (decisions.md). A page that needs only a bound or a helper takes
  // it from a module without schemas (`limits.ts`; the rooms' commands live in commands.ts, the
  // help centre's, payments' and blog's calls in their `schemas.ts`),
  // and an import of types only is written `import type` (a plain one keeps the module's effects).
  const pages = [
    ...["routes/project-taskboard", "routes/project-issue", "routes/project-room-poker", "routes/project-room-retro"],
    // The public pages people arrive at from a search: the help centre, prices and the blog.
    ...["routes/help", "routes/help-category", "routes/help-article", "routes/price", "routes/donate", "routes/blog-category", "routes/blog-post"],
  ];
  const withZod = pages.flatMap((id) => [...entryFiles(manifest, id)].filter((path) => /\$ZodType|ZodError/.test(readFileSync(join(client, path), "utf8"))).map((path) => `${id}: ${path}`));
  expect(withZod).toEqual([]);
});

test("a page's HTML names a cached file of the translations it shows, not the texts; the public site's file holds the site's only", async ({ playwright, baseURL }) => {
  // "invitePage" is a key of the app's "projects" namespace only; "openWorkspace" of the site's.
  const translationsOf = async (context: APIRequestContext, path: string) => {
    const html = await (await context.get(path)).text();
    expect(html).not.toContain("invitePage");
    expect(html).not.toContain("openWorkspace");
    const url = /<meta name="translations" content="([^"]+)"/.exec(html)?.[1];
    if (!url) return null;
    const file = await context.get(url);
    expect(file.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    return (await file.text()) as string;
  };
  const guest = await playwright.request.newContext({ baseURL });
  // A guest's landing page names none (it is not hydrated: the next page's loader names them).
  expect(await translationsOf(guest, "/?lng=en")).toBeNull();
  const help = await translationsOf(guest, "/help?lng=en");
  expect(help).not.toContain("invitePage");
  expect(help).toContain("openWorkspace");
  await guest.dispose();

  const member = await playwright.request.newContext({ baseURL });
  const auth = await member.post("/api/v1/auth", { data: { email: DEMO.email, password: DEMO.password }, headers: { Origin: new URL(baseURL!).origin } });
  expect(auth.status()).toBe(200);
  expect(await translationsOf(member, "/project?lng=en")).toContain("invitePage");
  await member.dispose();
});

test("the Worker's upload stays under 3 MB gzipped, the limit of Cloudflare's free plan", () => {
  // The same sum `wrangler deploy --dry-run` prints as "gzip" (npm run bench prints that one).
  const total = workerFiles(/\.(js|mjs|wasm)$/).reduce((sum, path) => sum + gzipSync(readFileSync(path)).length, 0);
  expect(total / KB / KB).toBeLessThan(3);
});

test("the Worker's modules are ASCII only, so the runtime keeps their source at one byte a character", () => {
  // V8 holds a module's source for as long as the isolate lives, at two bytes a character once a
  // single character is past Latin-1: 15.5 of the isolate's 28 MB after a collection, before the
  // server build escaped them (vite.config.ts; docs/performance.md, stop 54).
  const wide: string[] = [];
  for (const path of workerFiles(/\.(js|mjs)$/)) {
    const text = readFileSync(path, "utf8");
    const at = text.search(/[^\x00-\x7f]/);
    if (at >= 0) wide.push(`${basename(path)}: ${JSON.stringify(text.slice(Math.max(0, at - 40), at + 10))}`);
  }
  expect(wide).toEqual([]);
});

/** The Worker's built files whose names match `pattern` (what `wrangler deploy` uploads; not Vite's manifest folder). */
function workerFiles(pattern: RegExp, dir = join(process.cwd(), "build", "server")): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === ".vite" ? [] : workerFiles(pattern, path);
    return pattern.test(name) ? [path] : [];
  });
}
