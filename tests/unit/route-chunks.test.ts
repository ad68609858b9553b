import { describe, expect, it } from "vitest";
import { type ModuleFacts, routeLayers } from "../../scripts/route-chunks";

// A small app: a landing page and a sign-in page, and signed-in pages (a project list and a
// board) under their layout. Every id is what the bundler would name the module.
const ROUTES = [{ file: "routes/home.tsx" }, { file: "routes/login.tsx" }, { file: "routes/signed-in.tsx", children: [{ file: "routes/projects.tsx" }, { file: "routes/board.tsx" }] }];
const FACADE = "?__react-router-build-client-route";
const SMALL = "x".repeat(500);
const LARGE = "x".repeat(50_000);

const graph: Record<string, { imports?: string[]; lazy?: string[]; code?: string }> = {
  "/app/entry.client.tsx": { imports: ["/nm/react.js"] },
  [`/app/root.tsx${FACADE}`]: { imports: ["/app/root.tsx"] },
  "/app/root.tsx": { imports: ["/nm/react.js", "/app/lib/i18n.ts"] },
  "/nm/react.js": { code: LARGE },
  "/app/lib/i18n.ts": {},
  [`/app/routes/home.tsx${FACADE}`]: { imports: ["/app/routes/home.tsx"] },
  "/app/routes/home.tsx": { imports: ["/app/shell/header.tsx", "/app/ui/icons.tsx"] },
  [`/app/routes/login.tsx${FACADE}`]: { imports: ["/app/routes/login.tsx"] },
  "/app/routes/login.tsx": { imports: ["/app/ui/field.tsx", "/app/ui/chart.tsx"] },
  [`/app/routes/signed-in.tsx${FACADE}`]: { imports: ["/app/routes/signed-in.tsx"] },
  "/app/routes/signed-in.tsx": { imports: ["/app/shell/header.tsx", "/app/shell/palette.tsx", "/app/shell/hub.tsx"] },
  "/app/shell/header.tsx": { imports: ["/app/ui/icons.tsx"] },
  "/app/shell/palette.tsx": { imports: ["/app/ui/icons.tsx"] },
  "/app/ui/icons.tsx": {},
  "/app/shell/hub.tsx": { code: LARGE },
  [`/app/routes/projects.tsx${FACADE}`]: { imports: ["/app/routes/projects.tsx"] },
  "/app/routes/projects.tsx": { imports: ["/app/ui/field.tsx", "/app/ui/chip.tsx", "/app/ui/badge.tsx", "/app/shell/hub.tsx"] },
  [`/app/routes/board.tsx${FACADE}`]: { imports: ["/app/routes/board.tsx"] },
  "/app/routes/board.tsx": { imports: ["/app/ui/chip.tsx", "/app/ui/badge.tsx", "/app/board/lane.tsx", "/app/shell/hub.tsx", "\0vite/preload-helper.js"], lazy: ["/app/board/modal.tsx"] },
  "/app/ui/field.tsx": { code: LARGE },
  "/app/ui/chip.tsx": { imports: ["\0vite/preload-helper.js"] },
  // Small, but it needs the chart, which the sign-in page loads too.
  "/app/ui/badge.tsx": { imports: ["/app/ui/chart.tsx"] },
  "/app/ui/chart.tsx": { code: LARGE },
  "/app/board/lane.tsx": {},
  "/app/board/modal.tsx": { imports: ["/app/board/comments.tsx"] },
  "/app/board/comments.tsx": {},
  "\0vite/preload-helper.js": {},
};

const ctx = {
  getModuleInfo(id: string): ModuleFacts | null {
    const m = graph[id];
    return m ? { code: m.code ?? SMALL, importedIds: m.imports ?? [], dynamicallyImportedIds: m.lazy ?? [] } : null;
  },
};

function chunkOf(smallShared = 0) {
  const name = routeLayers("/app", ROUTES, { root: "root.tsx", entry: "entry.client.tsx" }, { smallShared });
  return (id: string) => name(id, ctx);
}

