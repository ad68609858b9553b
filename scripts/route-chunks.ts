/**
 * The client build's chunks by route layer (issue 17). Left to itself the bundler makes one chunk
 * per set of entries that share a module, and the planning board's first JavaScript was 66 files,
 * most under 1 KB: each is a request, a preload task and a module record for the browser, and
 * merged into six the same page hydrated 150 ms sooner (750 → 600 ms on the 20-card board, 2,350
 * → 1,990 ms at 4× CPU). Merging by size alone made pages load code they never use (the
 * bundler's `entriesAware` merge pulled diagram and editor code into the board).
 *
 * Two rules, the first free:
 * - A module goes into its route's "layer" chunk when the route statically imports it (so whenever
 *   the route's module loads, the module loads too) and every route that can ever load it,
 *   statically or on demand, sits at or below that route in the route tree. The deepest such route
 *   wins. So the root's layer holds what every hydrated page runs, the signed-in layout's what
 *   every signed-in page runs, and so on. No page loads a byte more.
 * - A small module (`smallShared` characters of compiled code at most) that some page loads first
 *   but no layer holds for free joins the deepest layer above all the routes that can load it,
 *   once everything it imports sits in that layer or one above. Pages under that layer that never
 *   use it carry its bytes; no layer pulls in another chunk for it.
 * - Of what is left, the modules that exactly the same pages load first, where the bundler would
 *   give them chunks of their own (it splits by who can load a module at all, on demand too),
 *   share one chunk: the pages that load one load all of them, so no page loads a byte more; only
 *   an on-demand import of one from elsewhere brings the rest of its chunk along. Modules of one
 *   route alone stay in that route's chunk, and what only loads on demand keeps the bundler's
 *   chunks. (The signed-in pages' header tools were six files of this kind, the board's first
 *   JavaScript 23 files; now 16, a few hundred bytes smaller.)
 * Anything else keeps the bundler's own chunking. A layer never imports a deeper layer: what a
 * layer's module imports is loaded wherever that layer is, so it sits in the same layer, an outer
 * one, or a shared chunk that never reaches back into a layer. A shared chunk imports only chunks
 * loaded wherever it is: a module imported by one of its modules is loaded by every page that
 * loads that one, so it sits in a layer, in a chunk of a larger set of pages, or in the same one.
 */

/** A short, stable name for a set of route files (FNV-1a, 32 bits, in base 36). */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/** A route of the route table, as `app/routes.ts` lists it (`file` relative to the app folder). */
export interface RouteNode {
  file: string;
  children?: RouteNode[];
}

/** What the bundler tells of a module (a subset of Rolldown's `ModuleInfo`). */
export interface ModuleFacts {
  code: string | null;
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
}

/** The client build's module id for a route module: React Router loads each through this facade. */
const CLIENT_ROUTE = "?__react-router-build-client-route";

/**
 * A `codeSplitting` group name function for the client build. `appDir` is the absolute app
 * folder; `root` and `entry` are the root route's and the client entry's files in it.
 */
