/**
 * A layered layout of a flowchart, shared by the BPMN draft and the drawing (the same picture in
 * both). Steps, after Sugiyama's method in its simplest form:
 * 1. Cycles are broken by a depth-first walk from the first nodes; a link back to a node on the
 *    walk's path is a back link (a loop, e.g. "No → try again").
 * 2. Every node goes into the layer after the latest of its predecessors (longest path), and a
 *    forward link spanning several layers gets a placeholder in each layer between, so it never
 *    runs through a node.
 * 3. Within a layer nodes are ordered by the mean place of their neighbours (a few sweeps down
 *    and up), then given whole slots of one grid as close below their predecessors as possible.
 * Every node sits in the middle of its own grid cell, and cells leave a gap around each node.
 * That gives the rule the routes rely on: a forward link goes down inside its source's cell,
 * sideways along the gap between two layers, and down inside its target's (or placeholder's)
 * cell; a back link leaves by the node's side, climbs in the gap at the right edge of the cells
 * and comes back in by the target's side. No route crosses a node, and no two nodes overlap.
 * Sideways runs in one gap get distinct offsets so two routes do not lie on one line.
 */
import type { Direction, Flowchart, FlowNode } from "./flowchart";

export interface Point {
  x: number;
  y: number;
}

/** A node's box: top-left corner and size. */
export interface PlacedNode {
  node: FlowNode;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface RoutedEdge {
  from: string;
  to: string;
  label: string;
  /** From the source's border to the target's border, every segment horizontal or vertical. */
  points: Point[];
  /** Where the label goes: centred above a horizontal middle segment, or right of a vertical one. */
  labelAnchor: Point & { side: "above" | "right" };
}

export interface ChartLayout {
  nodes: PlacedNode[];
  edges: RoutedEdge[];
  width: number;
  height: number;
}

/** Space left around every node inside its cell: across the layers and along them. */
export const CELL_GAP_CROSS = 70;
export const CELL_GAP_MAIN = 80;
/** Margin around the whole picture. */
export const MARGIN = 40;
const SWEEPS = 4;

interface Vertex {
  id: string;
  /** Null for a placeholder of a long link. */
  node: FlowNode | null;
  layer: number;
  order: number;
  slot: number;
  /** Extent across and along the layers (placeholders: zero). */
  cross: number;
  main: number;
}

const horizontal = (d: Direction) => d === "LR" || d === "RL";

/** Lays the chart out; `size` gives each node's box as drawn (width, height on screen). */
export function layoutChart(chart: Flowchart, size: (node: FlowNode) => { width: number; height: number }): ChartLayout {
  const sideways = horizontal(chart.direction);
  const vertices = new Map<string, Vertex>();
  for (const node of chart.nodes) {
    const { width, height } = size(node);
    vertices.set(node.id, { id: node.id, node, layer: 0, order: 0, slot: 0, cross: sideways ? height : width, main: sideways ? width : height });
  }

  // 1. Back links: a depth-first walk, sources first, in the order nodes were written.
  const out = new Map<string, number[]>(chart.nodes.map((n) => [n.id, []]));
  chart.edges.forEach((e, i) => out.get(e.from)!.push(i));
  const indegree = new Map(chart.nodes.map((n) => [n.id, 0]));
  for (const e of chart.edges) if (e.from !== e.to) indegree.set(e.to, indegree.get(e.to)! + 1);
  const back = new Set<number>();
  const state = new Map<string, 1 | 2>();
  const walk = (start: string) => {
    const stack: { id: string; next: number }[] = [{ id: start, next: 0 }];
    state.set(start, 1);
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const links = out.get(top.id)!;
      if (top.next >= links.length) {
        state.set(top.id, 2);
        stack.pop();
        continue;
      }
      const i = links[top.next++]!;
      const to = chart.edges[i]!.to;
      if (state.get(to) === 1) back.add(i);
      else if (!state.has(to)) {
        state.set(to, 1);
        stack.push({ id: to, next: 0 });
      }
    }
  };
  for (const n of chart.nodes) if (indegree.get(n.id) === 0 && !state.has(n.id)) walk(n.id);
  for (const n of chart.nodes) if (!state.has(n.id)) walk(n.id);

  // 2. Layers by longest path over the forward links (a back link counts reversed).
  const forward = chart.edges.map((e, i) => (back.has(i) ? { from: e.to, to: e.from } : { from: e.from, to: e.to })).filter((e) => e.from !== e.to);
  const pending = new Map(chart.nodes.map((n) => [n.id, 0]));
  for (const e of forward) pending.set(e.to, pending.get(e.to)! + 1);
  const ready = chart.nodes.filter((n) => pending.get(n.id) === 0).map((n) => n.id);
  while (ready.length) {
    const id = ready.shift()!;
    for (const e of forward) {
      if (e.from !== id) continue;
      const target = vertices.get(e.to)!;
      target.layer = Math.max(target.layer, vertices.get(id)!.layer + 1);
      pending.set(e.to, pending.get(e.to)! - 1);
      if (pending.get(e.to) === 0) ready.push(e.to);
    }
  }