describe("the client's chunks by route layer", () => {
  it("puts what every page runs (the client entry's and the root route's imports) into the root's layer", () => {
    const chunk = chunkOf();
    expect(chunk("/nm/react.js")).toBe("root-layer");
    expect(chunk("/app/lib/i18n.ts")).toBe("root-layer");
  });

  it("puts a module into a layout's layer when the layout imports it and only pages under it can load it", () => {
    const chunk = chunkOf();
    // The layout, the project list and the board all import it.
    expect(chunk("/app/shell/hub.tsx")).toBe("signed-in-layer");
  });

  it("keeps a module that a page outside the layout loads too out of the layout's layer, however small", () => {
    const chunk = chunkOf();
    for (const id of ["/app/shell/header.tsx", "/app/ui/icons.tsx", "/app/ui/chip.tsx"]) expect(chunk(id) ?? "").not.toMatch(/-layer$/);
  });

  it("gives the modules that exactly the same pages load first one chunk of their own", () => {
    const chunk = chunkOf();
    // The landing page and every signed-in page load the header, and the icons with it.
    expect(chunk("/app/shell/header.tsx")).toMatch(/^shared-/);
    expect(chunk("/app/ui/icons.tsx")).toBe(chunk("/app/shell/header.tsx"));
    // The project list and the board load the chip and the badge.
    expect(chunk("/app/ui/chip.tsx")).toMatch(/^shared-/);
    expect(chunk("/app/ui/badge.tsx")).toBe(chunk("/app/ui/chip.tsx"));
    expect(chunk("/app/ui/chip.tsx")).not.toBe(chunk("/app/shell/header.tsx"));
  });

  it("leaves a module whose set of pages no other module has to the bundler", () => {
    const chunk = chunkOf();
    // The sign-in page, the project list and the board (through the badge); the sign-in page and the list.
    expect(chunk("/app/ui/chart.tsx")).toBeNull();
    expect(chunk("/app/ui/field.tsx")).toBeNull();
  });

  it("leaves a module of one route alone in that route's own chunk, and what loads only on demand to the bundler", () => {
    const chunk = chunkOf(1_000_000);
    expect(chunk("/app/board/lane.tsx")).toBeNull();
    expect(chunk("/app/shell/palette.tsx")).toBeNull();
    expect(chunk("/app/board/modal.tsx")).toBeNull();
    expect(chunk("/app/board/comments.tsx")).toBeNull();
  });

  it("never places route modules, their facades, the client entry or virtual modules", () => {
    const chunk = chunkOf(1_000_000);
    for (const id of ["/app/root.tsx", `/app/root.tsx${FACADE}`, "/app/routes/signed-in.tsx", `/app/routes/board.tsx${FACADE}`, "/app/entry.client.tsx", "\0vite/preload-helper.js"]) expect(chunk(id)).toBeNull();
  });

  it("names a shared chunk the same in every build of the same routes", () => {
    expect(chunkOf()("/app/ui/chip.tsx")).toBe(chunkOf()("/app/ui/chip.tsx"));
  });

  it("lets a small module that pages load first join the deepest layer above all its users", () => {
    const chunk = chunkOf(1_000);
    // The landing page and the signed-in pages: the root's layer.
    expect(chunk("/app/shell/header.tsx")).toBe("root-layer");
    expect(chunk("/app/ui/icons.tsx")).toBe("root-layer");
    // The project list and the board, not the layout: the layout's layer.
    expect(chunk("/app/ui/chip.tsx")).toBe("signed-in-layer");
  });

  it("keeps a small module out when what it imports is not loaded wherever that layer is (the layer would pull another chunk onto every page)", () => {
    const chunk = chunkOf(1_000);
    expect(chunk("/app/ui/chart.tsx")).toBeNull();
    expect(chunk("/app/ui/badge.tsx")).toBeNull();
  });

  it("keeps a large shared module out", () => {
    const chunk = chunkOf(1_000);
    expect(chunk("/app/ui/field.tsx")).toBeNull();
  });
});