export function routeLayers(appDir: string, routes: RouteNode[], files: { root: string; entry: string }, options: { smallShared?: number } = {}) {
  const smallShared = options.smallShared ?? 0;
  const path = (file: string) => `${appDir}/${file}`;
  const ROOT = path(files.root);
  // Every route file with the files above it, for each place it appears (a file may serve several
  // routes): a route file is within a layer only if every one of its places is.
  const chains = new Map<string, string[][]>([[ROOT, [[ROOT]]]]);
  const depth = new Map<string, number>([[ROOT, 0]]);
  const walk = (nodes: RouteNode[], above: string[]) => {
    for (const node of nodes) {
      const file = path(node.file);
      const chain = [...above, file];
      chains.set(file, [...(chains.get(file) ?? []), chain]);
      depth.set(file, Math.max(depth.get(file) ?? 0, chain.length - 1));
      walk(node.children ?? [], chain);
    }
  };
  walk(routes, [ROOT]);
  const layersOf = (file: string) => {
    const [first, ...rest] = chains.get(file)!;
    return new Set(first!.filter((layer) => rest.every((chain) => chain.includes(layer))));
  };
  const within = new Map([...chains.keys()].map((file) => [file, layersOf(file)]));

  /** Whether a module of `layer` is loaded wherever `owner`'s pages are: `layer` is above or at `owner`. */
  const covers = (layer: string, owner: string) => within.get(owner)!.has(layer);
  const isOwn = (id: string) => !id.includes("?") && !id.startsWith("\0") && !chains.has(id) && id !== path(files.entry);

  /** Each module's layer (`placed`) or shared chunk (`shared`), or neither: the bundler's own chunking. */
  const place = (info: (id: string) => ModuleFacts | null) => {
    const reach = (from: string[], withDynamic: boolean) => {
      const seen = new Set<string>();
      const todo = [...from];
      for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
        if (seen.has(id)) continue;
        seen.add(id);
        const facts = info(id);
        if (!facts) continue;
        todo.push(...facts.importedIds);
        if (withDynamic) todo.push(...facts.dynamicallyImportedIds);
      }
      return seen;
    };
    const staticOf = new Map<string, Set<string>>();
    /** The route files that can load each module, on demand too (`usersOf`) or first (`loadersOf`). */
    const usersOf = new Map<string, Set<string>>();
    const loadersOf = new Map<string, Set<string>>();
    const add = (map: Map<string, Set<string>>, id: string, file: string) => {
      let files = map.get(id);
      if (!files) map.set(id, (files = new Set()));
      files.add(file);
    };
    for (const file of chains.keys()) {
      // The root's layer is what the client entry and the root route run before any page.
      const starts = file === ROOT ? [file + CLIENT_ROUTE, path(files.entry)] : [file + CLIENT_ROUTE];
      const loaded = reach(starts, false);
      staticOf.set(file, loaded);
      for (const id of loaded) add(loadersOf, id, file);
      for (const id of reach(starts, true)) add(usersOf, id, file);
    }
    const placed = new Map<string, string>();
    // Small modules some page loads first but that no layer holds for free, each with the
    // deepest layer above all its users.
    const small: { id: string; owner: string }[] = [];
    for (const [id, users] of usersOf) {
      if (!isOwn(id)) continue;
      const holdsAll = (layer: string) => [...users].every((user) => covers(layer, user));
      let owner = ROOT;
      let best: string | null = null;
      let loadedFirst = false;
      for (const [layer, loaded] of staticOf) {
        const all = holdsAll(layer);
        if (all && depth.get(layer)! > depth.get(owner)!) owner = layer;
        if (!loaded.has(id)) continue;
        loadedFirst = true;
        if (all && (best === null || depth.get(layer)! > depth.get(best)!)) best = layer;
      }
      // A module of one route alone is already in that route's own chunk.
      if (best !== null && !(users.size === 1 && users.has(best) && best !== ROOT)) placed.set(id, best);
      else if (best === null && loadedFirst && (info(id)?.code?.length ?? Infinity) <= smallShared) small.push({ id, owner });
    }
    // A small module joins its owner's layer only once everything it imports is loaded wherever
    // that layer is: else the layer would pull another chunk onto all its pages.
    for (let grew = true; grew; ) {
      grew = false;
      for (const { id, owner } of small) {
        if (placed.has(id)) continue;
        const ready = info(id)!.importedIds.every((dep) => !isOwn(dep) || (placed.has(dep) && covers(placed.get(dep)!, owner)));
        if (!ready) continue;
        placed.set(id, owner);
        grew = true;
      }
    }
    // Chunks by the set of pages that load them first, for what no layer took. A page is a route
    // with the routes above it (wherever the route appears): it loads what each of them imports.
    const pages = new Map<string, Set<string>>();
    for (const [page, pageChains] of chains) {
      const loaded = new Set<string>();
      for (const chain of pageChains) for (const file of chain) for (const id of staticOf.get(file) ?? []) loaded.add(id);
      pages.set(page, loaded);
    }
    const shared = new Map<string, string>();
    for (const [id, loaders] of loadersOf) {
      if (!isOwn(id) || placed.has(id)) continue;
      // One route's module that nothing else can load sits in that route's chunk already.
      if (loaders.size === 1 && usersOf.get(id)!.size === 1) continue;
      const loading = [...pages].filter(([, loaded]) => loaded.has(id)).map(([page]) => page.slice(appDir.length + 1));
      shared.set(id, `shared-${hash(loading.sort().join(" "))}`);
    }
    // A set that only one module has keeps the bundler's chunk (and its name).
    const members = new Map<string, number>();
    for (const name of shared.values()) members.set(name, (members.get(name) ?? 0) + 1);
    for (const [id, name] of shared) if (members.get(name)! < 2) shared.delete(id);
    return { placed, shared };
  };

  let placement: { placed: Map<string, string>; shared: Map<string, string> } | undefined;
  return (id: string, ctx: { getModuleInfo(id: string): ModuleFacts | null }): string | null => {
    placement ??= place((moduleId) => ctx.getModuleInfo(moduleId));
    const layer = placement.placed.get(id);
    if (layer !== undefined) return `${layer.slice(appDir.length + 1).replace(/^routes\//, "").replace(/\.tsx?$/, "")}-layer`;
    return placement.shared.get(id) ?? null;
  };
}
