/**
 * A diagram block's flowchart as the content of a new BPMN or drawing document (issue 13). This
 * module carries the converter and Yjs, so the text editor imports it only when asked to convert.
 */
import { chartName, FLOWCHART_MAX_EDGES, FLOWCHART_MAX_NODES, type FlowchartError, parseFlowchart } from "../../../domain/diagrams/flowchart";
import { flowchartToBpmn } from "../../../domain/diagrams/to-bpmn";
import { flowchartToDrawing } from "../../../domain/diagrams/to-excalidraw";
import { bpmnImportUpdate, drawingImportUpdate } from "../../../domain/docs/imports";
import { DOC_TITLE_MAX } from "../../../domain/docs/tree";

export type DraftKind = "bpmn" | "drawing";

export { FLOWCHART_MAX_EDGES, FLOWCHART_MAX_NODES };

/** The new document's title and its content as an update for the import call, or why not. */
export function buildDraft(source: string, kind: DraftKind, now: number): { ok: true; title: string; update: Uint8Array } | { ok: false; error: FlowchartError } {
  const parsed = parseFlowchart(source.trim());
  if (!parsed.ok) return parsed;
  const title = chartName(parsed.chart, DOC_TITLE_MAX);
  const update = kind === "bpmn" ? bpmnImportUpdate(flowchartToBpmn(parsed.chart)) : drawingImportUpdate(flowchartToDrawing(parsed.chart, now));
  return { ok: true, title, update };
}
