/**
 * A flowchart as a BPMN 2.0 draft with its diagram (DI), laid out by `layout.ts`, so bpmn-js
 * opens it as drawn. Mapping:
 * - a diamond is an exclusive gateway;
 * - a round or circle node with no incoming link is a start event, one with no outgoing link an
 *   end event (a round node in the middle of the flow is a step, so a task);
 * - every other node is a task; every link a sequence flow named by its label.
 * Labels of events and gateways sit where no flow runs: above a start event, below an end event
 * (beside both when the flow runs sideways), to the upper left of a gateway (back links climb on the right) (above it sideways).
 */
import type { Flowchart, FlowNode } from "./flowchart";
import { type ChartLayout, layoutChart, type Point, wrapLines } from "./layout";

export type BpmnKind = "startEvent" | "endEvent" | "task" | "exclusiveGateway";

const SIZE: Record<BpmnKind, { width: number; height: number }> = {
  task: { width: 100, height: 80 },
  exclusiveGateway: { width: 50, height: 50 },
  startEvent: { width: 36, height: 36 },
  endEvent: { width: 36, height: 36 },
};
const PREFIX: Record<BpmnKind, string> = { task: "Activity", exclusiveGateway: "Gateway", startEvent: "StartEvent", endEvent: "EndEvent" };

/** bpmn-js draws external labels in 11 px Arial: about this many characters fit its 90 px box. */
const LABEL_CHARS = 15;
const LABEL_WIDTH = 90;
const LINE_HEIGHT = 14;

/** The BPMN element each node becomes. */
export function bpmnKinds(chart: Flowchart): Map<string, BpmnKind> {
  // A self-loop counts: an event may not both start or end the flow and link to itself.
  const incoming = new Set(chart.edges.map((e) => e.to));
  const outgoing = new Set(chart.edges.map((e) => e.from));
  const kindOf = (n: FlowNode): BpmnKind => {
    if (n.shape === "diamond") return "exclusiveGateway";
    if (n.shape === "box") return "task";
    if (!incoming.has(n.id)) return "startEvent";
    if (!outgoing.has(n.id)) return "endEvent";
    return "task";
  };
  return new Map(chart.nodes.map((n) => [n.id, kindOf(n)]));
}

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/\n/g, "&#10;");
const r = (n: number) => Math.round(n);

function labelBox(text: string): { width: number; height: number } {
  const lines = wrapLines(text, LABEL_CHARS);
  return { width: Math.min(LABEL_WIDTH, Math.max(...lines.map((l) => l.length)) * 7 + 4), height: lines.length * LINE_HEIGHT };
}

function bounds(b: { x: number; y: number; width: number; height: number }) {
  return `<dc:Bounds x="${r(b.x)}" y="${r(b.y)}" width="${r(b.width)}" height="${r(b.height)}" />`;
}

/** The chart's BPMN kinds and layout (exported for tests of the picture). */
export function bpmnLayout(chart: Flowchart): { kinds: Map<string, BpmnKind>; layout: ChartLayout } {
  const kinds = bpmnKinds(chart);
  return { kinds, layout: layoutChart(chart, (n) => SIZE[kinds.get(n.id)!]) };
}

/** A flowchart as BPMN 2.0 XML with DI, ready for bpmn-js. */
export function flowchartToBpmn(chart: Flowchart): string {
  const { kinds, layout } = bpmnLayout(chart);
  const sideways = chart.direction === "LR" || chart.direction === "RL";
  const ids = new Map<string, string>();
  chart.nodes.forEach((n, i) => ids.set(n.id, `${PREFIX[kinds.get(n.id)!]}_${i + 1}`));
  const flowId = (i: number) => `Flow_${i + 1}`;

  const process: string[] = [];
  for (const n of chart.nodes) {
    const id = ids.get(n.id)!;
    const kind = kinds.get(n.id)!;
    const links: string[] = [];
    chart.edges.forEach((e, i) => {
      if (e.to === n.id) links.push(`      <bpmn:incoming>${flowId(i)}</bpmn:incoming>`);
    });
    chart.edges.forEach((e, i) => {
      if (e.from === n.id) links.push(`      <bpmn:outgoing>${flowId(i)}</bpmn:outgoing>`);
    });
    const name = n.label ? ` name="${escape(n.label)}"` : "";
    process.push(links.length ? `    <bpmn:${kind} id="${id}"${name}>\n${links.join("\n")}\n    </bpmn:${kind}>` : `    <bpmn:${kind} id="${id}"${name} />`);
  }
  chart.edges.forEach((e, i) => {
    const name = e.label ? ` name="${escape(e.label)}"` : "";
    process.push(`    <bpmn:sequenceFlow id="${flowId(i)}"${name} sourceRef="${ids.get(e.from)}" targetRef="${ids.get(e.to)}" />`);
  });

  const shapes: string[] = [];
  for (const placed of layout.nodes) {
    const id = ids.get(placed.node.id)!;
    const kind = kinds.get(placed.node.id)!;
    const marker = kind === "exclusiveGateway" ? ' isMarkerVisible="true"' : "";
    let label = "";
    if (kind !== "task" && placed.node.label) {
      const box = labelBox(placed.node.label);
      const cx = placed.x + placed.width / 2;
      const cy = placed.y + placed.height / 2;
      let at: Point;
      if (kind === "exclusiveGateway") at = sideways ? { x: cx - box.width / 2, y: placed.y - box.height - 6 } : { x: placed.x - box.width - 4, y: cy - box.height - 6 };
      else if (sideways) at = { x: cx - box.width / 2, y: placed.y - box.height - 6 };
      else at = kind === "startEvent" ? { x: cx - box.width / 2, y: placed.y - box.height - 6 } : { x: cx - box.width / 2, y: placed.y + placed.height + 6 };
      label = `\n        <bpmndi:BPMNLabel>\n          ${bounds({ ...at, ...box })}\n        </bpmndi:BPMNLabel>`;
    }
    shapes.push(`      <bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"${marker}>\n        ${bounds(placed)}${label}\n      </bpmndi:BPMNShape>`);
  }
  layout.edges.forEach((edge, i) => {
    const waypoints = edge.points.map((p) => `        <di:waypoint x="${r(p.x)}" y="${r(p.y)}" />`).join("\n");
    let label = "";
    if (edge.label) {
      const box = labelBox(edge.label);
      const a = edge.labelAnchor;
      const at = a.side === "above" ? { x: a.x - box.width / 2, y: a.y - box.height - 3 } : { x: a.x + 5, y: a.y - box.height / 2 };
      label = `\n        <bpmndi:BPMNLabel>\n          ${bounds({ ...at, ...box })}\n        </bpmndi:BPMNLabel>`;
    }
    shapes.push(`      <bpmndi:BPMNEdge id="${flowId(i)}_di" bpmnElement="${flowId(i)}">\n${waypoints}${label}\n      </bpmndi:BPMNEdge>`);
  });

  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="Definitions_1" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="Process_1" isExecutable="false">
${process.join("\n")}
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="Process_1">
${shapes.join("\n")}
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}
