/**
 * The Mermaid flowchart subset the diagram helper writes, read into a plain graph (issue 13: a
 * flowchart can become a BPMN draft or a drawing). Read here:
 * - the header `flowchart` or `graph` with an optional direction (TD, TB, BT, LR, RL), an
 *   optional front matter `title:` above it, `%%` comments and `%%{…}%%` directives;
 * - nodes `id`, `id[box]`, `id(round)`, `id([stadium])`, `id((circle))`, `id(((circle)))`,
 *   `id{diamond}`, `id{{hexagon}}`, `id[[subroutine]]`, `id[(database)]`, `id>flag]`,
 *   `id[/slanted/]`, with "quoted" labels and `:::class` suffixes;
 * - links `-->`, `---`, `-.->`, `==>`, `--x`, `--o` and longer ones, labelled `-->|text|` or
 *   `-- text -->` (`-. text .->`, `== text ==>`), chained `a --> b --> c` and fanned `a & b --> c`;
 * - `subgraph … end` is flattened (its nodes stay, the box is dropped); styling lines
 *   (`classDef`, `class`, `style`, `linkStyle`, `click`, `accTitle`, `accDescr`, `direction`)
 *   are skipped.
 * Anything else is refused with the line it was found on. Other diagram kinds (sequence, class,
 * state…) are refused as `not_flowchart`, so the browser can say what can be converted.
 */

/** How a node is drawn: it decides the BPMN element and the drawing's shape. */
export type NodeShape = "box" | "round" | "circle" | "diamond";

export interface FlowNode {
  id: string;
  label: string;
  shape: NodeShape;
}

export interface FlowEdge {
  from: string;
  to: string;
  label: string;
}

export type Direction = "TD" | "BT" | "LR" | "RL";

export interface Flowchart {
  title: string | null;
  direction: Direction;
  /** In order of first mention. */
  nodes: FlowNode[];
  edges: FlowEdge[];
}

export type FlowchartErrorCode = "empty" | "not_flowchart" | "syntax" | "too_large" | "too_many_nodes" | "too_many_edges";

export interface FlowchartError {
  code: FlowchartErrorCode;
  /** 1-based line of the source, for `syntax`. */
  line?: number;
}

export type FlowchartResult = { ok: true; chart: Flowchart } | { ok: false; error: FlowchartError };

/** Longest source read (the helper's diagrams are a few hundred characters). */
export const FLOWCHART_MAX_CHARS = 20_000;
/** More nodes than this do not make a readable draft. */
export const FLOWCHART_MAX_NODES = 100;
export const FLOWCHART_MAX_EDGES = 200;
/** Labels longer than this are cut (a BPMN name or a box is not a paragraph). */
export const LABEL_MAX_CHARS = 200;

const HEADER = /^(flowchart|graph)(?:\s+(TD|TB|BT|LR|RL))?\s*;?\s*$/i;
const SKIPPED = /^(classDef|class|style|linkStyle|click|accTitle|accDescr|direction)\b/;
const ID = /[\p{L}\p{N}_]+(?:[-.][\p{L}\p{N}_]+)*/uy;

/** Node shape delimiters, longest opening first so `((` is not read as `(`. */
const SHAPES: readonly { open: string; close: readonly string[]; shape: NodeShape }[] = [
  { open: "(((", close: [")))"], shape: "circle" },
  { open: "((", close: ["))"], shape: "circle" },
  { open: "([", close: ["])"], shape: "round" },
  { open: "[[", close: ["]]"], shape: "box" },
  { open: "[(", close: [")]"], shape: "box" },
  { open: "[/", close: ["/]", "\\]"], shape: "box" },
  { open: "[\\", close: ["\\]", "/]"], shape: "box" },
  { open: "{{", close: ["}}"], shape: "box" },
  { open: "(", close: [")"], shape: "round" },
  { open: "[", close: ["]"], shape: "box" },
  { open: "{", close: ["}"], shape: "diamond" },
  { open: ">", close: ["]"], shape: "box" },
];

