import { BpmnModdle } from "bpmn-moddle";
import { describe, expect, it } from "vitest";
import { isStoredElement } from "../docs/drawing";
import { type Flowchart, parseFlowchart } from "./flowchart";
import type { ChartLayout, Point } from "./layout";
import { bpmnLayout, flowchartToBpmn } from "./to-bpmn";
import { drawingLayout, flowchartToDrawing, stackIndex } from "./to-excalidraw";

const chart = (source: string): Flowchart => {
  const result = parseFlowchart(source);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.chart;
};

const RELEASE = `flowchart TD
  A((Start)) --> B[Collect requirements]
  B --> C{Approved?}
  C -->|Yes| D[Build the release]
  C -->|No| B
  D --> E((Launched))`;

/** Charts whose pictures must read well: loops, fans, long links, every direction. */
const SAMPLES = [
  RELEASE,
  RELEASE.replace("TD", "LR"),
  RELEASE.replace("TD", "BT"),
  RELEASE.replace("TD", "RL"),
  "flowchart TD\n  A --> B & C & D\n  B --> E\n  C --> E\n  D --> F --> G --> E\n  A --> G\n  E --> A\n  G --> G",
  "graph LR\n  S((In)) --> X{One?} -->|a| P[Path A] --> M[Merge]\n  X -->|b| Q[Path B] --> R[Review] --> M\n  R -->|redo| Q\n  M --> T((Out))",
  "flowchart TD\n  A --> B\n  C --> D\n  A --> D\n  C --> B",
];

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Whether the segment passes through the inside of the box (touching its border is fine). */
function crosses(a: Point, b: Point, box: Box): boolean {
  const inner = { x: box.x + 1, y: box.y + 1, width: box.width - 2, height: box.height - 2 };
  if (a.x === b.x) return a.x > inner.x && a.x < inner.x + inner.width && Math.max(a.y, b.y) > inner.y && Math.min(a.y, b.y) < inner.y + inner.height;
  return a.y > inner.y && a.y < inner.y + inner.height && Math.max(a.x, b.x) > inner.x && Math.min(a.x, b.x) < inner.x + inner.width;
}

function expectReadable(layout: ChartLayout) {
  for (const [i, a] of layout.nodes.entries()) {
    expect(a.x).toBeGreaterThanOrEqual(0);
    expect(a.y).toBeGreaterThanOrEqual(0);
    for (const b of layout.nodes.slice(i + 1)) expect(overlaps(a, b), `${a.node.id} overlaps ${b.node.id}`).toBe(false);
  }
  for (const edge of layout.edges) {
    for (let k = 1; k < edge.points.length; k++) {
      const [p, q] = [edge.points[k - 1]!, edge.points[k]!];
      expect(p.x === q.x || p.y === q.y, `${edge.from}→${edge.to} has a slanted segment`).toBe(true);
      for (const placed of layout.nodes) expect(crosses(p, q, placed), `${edge.from}→${edge.to} runs through ${placed.node.id}`).toBe(false);
    }
  }
}

