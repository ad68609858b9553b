import { describe, expect, it } from "vitest";
import { adfToMarkdown } from "./adf";

const p = (...content: unknown[]) => ({ type: "paragraph", content });
const t = (text: string, marks?: unknown[]) => ({ type: "text", text, ...(marks ? { marks } : {}) });

describe("ADF to our rich text", () => {
  it("turns a matched mention into our mention form and an unmatched one into @Name", () => {
    const doc = { type: "doc", content: [p(t("Ask "), { type: "mention", attrs: { id: "acc-1", text: "@Ada" } }, t(" and "), { type: "mention", attrs: { id: "acc-2", text: "@Bob" } })] };
    expect(adfToMarkdown(doc, { person: (id) => (id === "acc-1" ? "guid-ada" : undefined) })).toBe("Ask @[Ada](guid-ada) and @Bob");
  });

  it("keeps headings, marks, fenced code and lists", () => {
    const doc = {
      type: "doc",
      content: [
        { type: "heading", attrs: { level: 2 }, content: [t("Goal")] },
        p(t("very", [{ type: "strong" }]), t(" "), t("site", [{ type: "link", attrs: { href: "https://x.example" } }])),
        { type: "codeBlock", attrs: { language: "ts" }, content: [t("const a = 1;")] },
        { type: "bulletList", content: [{ type: "listItem", content: [p(t("one"))] }, { type: "listItem", content: [p(t("two"))] }] },
      ],
    };
    expect(adfToMarkdown(doc)).toBe("## Goal\n\n**very** [site](https://x.example)\n\n```ts\nconst a = 1;\n```\n\n- one\n- two");
  });

  it("writes a table as a pipe table", () => {
    const cell = (type: string, text: string) => ({ type, content: [p(t(text))] });
    const doc = { type: "doc", content: [{ type: "table", content: [{ type: "tableRow", content: [cell("tableHeader", "A"), cell("tableHeader", "B|C")] }, { type: "tableRow", content: [cell("tableCell", "1"), cell("tableCell", "2")] }] }] };
    expect(adfToMarkdown(doc)).toBe("| A | B\\|C |\n| --- | --- |\n| 1 | 2 |");
  });

  it("shows an image from the copied attachment, or its name when there is none", () => {
    const doc = { type: "doc", content: [{ type: "mediaSingle", content: [{ type: "media", attrs: { id: "m1", alt: "shot.png" } }] }] };
    expect(adfToMarkdown(doc, { media: (alt) => (alt === "shot.png" ? "/files/1" : undefined) })).toBe("![shot.png](/files/1)");
    expect(adfToMarkdown(doc)).toBe("[shot.png]");
  });

  it("reads null as empty and keeps the text of unknown nodes", () => {
    expect(adfToMarkdown(null)).toBe("");
    expect(adfToMarkdown({ type: "doc", content: [{ type: "mystery", content: [p(t("kept"))] }] })).toBe("kept");
  });
});