/** Links without text inside them; a `|label|` may follow. `--x` must stand alone (else `-- xyz -->`). */
const PLAIN_LINKS = [/<?(?:-{2,}>|-{3,}|={2,}>|={3,}|-\.+->|-\.+-)(?=[\s\p{L}\p{N}_"|]|$)/uy, /(?:--|==)[ox](?=\s|$)/y];
/** Links with their text inside: `-- text -->`, `== text ==>`, `-. text .->`. */
const TEXT_LINKS = [/<?--(?![->])\s*(.+?)\s*-{2,}[>ox]?/y, /<?==(?![=>])\s*(.+?)\s*={2,}[>ox]?/y, /<?-\.(?![.-])\s*(.+?)\s*\.-+>?/y];

class SyntaxProblem extends Error {}

/** Label text as shown: quotes and Markdown backticks dropped, `<br>` as a line break, entities read. */
function cleanLabel(raw: string): string {
  let text = raw.trim();
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) text = text.slice(1, -1);
  if (text.length >= 2 && text.startsWith("`") && text.endsWith("`")) text = text.slice(1, -1);
  text = text
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/#quot;/g, '"')
    .replace(/#amp;/g, "&")
    .replace(/#lt;/g, "<")
    .replace(/#gt;/g, ">")
    .replace(/#(\d+);/g, (_m, code: string) => String.fromCodePoint(Math.min(Number(code), 0x10ffff)))
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
  return text.length > LABEL_MAX_CHARS ? `${text.slice(0, LABEL_MAX_CHARS - 1)}…` : text;
}

/** Reads one statement (a line, or a part of it between `;`). */
class StatementReader {
  private pos = 0;
  constructor(private readonly text: string) {}

  private skipSpace() {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos]!)) this.pos += 1;
  }

  get done(): boolean {
    this.skipSpace();
    return this.pos >= this.text.length;
  }

  /** `id`, optionally `:::class`, optionally a shape with its label. */
  node(): { id: string; label?: string; shape?: NodeShape } {
    this.skipSpace();
    ID.lastIndex = this.pos;
    const id = ID.exec(this.text)?.[0];
    if (!id) throw new SyntaxProblem();
    this.pos += id.length;
    this.skipClass();
    const shape = SHAPES.find((s) => this.text.startsWith(s.open, this.pos));
    if (!shape) return { id };
    this.pos += shape.open.length;
    const label = this.until(shape.close);
    this.skipClass();
    return { id, label: cleanLabel(label), shape: shape.shape };
  }

  /** Text up to one of `closers` (quotes keep their brackets), which is consumed. */
  private until(closers: readonly string[]): string {
    const start = this.pos;
    const quoted = this.text[this.pos] === '"';
    if (quoted) {
      const end = this.text.indexOf('"', this.pos + 1);
      if (end < 0) throw new SyntaxProblem();
      this.pos = end + 1;
    }
    for (let i = this.pos; i < this.text.length; i++) {
      const closer = closers.find((c) => this.text.startsWith(c, i));
      if (closer) {
        this.pos = i + closer.length;
        return this.text.slice(start, i);
      }
    }
    throw new SyntaxProblem();
  }

  private skipClass() {
    const m = /^:::[\w-]+/.exec(this.text.slice(this.pos));
    if (m) this.pos += m[0].length;
  }

  /** A link and its label, or null when none starts here. */
  link(): { label: string } | null {
    this.skipSpace();
    const plain = PLAIN_LINKS.map((form) => {
      form.lastIndex = this.pos;
      return form.exec(this.text);
    }).find(Boolean);
    if (plain) {
      this.pos += plain[0].length;
      this.skipSpace();
      if (this.text[this.pos] === "|") {
        this.pos += 1;
        return { label: cleanLabel(this.until(["|"])) };
      }
      return { label: "" };
    }
    for (const form of TEXT_LINKS) {
      form.lastIndex = this.pos;
      const m = form.exec(this.text);
      if (m) {
        this.pos += m[0].length;
        return { label: cleanLabel(m[1]!) };
      }
    }
    return null;
  }

  /** `&` between nodes of one side of a link. */
  ampersand(): boolean {
    this.skipSpace();
    if (this.text[this.pos] !== "&") return false;
    this.pos += 1;
    return true;
  }
}

/** Splits a line at `;` outside quotes and brackets' labels (labels may hold `;`). */
function statements(line: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === '"') quoted = !quoted;
    else if (!quoted && "[({".includes(ch)) depth += 1;
    else if (!quoted && "])}".includes(ch)) depth = Math.max(0, depth - 1);
    else if (!quoted && depth === 0 && ch === ";") {
      out.push(line.slice(start, i));
      start = i + 1;
    }
  }
  out.push(line.slice(start));
  return out.map((s) => s.trim()).filter(Boolean);
}

/** Reads a Mermaid flowchart into nodes and edges, or says why it cannot. */
export function parseFlowchart(source: string): FlowchartResult {
  if (source.length > FLOWCHART_MAX_CHARS) return { ok: false, error: { code: "too_large" } };
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  let title: string | null = null;
  let i = 0;
  const skipBlank = () => {
    while (i < lines.length && (!lines[i]!.trim() || lines[i]!.trim().startsWith("%%"))) i += 1;
  };
  skipBlank();
  if (lines[i]?.trim() === "---") {
    const end = lines.findIndex((l, k) => k > i && l.trim() === "---");
    if (end < 0) return { ok: false, error: { code: "syntax", line: i + 1 } };
    for (const l of lines.slice(i + 1, end)) {
      const m = /^\s*title:\s*(.+?)\s*$/.exec(l);
      if (m) title = cleanLabel(m[1]!.replace(/^(['"])(.*)\1$/, "$2")) || null;
    }
    i = end + 1;
    skipBlank();
  }
  if (i >= lines.length) return { ok: false, error: { code: "empty" } };
  // `graph TD; A-->B; B-->C` keeps its statements on the header's line.
  const [first = "", ...rest] = statements(lines[i]!);
  lines[i] = rest.join(";");
  const header = HEADER.exec(first);
  if (!header) return { ok: false, error: { code: /^(flowchart|graph)\b/i.test(first) ? "syntax" : "not_flowchart", line: i + 1 } };
  const dir = (header[2] ?? "TD").toUpperCase();
  const direction: Direction = dir === "TB" ? "TD" : (dir as Direction);

  const nodes = new Map<string, FlowNode>();
  const edges: FlowEdge[] = [];
  const meet = (n: { id: string; label?: string; shape?: NodeShape }) => {
    const known = nodes.get(n.id);
    if (!known) {
      if (nodes.size >= FLOWCHART_MAX_NODES) return false;
      nodes.set(n.id, { id: n.id, label: n.label ?? n.id, shape: n.shape ?? "box" });
    } else if (n.shape) {
      known.label = n.label ?? known.label;
      known.shape = n.shape;
    }
    return true;
  };

  for (; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line || line.startsWith("%%")) continue;
    for (const statement of statements(line.replace(/\s%%.*$/, ""))) {
      if (SKIPPED.test(statement) || /^(subgraph\b|end$)/.test(statement)) continue;
      try {
        const reader = new StatementReader(statement);
        const group = () => {
          const members = [reader.node()];
          while (reader.ampersand()) members.push(reader.node());
          return members;
        };
        let left = group();
        for (const n of left) if (!meet(n)) return { ok: false, error: { code: "too_many_nodes" } };
        while (!reader.done) {
          const link = reader.link();
          if (!link) throw new SyntaxProblem();
          const right = group();
          for (const n of right) if (!meet(n)) return { ok: false, error: { code: "too_many_nodes" } };
          for (const a of left) {
            for (const b of right) {
              if (edges.length >= FLOWCHART_MAX_EDGES) return { ok: false, error: { code: "too_many_edges" } };
              edges.push({ from: a.id, to: b.id, label: link.label });
            }
          }
          left = right;
        }
      } catch (err) {
        if (err instanceof SyntaxProblem) return { ok: false, error: { code: "syntax", line: i + 1 } };
        throw err;
      }
    }
  }
  if (nodes.size === 0) return { ok: false, error: { code: "empty" } };
  return { ok: true, chart: { title, direction, nodes: [...nodes.values()], edges } };
}

/**
 * The name of a document made from the chart: its title, else its first and last steps
 * ("Start → Launched"), cut to `max` characters.
 */
export function chartName(chart: Flowchart, max = 200): string {
  const first = chart.nodes[0]!.label.replace(/\n/g, " ");
  const last = chart.nodes[chart.nodes.length - 1]!.label.replace(/\n/g, " ");
  const name = chart.title ?? (chart.nodes.length > 1 ? `${first} → ${last}` : first);
  return name.length > max ? `${name.slice(0, max - 1)}…` : name;
}
