/**
 * The document tree of a project (issue 6): parent/child links and the order among siblings.
 * Pure rules shared by the API (what a move may do and which rows it rewrites) and the page
 * (the flattened rows it draws, and where a drag would drop).
 */

/** The most documents one project may hold: the tree is listed whole, so it stays bounded. */
export const DOC_MAX_PER_PROJECT = 2000;
/** The deepest level a document may sit at (a root document is at depth 1). */
export const DOC_MAX_DEPTH = 8;
export const DOC_TITLE_MAX = 200;

export interface TreeNode {
  guid: string;
  parent: string | null;
  sort: number;
}

const bySort = (a: TreeNode, b: TreeNode) => a.sort - b.sort || (a.guid < b.guid ? -1 : a.guid > b.guid ? 1 : 0);

/**
 * The parent each document is listed under. A document whose parent is missing (deleted under
 * it by a concurrent write), or that sits in a loop of damaged data, is listed at the root:
 * every document stays reachable, none is lost.
 */
export function listedParents(nodes: readonly TreeNode[]): Map<string, string | null> {
  const known = new Set(nodes.map((n) => n.guid));
  const parent = new Map(nodes.map((n) => [n.guid, n.parent !== null && known.has(n.parent) && n.parent !== n.guid ? n.parent : null]));
  for (;;) {
    const kids = new Map<string | null, string[]>();
    for (const [guid, p] of parent) kids.set(p, [...(kids.get(p) ?? []), guid]);
    const reached = new Set<string>();
    const stack = [...(kids.get(null) ?? [])];
    while (stack.length > 0) {
      const guid = stack.pop()!;
      if (reached.has(guid)) continue;
      reached.add(guid);
      stack.push(...(kids.get(guid) ?? []));
    }
    const lost = [...parent.keys()].filter((g) => !reached.has(g)).sort();
    if (lost.length === 0) return parent;
    parent.set(lost[0]!, null);
  }
}

/** Children of each parent (`null` = the root level), in order, under their listed parents. */
export function childrenOf<T extends TreeNode>(nodes: readonly T[]): Map<string | null, T[]> {
  const parents = listedParents(nodes);
  const out = new Map<string | null, T[]>();
  for (const node of nodes) {
    const parent = parents.get(node.guid) ?? null;
    const list = out.get(parent);
    if (list) list.push(node);
    else out.set(parent, [node]);
  }
  for (const list of out.values()) list.sort(bySort);
  return out;
}

/** Every document under `guid` (children, their children…), not `guid` itself. */
export function descendantsOf(nodes: readonly TreeNode[], guid: string): string[] {
  const children = childrenOf(nodes);
  const out: string[] = [];
  const seen = new Set([guid]);
  const stack = [...(children.get(guid) ?? [])];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (seen.has(node.guid)) continue;
    seen.add(node.guid);
    out.push(node.guid);
    stack.push(...(children.get(node.guid) ?? []));
  }
  return out;
}

/** The level of a document: 1 at the root, 2 for its children… (0 for an unknown guid). */
export function depthOf(nodes: readonly TreeNode[], guid: string): number {
  const parents = listedParents(nodes);
  if (!parents.has(guid)) return 0;
  let depth = 1;
  for (let at = parents.get(guid); at; at = parents.get(at)) depth += 1;
  return depth;
}

/** How many levels the subtree of `guid` spans: 1 for a document without children. */
export function heightOf(nodes: readonly TreeNode[], guid: string): number {
  const children = childrenOf(nodes);
  const walk = (id: string, seen: Set<string>): number => {
    if (seen.has(id)) return 0;
    seen.add(id);
    return 1 + Math.max(0, ...(children.get(id) ?? []).map((c) => walk(c.guid, seen)));
  };
  return walk(guid, new Set());
}

/** How many children each document has (the spec's `chilcount`). */
export function childCounts(nodes: readonly TreeNode[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const [parent, list] of childrenOf(nodes)) if (parent !== null) out.set(parent, list.length);
  return out;
}

export type MoveFailure = "doc_not_found" | "doc_parent_not_found" | "doc_move_into_itself" | "doc_too_deep";

/** One row a move rewrites: its parent and its place among its siblings. */
export interface Placed {
  guid: string;
  parent: string | null;
  sort: number;
}

/**
 * Moves `guid` under `parent` (null: the root) to `index` among its new siblings (counted
 * without the moved document; clamped to the list). Both sibling lists are renumbered from 0;
 * only the rows whose parent or sort changes are returned. Refused: a move under itself or
 * one of its descendants, under a missing parent, or one that would put part of the subtree
 * deeper than `DOC_MAX_DEPTH`.
 */