  // Placeholders: each forward link becomes a chain of vertices one layer apart.
  const chains: string[][] = chart.edges.map((e, i) => {
    const a = vertices.get(e.from)!;
    const b = vertices.get(e.to)!;
    if (back.has(i) || e.from === e.to) return [e.from, e.to];
    const chain = [e.from];
    for (let layer = a.layer + 1; layer < b.layer; layer++) {
      const id = `\u0000${i}:${layer}`;
      vertices.set(id, { id, node: null, layer, order: 0, slot: 0, cross: 0, main: 0 });
      chain.push(id);
    }
    chain.push(e.to);
    return chain;
  });
  const ups = new Map<string, string[]>();
  const downs = new Map<string, string[]>();
  chains.forEach((chain, i) => {
    if (back.has(i) || chain[0] === chain[1]) return;
    for (let k = 1; k < chain.length; k++) {
      (downs.get(chain[k - 1]!) ?? downs.set(chain[k - 1]!, []).get(chain[k - 1]!)!).push(chain[k]!);
      (ups.get(chain[k]!) ?? ups.set(chain[k]!, []).get(chain[k]!)!).push(chain[k - 1]!);
    }
  });

  // 3. Order within layers by the mean place of neighbours, then whole slots.
  const layerCount = Math.max(...[...vertices.values()].map((v) => v.layer)) + 1;
  const layers: Vertex[][] = Array.from({ length: layerCount }, () => []);
  for (const v of vertices.values()) layers[v.layer]!.push(v);
  layers.forEach((layer) => layer.forEach((v, i) => (v.order = i)));
  const mean = (ids: string[] | undefined, fallback: number) => (ids?.length ? ids.reduce((s, id) => s + vertices.get(id)!.order, 0) / ids.length : fallback);
  for (let sweep = 0; sweep < SWEEPS; sweep++) {
    const down = sweep % 2 === 0;
    const sequence = down ? layers.slice(1) : layers.slice(0, -1).reverse();
    for (const layer of sequence) {
      const keyed = layer.map((v) => ({ v, key: mean(down ? ups.get(v.id) : downs.get(v.id), v.order) }));
      keyed.sort((p, q) => p.key - q.key || p.v.order - q.v.order);
      keyed.forEach(({ v }, i) => (v.order = i));
      layer.sort((p, q) => p.order - q.order);
    }
  }
  for (const [index, layer] of layers.entries()) {
    let previous = -Infinity;
    for (const v of layer) {
      const preds = index === 0 ? undefined : ups.get(v.id);
      const wanted = preds?.length ? Math.round(preds.reduce((s, id) => s + vertices.get(id)!.slot, 0) / preds.length) : v.order;
      v.slot = Math.max(wanted, previous + 1);
      previous = v.slot;
    }
  }
  const real = [...vertices.values()].filter((v) => v.node);
  const cellCross = Math.max(...real.map((v) => v.cross)) + CELL_GAP_CROSS;
  const cellMain = Math.max(...real.map((v) => v.main)) + CELL_GAP_MAIN;
  const minSlot = Math.min(...[...vertices.values()].map((v) => v.slot));
  const centre = (v: Vertex) => ({ c: (v.slot - minSlot + 0.5) * cellCross, m: (v.layer + 0.5) * cellMain });