describe("laying a flowchart out", () => {
  it("never overlaps two nodes nor runs a link through a node, in every direction, with loops and long links", () => {
    for (const source of SAMPLES) {
      expectReadable(bpmnLayout(chart(source)).layout);
      expectReadable(drawingLayout(chart(source)));
    }
  });

  it("puts each step below the one before it top-down, and right of it left-to-right", () => {
    const td = drawingLayout(chart(RELEASE));
    const y = (id: string) => td.nodes.find((n) => n.node.id === id)!.y;
    expect(y("A")).toBeLessThan(y("B"));
    expect(y("B")).toBeLessThan(y("C"));
    expect(y("C")).toBeLessThan(y("D"));
    expect(y("D")).toBeLessThan(y("E"));
    const lr = drawingLayout(chart(RELEASE.replace("TD", "LR")));
    const x = (id: string) => lr.nodes.find((n) => n.node.id === id)!.x;
    expect(x("A")).toBeLessThan(x("B"));
    expect(x("D")).toBeLessThan(x("E"));
    const bt = drawingLayout(chart(RELEASE.replace("TD", "BT")));
    expect(bt.nodes.find((n) => n.node.id === "A")!.y).toBeGreaterThan(bt.nodes.find((n) => n.node.id === "E")!.y);
  });

  it("starts and ends every link on the border of its own nodes", () => {
    const layout = bpmnLayout(chart(RELEASE)).layout;
    const box = (id: string) => layout.nodes.find((n) => n.node.id === id)!;
    const onBorder = (p: Point, b: Box) =>
      ((p.x === Math.round(b.x) || p.x === Math.round(b.x + b.width)) && p.y >= b.y && p.y <= b.y + b.height) ||
      ((p.y === Math.round(b.y) || p.y === Math.round(b.y + b.height)) && p.x >= b.x && p.x <= b.x + b.width);
    for (const e of layout.edges) {
      expect(onBorder(e.points[0]!, box(e.from))).toBe(true);
      expect(onBorder(e.points[e.points.length - 1]!, box(e.to))).toBe(true);
    }
  });

  it("keeps the picture inside the size it reports", () => {
    const layout = drawingLayout(chart(SAMPLES[4]!));
    for (const n of layout.nodes) {
      expect(n.x + n.width).toBeLessThanOrEqual(layout.width);
      expect(n.y + n.height).toBeLessThanOrEqual(layout.height);
    }
  });
});

describe("a flowchart as a BPMN draft", () => {
  it("makes start and end events of round ends, tasks of boxes, exclusive gateways of diamonds and named flows of links", async () => {
    const xml = flowchartToBpmn(chart(RELEASE));
    const { rootElement, warnings } = await BpmnModdle().fromXML(xml);
    expect(warnings).toEqual([]);
    const process = (rootElement as any).rootElements[0];
    const elements = process.flowElements.map((e: any) => `${e.$type}:${e.name ?? ""}`);
    expect(elements).toEqual([
      "bpmn:StartEvent:Start",
      "bpmn:Task:Collect requirements",
      "bpmn:ExclusiveGateway:Approved?",
      "bpmn:Task:Build the release",
      "bpmn:EndEvent:Launched",
      "bpmn:SequenceFlow:",
      "bpmn:SequenceFlow:",
      "bpmn:SequenceFlow:Yes",
      "bpmn:SequenceFlow:No",
      "bpmn:SequenceFlow:",
    ]);
    const flows = process.flowElements.filter((e: any) => e.$type === "bpmn:SequenceFlow");
    expect(flows.map((f: any) => `${f.sourceRef.name}→${f.targetRef.name}`)).toContain("Approved?→Collect requirements");
    const start = process.flowElements[0];
    expect(start.outgoing).toHaveLength(1);
    expect(start.incoming ?? []).toHaveLength(0);
  });

  it("gives every element a shape or an edge in the diagram, so bpmn-js draws all of it", async () => {
    const { rootElement } = await BpmnModdle().fromXML(flowchartToBpmn(chart(SAMPLES[5]!)));
    const root = rootElement as any;
    const planeElements = root.diagrams[0].plane.planeElement;
    const drawn = new Set(planeElements.map((d: any) => d.bpmnElement.id));
    for (const e of root.rootElements[0].flowElements) expect(drawn.has(e.id)).toBe(true);
    for (const d of planeElements) {
      if (d.$type === "bpmndi:BPMNEdge") expect(d.waypoint.length).toBeGreaterThanOrEqual(2);
      else expect(d.bounds.width).toBeGreaterThan(0);
    }
  });

  it("keeps a round node in the middle of the flow a task, and a diamond a gateway wherever it is", async () => {
    const xml = flowchartToBpmn(chart("flowchart TD\n  A[Ask] --> B(Wait) --> C{Done?} --> D[Close]\n  E((Loop)) --> E"));
    expect(xml).toContain('<bpmn:task id="Activity_2" name="Wait"');
    expect(xml).toContain('<bpmn:exclusiveGateway id="Gateway_3" name="Done?"');
    expect(xml).toContain('<bpmn:task id="Activity_5" name="Loop"');
    expect(xml).not.toContain("startEvent");
  });

  it("escapes names so labels with quotes, ampersands and angle brackets stay text", async () => {
    const xml = flowchartToBpmn(chart('flowchart TD\n  A["Say \\"hi\\" & <b>bye</b>"] --> B'));
    const { rootElement, warnings } = await BpmnModdle().fromXML(xml);
    expect(warnings).toEqual([]);
    expect((rootElement as any).rootElements[0].flowElements[0].name).toBe('Say \\"hi\\" & <b>bye</b>');
  });
});

