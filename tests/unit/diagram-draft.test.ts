/**
 * The diagram block's conversion as the browser runs it (issue 13): a flowchart gives a title
 * and an update the import call takes; anything else gives an error code whose message exists
 * in every language, so the user is always told in words why nothing was made.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { buildDraft } from "../../app/features/ai/diagram-draft";
import { readBpmn } from "../../domain/docs/bpmn";
import { readElements } from "../../domain/docs/drawing";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const FLOW = "flowchart LR\n  A((Order in)) --> B{In stock?}\n  B -->|yes| C[Ship]\n  B -->|no| D[Reorder] --> C";
const load = (update: Uint8Array) => {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, update);
  return doc;
};

describe("turning a diagram block into a new document", () => {
  it("makes a BPMN draft or a drawing named after the flowchart", () => {
    const bpmn = buildDraft(FLOW, "bpmn", 1);
    expect(bpmn).toMatchObject({ ok: true, title: "Order in → Reorder" });
    if (!bpmn.ok) return;
    expect(readBpmn(load(bpmn.update))?.xml).toContain('<bpmn:exclusiveGateway id="Gateway_2" name="In stock?"');
    const drawing = buildDraft(`---\ntitle: Orders\n---\n${FLOW}`, "drawing", 1);
    expect(drawing).toMatchObject({ ok: true, title: "Orders" });
    if (!drawing.ok) return;
    expect(readElements(load(drawing.update)).filter((e) => e.type === "arrow")).toHaveLength(4);
  });

  it("refuses a sequence diagram as not a flowchart, with a message in every language", () => {
    expect(buildDraft("sequenceDiagram\n  Ann->>Ben: Hello", "bpmn", 1)).toEqual({ ok: false, error: { code: "not_flowchart", line: 1 } });
    for (const lng of ["en", "de", "es", "ru"]) {
      const draft = JSON.parse(readFileSync(`${ROOT}/public/locales/${lng}/ai.json`, "utf8")).draft;
      for (const code of ["not_flowchart", "empty", "syntax", "too_large", "too_many_nodes", "too_many_edges"]) expect(draft.errors[code], `${lng} ${code}`).toBeTruthy();
      for (const key of ["toBpmn", "toDrawing", "working", "failed"]) expect(draft[key], `${lng} ${key}`).toBeTruthy();
    }
  });
});
