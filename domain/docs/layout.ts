/**
 * How each kind of document keeps its content in its Y.Doc (issue 6). The document's Durable
 * Object, the editors and the shared read-only views all read these names, so they agree.
 *
 * - text: a ProseMirror tree (TipTap) in the XML fragment `content`.
 * - bpmn: the diagram's BPMN 2.0 XML as a whole in the map `bpmn` under `xml`, with `rev`
 *   counting saves (a whole-file format: concurrent saves are detected, not merged).
 * - drawing: Excalidraw elements in the map `elements`, one entry per element id, each the
 *   element's JSON (Excalidraw's own `version` decides which of two edits of one element wins).
 * - table: the grid in the array `columns` (maps: id, name, type) and the array `rows` (maps:
 *   id, and one entry per column id).
 */
export const DOC_KINDS = ["text", "bpmn", "drawing", "table"] as const;
export type DocKind = (typeof DOC_KINDS)[number];

export const Y_TEXT_FIELD = "content";
export const Y_BPMN_MAP = "bpmn";
export const Y_DRAWING_ELEMENTS = "elements";
export const Y_TABLE_COLUMNS = "columns";
export const Y_TABLE_ROWS = "rows";

/** The shared read-only route segment of each kind (spec §2 `/shared/{segment}/{guid}`). */
export const SHARED_SEGMENT: Record<DocKind, string> = { text: "docs", bpmn: "bpmn", drawing: "excalidraw", table: "table" };