export function planMove(
  nodes: readonly TreeNode[],
  move: { guid: string; parent: string | null; index: number },
): { ok: true; changed: Placed[] } | { ok: false; reason: MoveFailure } {
  const byGuid = new Map(nodes.map((n) => [n.guid, n]));
  const moving = byGuid.get(move.guid);
  if (!moving) return { ok: false, reason: "doc_not_found" };
  if (move.parent !== null) {
    if (!byGuid.has(move.parent)) return { ok: false, reason: "doc_parent_not_found" };
    if (move.parent === move.guid || descendantsOf(nodes, move.guid).includes(move.parent)) return { ok: false, reason: "doc_move_into_itself" };
    if (depthOf(nodes, move.parent) + heightOf(nodes, move.guid) > DOC_MAX_DEPTH) return { ok: false, reason: "doc_too_deep" };
  }
  const children = childrenOf(nodes);
  const from = [...childrenOf(nodes).entries()].find(([, list]) => list.some((n) => n.guid === move.guid))![0];
  const target = (children.get(move.parent) ?? []).filter((n) => n.guid !== move.guid);
  const at = Math.min(Math.max(0, Math.trunc(move.index)), target.length);
  target.splice(at, 0, moving);
  const lists: [string | null, TreeNode[]][] = [[move.parent, target]];
  if (from !== move.parent) lists.push([from, (children.get(from) ?? []).filter((n) => n.guid !== move.guid)]);
  const changed: Placed[] = [];
  for (const [parent, list] of lists) {
    list.forEach((node, sort) => {
      if (node.sort !== sort || node.parent !== parent) changed.push({ guid: node.guid, parent, sort });
    });
  }
  return { ok: true, changed };
}

/** Applies placed rows to a list of nodes (what the page shows before the server answers). */
export function applyPlaced<T extends TreeNode>(nodes: readonly T[], changed: readonly Placed[]): T[] {
  const byGuid = new Map(changed.map((c) => [c.guid, c]));
  return nodes.map((n) => {
    const c = byGuid.get(n.guid);
    return c ? { ...n, parent: c.parent, sort: c.sort } : n;
  });
}

/** A row of the tree as the page draws it: depth from 0, with what it needs to fold. */
export interface FlatRow<T extends TreeNode> {
  node: T;
  depth: number;
  /** The parent as listed (a document with a missing parent is at the root: null). */
  parent: string | null;
  childCount: number;
  /** Its position among its siblings. */
  index: number;
}

/**
 * The rows in reading order (each parent before its children); children of a folded document
 * and of `skip` (the document being dragged) are left out.
 */
export function flatten<T extends TreeNode>(nodes: readonly T[], folded: ReadonlySet<string>, skip?: string): FlatRow<T>[] {
  const children = childrenOf(nodes);
  const out: FlatRow<T>[] = [];
  const seen = new Set<string>();
  const walk = (parent: string | null, depth: number) => {
    (children.get(parent) ?? []).forEach((node, index) => {
      if (seen.has(node.guid)) return;
      seen.add(node.guid);
      const kids = children.get(node.guid)?.length ?? 0;
      out.push({ node, depth, parent, childCount: kids, index });
      if (kids > 0 && !folded.has(node.guid) && node.guid !== skip) walk(node.guid, depth + 1);
    });
  };
  walk(null, 0);
  return out;
}

/**
 * Where a dragged row would land: the rows are shown as they are with the dragged row moved to
 * `overIndex` (indices into `rows`, which must not hold the dragged row's children), and the
 * horizontal offset of the drag picks the depth — one level per `indent` pixels — within what
 * the rows around it allow (at most one below the row above; at least the row below's depth).
 */
export function projectDrop<T extends TreeNode>(
  rows: readonly FlatRow<T>[],
  activeIndex: number,
  overIndex: number,
  offsetX: number,
  indent: number,
  /** The deepest level (from 0) the dragged row may take, so its subtree stays within bounds. */
  maxDepth = Number.POSITIVE_INFINITY,
): { parent: string | null; index: number; depth: number } | null {
  const active = rows[activeIndex];
  if (!active || overIndex < 0 || overIndex >= rows.length) return null;
  const moved = [...rows];
  moved.splice(activeIndex, 1);
  moved.splice(overIndex, 0, active);
  const above = moved[overIndex - 1];
  const below = moved[overIndex + 1];
  const wanted = active.depth + Math.round(offsetX / indent);
  const max = above ? above.depth + 1 : 0;
  const min = below ? below.depth : 0;
  const depth = Math.max(min, Math.min(max, maxDepth, wanted));
  // The rows around this place force a level the subtree cannot take: no drop here.
  if (depth > maxDepth) return null;
  let parent: string | null = null;
  if (depth > 0 && above) {
    if (depth === above.depth + 1) parent = above.node.guid;
    else if (depth === above.depth) parent = above.parent;
    else {
      // Climb from the row above to its ancestor at `depth - 1`.
      for (let i = overIndex - 1; i >= 0; i--) {
        if (moved[i]!.depth === depth - 1) {
          parent = moved[i]!.node.guid;
          break;
        }
      }
    }
  }
  // Its place: the siblings shown above it under the same parent.
  let index = 0;
  for (let i = overIndex - 1; i >= 0; i--) {
    const row = moved[i]!;
    if (row.depth < depth) break;
    if (row.depth === depth) index += 1;
  }
  return { parent, index, depth };
}