  // Routes in (cross, main) coordinates; sideways runs are collected per gap to spread them.
  type Run = { route: Point[]; index: number; gap: number };
  const runs: Run[] = [];
  let backLinks = 0;
  const routes = chains.map((chain, i): Point[] => {
    const a = vertices.get(chain[0]!)!;
    const ca = centre(a);
    if (chain[0] === chain[1]) {
      const chan = ca.c + cellCross / 2 - 16;
      return [
        { x: ca.c + a.cross / 2, y: ca.m - a.main / 4 },
        { x: chan, y: ca.m - a.main / 4 },
        { x: chan, y: ca.m + a.main / 4 },
        { x: ca.c + a.cross / 2, y: ca.m + a.main / 4 },
      ];
    }
    if (back.has(i)) {
      const b = vertices.get(chain[1]!)!;
      const cb = centre(b);
      const lane = 14 + 8 * (backLinks++ % 3);
      const chanA = ca.c + cellCross / 2 - lane;
      const chanB = cb.c + cellCross / 2 - lane;
      const route = [
        { x: ca.c + a.cross / 2, y: ca.m },
        { x: chanA, y: ca.m },
        { x: chanA, y: b.layer * cellMain },
        { x: chanB, y: b.layer * cellMain },
        { x: chanB, y: cb.m },
        { x: cb.c + b.cross / 2, y: cb.m },
      ];
      runs.push({ route, index: 2, gap: b.layer });
      return route;
    }
    const route: Point[] = [{ x: ca.c, y: ca.m + a.main / 2 }];
    for (let k = 1; k < chain.length; k++) {
      const v = vertices.get(chain[k]!)!;
      const cv = centre(v);
      const border = v.layer * cellMain;
      const last = route[route.length - 1]!;
      if (Math.abs(last.x - cv.c) > 0.5) {
        route.push({ x: last.x, y: border }, { x: cv.c, y: border });
        runs.push({ route, index: route.length - 2, gap: v.layer });
      }
      if (!v.node) route.push({ x: cv.c, y: cv.m });
      else route.push({ x: cv.c, y: cv.m - v.main / 2 });
    }
    return route;
  });
  const byGap = new Map<number, Run[]>();
  for (const run of runs) (byGap.get(run.gap) ?? byGap.set(run.gap, []).get(run.gap)!).push(run);
  const spread = Math.min(10, (CELL_GAP_MAIN - 20) / 2 / Math.max(1, ...[...byGap.values()].map((r) => r.length)));
  for (const group of byGap.values()) {
    group.forEach((run, k) => {
      const offset = (k - (group.length - 1) / 2) * spread;
      run.route[run.index]!.y += offset;
      run.route[run.index + 1]!.y += offset;
    });
  }

  // To the screen: main runs down (TD), up (BT), right (LR) or left (RL).
  const mainSize = layerCount * cellMain;
  const flip = chart.direction === "BT" || chart.direction === "RL";
  const toScreen = (p: Point): Point => {
    const m = flip ? mainSize - p.y : p.y;
    return sideways ? { x: m + MARGIN, y: p.x + MARGIN } : { x: p.x + MARGIN, y: m + MARGIN };
  };
  const nodes: PlacedNode[] = real.map((v) => {
    const { c, m } = centre(v);
    const mid = toScreen({ x: c, y: m });
    const width = sideways ? v.main : v.cross;
    const height = sideways ? v.cross : v.main;
    return { node: v.node!, x: mid.x - width / 2, y: mid.y - height / 2, width, height };
  });
  const order = new Map(chart.nodes.map((n, i) => [n.id, i]));
  nodes.sort((p, q) => order.get(p.node.id)! - order.get(q.node.id)!);
  const edges: RoutedEdge[] = chart.edges.map((e, i) => {
    const points = simplify(routes[i]!.map(toScreen));
    return { from: e.from, to: e.to, label: e.label, points, labelAnchor: anchorOf(points) };
  });
  const slots = Math.max(...[...vertices.values()].map((v) => v.slot)) - minSlot + 1;
  const crossSize = slots * cellCross;
  return { nodes, edges, width: (sideways ? mainSize : crossSize) + 2 * MARGIN, height: (sideways ? crossSize : mainSize) + 2 * MARGIN };
}

/** Drops repeated points and points in the middle of a straight run. */
function simplify(points: Point[]): Point[] {
  const out: Point[] = [];
  for (const p of points) {
    const q = { x: Math.round(p.x), y: Math.round(p.y) };
    const last = out[out.length - 1];
    if (last && last.x === q.x && last.y === q.y) continue;
    const before = out[out.length - 2];
    if (last && before && ((before.x === last.x && last.x === q.x) || (before.y === last.y && last.y === q.y))) out.pop();
    out.push(q);
  }
  return out;
}

function anchorOf(points: Point[]): Point & { side: "above" | "right" } {
  const k = Math.floor((points.length - 2) / 2);
  const a = points[k]!;
  const b = points[k + 1]!;
  const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  return a.y === b.y ? { ...mid, side: "above" } : { ...mid, side: "right" };
}

/** Lines a label wraps into at `chars` characters (words longer than a line are cut). */
export function wrapLines(text: string, chars: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(" ").filter(Boolean)) {
      for (let part = word; part; part = part.slice(chars)) {
        const piece = part.slice(0, chars);
        if (line && line.length + 1 + piece.length > chars) {
          lines.push(line);
          line = piece;
        } else line = line ? `${line} ${piece}` : piece;
      }
    }
    if (line) lines.push(line);
  }
  return lines.length ? lines : [""];
}
