/**
 * Content made outside an editor and sent whole (`POST …/docs/{guid}/import`, a Yjs update): a
 * Markdown file for a text document, a flowchart's BPMN draft or drawing (issue 13). The update
 * is checked against the document's kind before it is merged, so an import can only write what
 * that kind's editor reads (`layout.ts`):
 * - text: any well-formed update (Markdown import, meeting notes);
 * - bpmn: one save in the map `bpmn` and nothing else, into a diagram nobody has saved yet (a
 *   BPMN diagram is a whole-file format: merging a draft into a drawn diagram would replace it);
 * - drawing: well-formed elements in the map `elements` and nothing else, within the element cap.
 */
import * as Y from "yjs";
import { BPMN_MAX_CHARS, readBpmn } from "./bpmn";
import { DRAWING_MAX_ELEMENTS, elementsMap, isStoredElement, type StoredElement, UNSTORED_TYPES, writeElements } from "./drawing";
import { type DocKind, Y_BPMN_MAP, Y_DRAWING_ELEMENTS } from "./layout";

export type ImportRefusal = "import_invalid" | "import_not_empty";

function decode(update: Uint8Array): Y.Doc | null {
  const doc = new Y.Doc();
  try {
    Y.applyUpdate(doc, update);
  } catch {
    return null;
  }
  return doc;
}

const onlyTouches = (doc: Y.Doc, name: string) => [...doc.share.keys()].every((key) => key === name);

/** Why `update` may not be imported into `current`, a document of `kind`; null when it may. */
export function checkImport(kind: DocKind, update: Uint8Array, current: Y.Doc): ImportRefusal | null {
  const incoming = decode(update);
  if (!incoming) return "import_invalid";
  if (kind === "text") return null;
  if (kind === "bpmn") {
    const save = readBpmn(incoming);
    if (!onlyTouches(incoming, Y_BPMN_MAP) || !save || save.xml.length > BPMN_MAX_CHARS || !save.xml.includes("definitions")) return "import_invalid";
    return readBpmn(current) ? "import_not_empty" : null;
  }
  if (kind === "drawing") {
    if (!onlyTouches(incoming, Y_DRAWING_ELEMENTS)) return "import_invalid";
    const map = elementsMap(incoming);
    let fine = map.size > 0;
    map.forEach((value, key) => {
      if (!isStoredElement(value) || value.id !== key || UNSTORED_TYPES.has(value.type)) fine = false;
    });
    if (!fine || map.size + elementsMap(current).size > DRAWING_MAX_ELEMENTS) return "import_invalid";
    return null;
  }
  return "import_invalid";
}

function randomId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A BPMN diagram's first save as an update to import (the editor opens it like any save). */
export function bpmnImportUpdate(xml: string): Uint8Array {
  const doc = new Y.Doc();
  const map = doc.getMap<unknown>(Y_BPMN_MAP);
  doc.transact(() => {
    map.set("xml", xml);
    map.set("rev", 1);
    map.set("id", `draft-${randomId()}`);
    map.set("parent", null);
  });
  return Y.encodeStateAsUpdate(doc);
}

/** Drawing elements as an update to import. */
export function drawingImportUpdate(elements: readonly StoredElement[]): Uint8Array {
  const doc = new Y.Doc();
  writeElements(doc, elements);
  return Y.encodeStateAsUpdate(doc);
}
