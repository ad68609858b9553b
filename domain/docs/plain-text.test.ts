import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { Y_BPMN_MAP, Y_DRAWING_ELEMENTS, Y_TABLE_COLUMNS, Y_TABLE_ROWS, Y_TEXT_FIELD } from "./layout";
import { mentionedUsers, PLAIN_TEXT_MAX, plainTextOf } from "./plain-text";

const el = (name: string, children: (Y.XmlElement | Y.XmlText)[], attrs: Record<string, string> = {}) => {
  const e = new Y.XmlElement(name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.insert(0, children);
  return e;
};
const txt = (s: string) => new Y.XmlText(s);
const ANN = "0b7c1a64-6f1e-4a1f-9d55-2a0d4e1f9a01";

function textDoc() {
  const doc = new Y.Doc();
  doc.getXmlFragment(Y_TEXT_FIELD).insert(0, [
    el("heading", [txt("Plan")], { level: "1" }),
    el("paragraph", [txt("Ask "), el("mention", [], { id: ANN, label: "Ann", mentionSuggestionChar: "@" }), txt(" about "), el("mention", [], { id: "task-1", label: "12 Login", mentionSuggestionChar: "#" })]),
    el("bulletList", [el("listItem", [el("paragraph", [txt("one")])]), el("listItem", [el("paragraph", [txt("two")])])]),
    el("table", [el("tableRow", [el("tableHeader", [el("paragraph", [txt("a")])]), el("tableHeader", [el("paragraph", [txt("b")])])]), el("tableRow", [el("tableCell", [el("paragraph", [txt("1")])]), el("tableCell", [el("paragraph", [txt("2")])])])]),
  ]);
  return doc;
}

describe("plain text of documents", () => {
  it("reads a text document line by line: headings, mentions by name, list items, table rows with tabs", () => {
    expect(plainTextOf(textDoc(), "text")).toBe("Plan\nAsk @Ann about #12 Login\none\ntwo\na\tb\n1\t2");
  });

  it("reads a diagram's names and annotations, a drawing's live texts top to bottom, a table's cells", () => {
    const bpmn = new Y.Doc();
    bpmn.getMap(Y_BPMN_MAP).set("xml", '<bpmn:process><bpmn:task id="t" name="Check &amp; send" /><bpmn:textAnnotation><bpmn:text>Note</bpmn:text></bpmn:textAnnotation></bpmn:process>');
    expect(plainTextOf(bpmn, "bpmn")).toBe("Check & send\nNote");

    const drawing = new Y.Doc();
    const elements = drawing.getMap(Y_DRAWING_ELEMENTS);
    elements.set("a", JSON.stringify({ type: "text", text: "Below", y: 50 }));
    elements.set("b", { type: "text", text: "Above", y: 10 });
    elements.set("c", JSON.stringify({ type: "text", text: "Gone", y: 0, isDeleted: true }));
    elements.set("d", "not json");
    expect(plainTextOf(drawing, "drawing")).toBe("Above\nBelow");

    const table = new Y.Doc();
    const col = (id: string, name: string) => {
      const m = new Y.Map();
      m.set("id", id);
      m.set("name", name);
      return m;
    };
    table.getArray(Y_TABLE_COLUMNS).push([col("c1", "Name"), col("c2", "Qty")]);
    const row = new Y.Map();
    row.set("id", "r1");
    row.set("c1", "Bolts");
    row.set("c2", 40);
    table.getArray(Y_TABLE_ROWS).push([row]);
    expect(plainTextOf(table, "table")).toBe("Name\tQty\nBolts\t40");
  });

  it("never throws on foreign content and cuts very long text", () => {
    const doc = new Y.Doc();
    doc.getMap(Y_BPMN_MAP).set("xml", 42);
    expect(plainTextOf(doc, "bpmn")).toBe("");
    const long = new Y.Doc();
    long.getXmlFragment(Y_TEXT_FIELD).insert(0, [el("paragraph", [txt("x".repeat(PLAIN_TEXT_MAX + 10))])]);
    expect(plainTextOf(long, "text")).toHaveLength(PLAIN_TEXT_MAX);
  });

  it("finds the people mentioned (not tasks, not malformed ids)", () => {
    const doc = textDoc();
    doc.getXmlFragment(Y_TEXT_FIELD).insert(0, [el("paragraph", [el("mention", [], { id: "not-a-guid", label: "X" })])]);
    expect(mentionedUsers(doc)).toEqual([ANN]);
  });
});
