import { describe, expect, it } from "vitest";
import { chartName, FLOWCHART_MAX_EDGES, FLOWCHART_MAX_NODES, parseFlowchart } from "./flowchart";

const chart = (source: string) => {
  const result = parseFlowchart(source);
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.error)}`);
  return result.chart;
};

describe("reading a Mermaid flowchart", () => {
  it("reads every node shape the helper writes into box, round, circle or diamond", () => {
    const c = chart(`flowchart TD
  a[Box] --> b(Round) --> c((Circle)) --> d{Choice}
  d --> e([Stadium]) --> f[[Sub]] --> g[(Store)] --> h{{Hex}} --> i>Flag] --> j(((Stop)))
  j --> k[/Slanted/]`);
    expect(Object.fromEntries(c.nodes.map((n) => [n.id, n.shape]))).toEqual({
      a: "box", b: "round", c: "circle", d: "diamond", e: "round", f: "box", g: "box", h: "box", i: "box", j: "circle", k: "box",
    });
    expect(c.nodes.map((n) => n.label)).toEqual(["Box", "Round", "Circle", "Choice", "Stadium", "Sub", "Store", "Hex", "Flag", "Stop", "Slanted"]);
  });

  it("takes a node's label from where it is shaped, and its id as label when it never is", () => {
    const c = chart("graph LR\n  A --> B\n  B[Send the invoice]\n  B --> C");
    expect(c.direction).toBe("LR");
    expect(c.nodes).toEqual([
      { id: "A", label: "A", shape: "box" },
      { id: "B", label: "Send the invoice", shape: "box" },
      { id: "C", label: "C", shape: "box" },
    ]);
  });

  it("reads quoted labels with brackets, line breaks and entities, and drops :::class suffixes", () => {
    const c = chart('flowchart TD\n  A:::hot["Check [draft] (v2)"] --> B["Line one<br/>Line #quot;two#quot;"]:::cold');
    expect(c.nodes.map((n) => n.label)).toEqual(["Check [draft] (v2)", 'Line one\nLine "two"']);
  });

  it("reads link labels written |between bars| and -- inside the link --, on every kind of link", () => {
    const c = chart(`flowchart TD
  A -->|Yes| B
  A -- no, later --> C
  B -.->|maybe| D
  C == surely ==> D
  D -. perhaps .-> E
  E --- F
  F ==> G
  G --x H`);
    expect(c.edges.map((e) => `${e.from}>${e.to}:${e.label}`)).toEqual(["A>B:Yes", "A>C:no, later", "B>D:maybe", "C>D:surely", "D>E:perhaps", "E>F:", "F>G:", "G>H:"]);
  });

  it("reads chains, & groups, semicolons, comments, styling lines and flattens subgraphs", () => {
    const c = chart(`%% a comment
graph TD; A --> B --> C
  subgraph Team [The team]
    direction LR
    C & D --> E %% trailing comment
  end
  classDef hot fill:#f00
  class A hot
  style B fill:#0f0
  click A "https://example.com"
  linkStyle 0 stroke:#f00`);
    expect(c.nodes.map((n) => n.id)).toEqual(["A", "B", "C", "D", "E"]);
    expect(c.edges.map((e) => `${e.from}>${e.to}`)).toEqual(["A>B", "B>C", "C>E", "D>E"]);
    expect(c.direction).toBe("TD");
  });

  it("reads the title of a front matter and names the chart by it, else by its first and last steps", () => {
    expect(chartName(chart("---\ntitle: Release process\n---\nflowchart TD\n  A --> B"))).toBe("Release process");
    expect(chartName(chart("flowchart TD\n  A((Start)) --> B[Ship it]"))).toBe("Start → Ship it");
    expect(chartName(chart("flowchart TD\n  A[Only]"))).toBe("Only");
    expect(chartName(chart(`flowchart TD\n  A[${"x".repeat(180)}] --> B[${"y".repeat(100)}]`), 200)).toHaveLength(200);
  });

  it("refuses other kinds of diagrams as not a flowchart, so the user can be told what converts", () => {
    for (const source of ["sequenceDiagram\n  A->>B: hi", "classDiagram\n  A <|-- B", "stateDiagram-v2\n  [*] --> A", "pie\n  \"a\": 1", "Just some prose."]) {
      expect(parseFlowchart(source)).toEqual({ ok: false, error: { code: "not_flowchart", line: 1 } });
    }
  });

  it("refuses empty text and a flowchart without nodes", () => {
    expect(parseFlowchart("   \n%% nothing\n")).toEqual({ ok: false, error: { code: "empty" } });
    expect(parseFlowchart("flowchart TD\n")).toEqual({ ok: false, error: { code: "empty" } });
  });

  it("refuses broken statements with the line they are on", () => {
    expect(parseFlowchart("flowchart TD\n  A[Start] --> B\n  B[oops --> C")).toEqual({ ok: false, error: { code: "syntax", line: 3 } });
    expect(parseFlowchart("flowchart TD\n  A --> ")).toEqual({ ok: false, error: { code: "syntax", line: 2 } });
    expect(parseFlowchart("flowchart TD\n  A ~~ B")).toEqual({ ok: false, error: { code: "syntax", line: 2 } });
    expect(parseFlowchart("flowchart sideways\n  A --> B")).toEqual({ ok: false, error: { code: "syntax", line: 1 } });
    expect(parseFlowchart("---\ntitle: never closed\nflowchart TD")).toEqual({ ok: false, error: { code: "syntax", line: 1 } });
  });

  it("caps the nodes, the links and the length of the source", () => {
    const nodes = Array.from({ length: FLOWCHART_MAX_NODES + 1 }, (_, i) => `  n${i}`).join("\n");
    expect(parseFlowchart(`flowchart TD\n${nodes}`)).toEqual({ ok: false, error: { code: "too_many_nodes" } });
    expect(parseFlowchart(`flowchart TD\n${nodes.split("\n").slice(0, FLOWCHART_MAX_NODES).join("\n")}`).ok).toBe(true);
    const links = Array.from({ length: FLOWCHART_MAX_EDGES + 1 }, () => "  A --> B").join("\n");
    expect(parseFlowchart(`flowchart TD\n${links}`)).toEqual({ ok: false, error: { code: "too_many_edges" } });
    expect(parseFlowchart(`flowchart TD\n  A[${"x".repeat(20_001)}]`)).toEqual({ ok: false, error: { code: "too_large" } });
  });

  it("cuts a very long label instead of carrying a paragraph into a box", () => {
    const c = chart(`flowchart TD\n  A[${"word ".repeat(100)}]`);
    expect(c.nodes[0]!.label.length).toBe(200);
    expect(c.nodes[0]!.label.endsWith("…")).toBe(true);
  });
});
