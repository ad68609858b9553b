/**
 * A flowchart as Excalidraw elements, laid out by `layout.ts` like the BPMN draft: boxes are
 * rectangles (round ones with rounded corners), circles ellipses, decisions diamonds, each with
 * its label as text bound to the shape; links are arrows bound to both shapes (moving a shape
 * drags its arrows), labelled with text bound to the arrow. Elements are plain JSON as Excalidraw
 * stores them (`domain/docs/drawing.ts` keeps them per id); ids, seeds and the stacking index are
 * derived from the position in the chart, so the same chart always gives the same drawing.
 */
import type { Flowchart, FlowNode } from "./flowchart";
import { type ChartLayout, layoutChart, wrapLines } from "./layout";
import { fnv1a } from "../fnv";

/** What this module writes of an element; Excalidraw's `restoreElements` fills in the rest. */
export interface DrawingElement {
  id: string;
  type: "rectangle" | "ellipse" | "diamond" | "arrow" | "text";
  x: number;
  y: number;
  width: number;
  height: number;
  version: number;
  versionNonce: number;
  index: string;
  isDeleted: boolean;
  boundElements: { type: "text" | "arrow"; id: string }[] | null;
  [key: string]: unknown;
}

const FONT_SIZE = 16;
/** Excalifont, Excalidraw's default hand-drawn font. */
const FONT_FAMILY = 5;
const LINE_HEIGHT = 1.25;
/** Average width of a character of Excalifont at FONT_SIZE. */
const CHAR_WIDTH = 9;

/** How many characters of a label fit one line of each shape, and the shape's size for n lines. */
const SHAPES = {
  box: { type: "rectangle", chars: 16, width: 190, height: (n: number) => Math.max(70, n * 20 + 30), fill: "#e7f5ff" },
  round: { type: "rectangle", chars: 16, width: 190, height: (n: number) => Math.max(70, n * 20 + 30), fill: "#ebfbee" },
  circle: { type: "ellipse", chars: 11, width: 160, height: (n: number) => Math.max(80, n * 20 + 50), fill: "#ebfbee" },
  diamond: { type: "diamond", chars: 9, width: 190, height: (n: number) => Math.max(110, n * 20 + 70), fill: "#fff9db" },
} as const;

const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** The n-th fractional index in Excalidraw's order: "a0"…"az", then "b00"…"bzz". */
export function stackIndex(n: number): string {
  if (n < 62) return `a${DIGITS[n]}`;
  const k = n - 62;
  return `b${DIGITS[Math.floor(k / 62) % 62]}${DIGITS[k % 62]}`;
}

/** A stable 31-bit number from a string (seeds and nonces). */
function hash(text: string): number {
  return fnv1a(text) % 2_147_483_647 || 1;
}

function base(id: string, index: number, now: number) {
  return {
    id,
    angle: 0,
    strokeColor: "#1e1e1e",
    backgroundColor: "transparent",
    fillStyle: "solid",
    strokeWidth: 2,
    strokeStyle: "solid",
    roughness: 1,
    opacity: 100,
    groupIds: [] as string[],
    frameId: null,
    seed: hash(`seed:${id}`),
    version: 1,
    versionNonce: hash(`nonce:${id}`),
    index: stackIndex(index),
    isDeleted: false,
    updated: now,
    link: null,
    locked: false,
  };
}

function textElement(id: string, index: number, now: number, containerId: string, label: string, chars: number, centre: { x: number; y: number }): DrawingElement {
  const lines = wrapLines(label, chars);
  const width = Math.max(...lines.map((l) => l.length)) * CHAR_WIDTH;
  const height = lines.length * FONT_SIZE * LINE_HEIGHT;
  const text = lines.join("\n");
  return {
    ...base(id, index, now),
    type: "text",
    x: centre.x - width / 2,
    y: centre.y - height / 2,
    width,
    height,
    boundElements: null,
    roundness: null,
    text,
    originalText: label,
    fontSize: FONT_SIZE,
    fontFamily: FONT_FAMILY,
    textAlign: "center",
    verticalAlign: "middle",
    containerId,
    autoResize: true,
    lineHeight: LINE_HEIGHT,
  };
}

/** Each node's size in the drawing (its label decides the height). */
export function drawingSize(node: FlowNode): { width: number; height: number } {
  const shape = SHAPES[node.shape];
  return { width: shape.width, height: shape.height(wrapLines(node.label, shape.chars).length) };
}

/** The chart's layout with the drawing's shape sizes (exported for tests of the picture). */
export function drawingLayout(chart: Flowchart): ChartLayout {
  return layoutChart(chart, drawingSize);
}

/** A flowchart as Excalidraw elements: shapes with bound text, arrows bound to their shapes. */
export function flowchartToDrawing(chart: Flowchart, now = 0): DrawingElement[] {
  const layout = drawingLayout(chart);
  const shapeId = new Map(chart.nodes.map((n, i) => [n.id, `node-${i + 1}`]));
  const arrowsOf = new Map<string, { type: "arrow"; id: string }[]>();
  layout.edges.forEach((e, i) => {
    for (const end of new Set([e.from, e.to])) (arrowsOf.get(end) ?? arrowsOf.set(end, []).get(end)!).push({ type: "arrow", id: `link-${i + 1}` });
  });
  const elements: DrawingElement[] = [];
  let index = 0;
  for (const placed of layout.nodes) {
    const shape = SHAPES[placed.node.shape];
    const id = shapeId.get(placed.node.id)!;
    const textId = `${id}-label`;
    elements.push({
      ...base(id, index++, now),
      type: shape.type,
      x: placed.x,
      y: placed.y,
      width: placed.width,
      height: placed.height,
      backgroundColor: shape.fill,
      roundness: placed.node.shape === "round" ? { type: 3 } : placed.node.shape === "box" ? { type: 3, value: 8 } : { type: 2 },
      boundElements: [{ type: "text", id: textId }, ...(arrowsOf.get(placed.node.id) ?? [])],
    });
    elements.push(textElement(textId, index++, now, id, placed.node.label, shape.chars, { x: placed.x + placed.width / 2, y: placed.y + placed.height / 2 }));
  }
  layout.edges.forEach((edge, i) => {
    const id = `link-${i + 1}`;
    const [first] = edge.points;
    const xs = edge.points.map((p) => p.x);
    const ys = edge.points.map((p) => p.y);
    const labelId = edge.label ? `${id}-label` : null;
    elements.push({
      ...base(id, index++, now),
      type: "arrow",
      x: first!.x,
      y: first!.y,
      width: Math.max(...xs) - Math.min(...xs),
      height: Math.max(...ys) - Math.min(...ys),
      roundness: null,
      boundElements: labelId ? [{ type: "text", id: labelId }] : null,
      points: edge.points.map((p) => [p.x - first!.x, p.y - first!.y]),
      lastCommittedPoint: null,
      startBinding: { elementId: shapeId.get(edge.from), focus: 0, gap: 1 },
      endBinding: { elementId: shapeId.get(edge.to), focus: 0, gap: 1 },
      startArrowhead: null,
      endArrowhead: "arrow",
      elbowed: false,
    });
    if (labelId) {
      // Excalidraw itself draws an arrow's text at the arrow's middle; these coordinates agree.
      const n = edge.points.length;
      const a = edge.points[n % 2 ? (n - 1) / 2 : n / 2 - 1]!;
      const b = edge.points[n % 2 ? (n - 1) / 2 : n / 2]!;
      elements.push(textElement(labelId, index++, now, id, edge.label, 18, { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }));
    }
  });
  return elements;
}