describe("a flowchart as a drawing", () => {
  it("draws rectangles, ellipses and diamonds with their labels bound as text", () => {
    const elements = flowchartToDrawing(chart(RELEASE), 1_700_000_000_000);
    const shapes = elements.filter((e) => e.type !== "text" && e.type !== "arrow");
    expect(shapes.map((e) => e.type)).toEqual(["ellipse", "rectangle", "diamond", "rectangle", "ellipse"]);
    for (const shape of shapes) {
      const text = elements.find((e) => e.type === "text" && e.containerId === shape.id)!;
      expect(shape.boundElements).toContainEqual({ type: "text", id: text.id });
      expect(text.x).toBeGreaterThanOrEqual(shape.x - 1);
      expect(text.x + text.width).toBeLessThanOrEqual(shape.x + shape.width + 1);
    }
    expect(elements.filter((e) => e.type === "text" && !String(e.containerId).startsWith("link")).map((e) => e.originalText)).toEqual([
      "Start", "Collect requirements", "Approved?", "Build the release", "Launched",
    ]);
  });

  it("binds every arrow to the shapes at its ends, and each shape lists its arrows", () => {
    const elements = flowchartToDrawing(chart(RELEASE));
    const arrows = elements.filter((e) => e.type === "arrow");
    expect(arrows).toHaveLength(5);
    for (const arrow of arrows) {
      const start = elements.find((e) => e.id === (arrow.startBinding as { elementId: string }).elementId)!;
      const end = elements.find((e) => e.id === (arrow.endBinding as { elementId: string }).elementId)!;
      expect(start.boundElements).toContainEqual({ type: "arrow", id: arrow.id });
      expect(end.boundElements).toContainEqual({ type: "arrow", id: arrow.id });
      const points = arrow.points as [number, number][];
      expect(points[0]).toEqual([0, 0]);
      expect(points.length).toBeGreaterThanOrEqual(2);
    }
  });

  it("puts link labels as text bound to their arrow", () => {
    const elements = flowchartToDrawing(chart(RELEASE));
    const labels = elements.filter((e) => e.type === "text" && String(e.containerId).startsWith("link"));
    expect(labels.map((l) => l.text)).toEqual(["Yes", "No"]);
    for (const label of labels) expect(elements.find((e) => e.id === label.containerId)!.boundElements).toEqual([{ type: "text", id: label.id }]);
  });

  it("gives elements unique ids and stacking indexes in order, as the drawing store keeps them", () => {
    const elements = flowchartToDrawing(chart(SAMPLES[4]!));
    expect(new Set(elements.map((e) => e.id)).size).toBe(elements.length);
    for (const e of elements) expect(isStoredElement(e)).toBe(true);
    const indexes = elements.map((e) => e.index);
    expect([...indexes].sort()).toEqual(indexes);
    const many = Array.from({ length: 400 }, (_, i) => stackIndex(i));
    expect([...many].sort()).toEqual(many);
    expect(new Set(many).size).toBe(400);
  });

  it("makes the same drawing from the same chart", () => {
    expect(flowchartToDrawing(chart(RELEASE), 5)).toEqual(flowchartToDrawing(chart(RELEASE), 5));
  });
});
