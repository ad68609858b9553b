/**
 * Atlassian Document Format → our rich text (the Markdown a long-text field and a comment
 * hold). Mentions become our mention form `@[Name](user-guid)` when the person was matched,
 * else `@Name`; code blocks are fenced, tables are pipe tables, media become images pointing
 * at the copied attachment when one is known. Unknown nodes keep their text: nothing a
 * person wrote is dropped.
 */

export interface AdfNode {
  type: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  content?: AdfNode[];
}

export interface AdfContext {
  /** Our user guid for a Jira account id, when matched. */
  person?: (accountId: string) => string | undefined;
  /** Where an inline media node (by its file name or media id) can be read once copied. */
  media?: (alt: string | undefined, id: string | undefined) => string | undefined;
}

const isNode = (v: unknown): v is AdfNode => typeof v === "object" && v !== null && typeof (v as AdfNode).type === "string";

function inline(nodes: AdfNode[] | undefined, ctx: AdfContext): string {
  return (nodes ?? []).map((n) => inlineNode(n, ctx)).join("");
}

const escapeCell = (s: string) => s.replaceAll("|", "\\|").replaceAll("\n", " ");

function inlineNode(n: AdfNode, ctx: AdfContext): string {
  switch (n.type) {
    case "text": {
      let text = n.text ?? "";
      for (const mark of n.marks ?? []) {
        if (mark.type === "strong") text = `**${text}**`;
        else if (mark.type === "em") text = `_${text}_`;
        else if (mark.type === "code") text = `\`${text}\``;
        else if (mark.type === "strike") text = `~~${text}~~`;
        else if (mark.type === "link" && typeof mark.attrs?.href === "string") text = `[${text}](${mark.attrs.href})`;
      }
      return text;
    }
    case "hardBreak":
      return "\n";
    case "mention": {
      const name = String(n.attrs?.text ?? "").replace(/^@/, "") || "someone";
      const guid = typeof n.attrs?.id === "string" ? ctx.person?.(n.attrs.id) : undefined;
      return guid ? `@[${name}](${guid})` : `@${name}`;
    }
    case "emoji":
      return String(n.attrs?.text ?? n.attrs?.shortName ?? "");
    case "inlineCard":
      return typeof n.attrs?.url === "string" ? n.attrs.url : "";
    case "date":
      return typeof n.attrs?.timestamp === "string" ? new Date(Number(n.attrs.timestamp)).toISOString().slice(0, 10) : "";
    case "status":
      return `[${String(n.attrs?.text ?? "")}]`;
    case "media": {
      const alt = typeof n.attrs?.alt === "string" ? n.attrs.alt : undefined;
      const url = ctx.media?.(alt, typeof n.attrs?.id === "string" ? n.attrs.id : undefined);
      return url ? `![${alt ?? "image"}](${url})` : `[${alt ?? "image"}]`;
    }
    default:
      return n.content ? inline(n.content, ctx) : (n.text ?? "");
  }
}

function block(n: AdfNode, ctx: AdfContext, indent = ""): string {
  switch (n.type) {
    case "paragraph":
      return indent + inline(n.content, ctx);
    case "heading":
      return `${"#".repeat(Math.min(6, Math.max(1, Number(n.attrs?.level) || 1)))} ${inline(n.content, ctx)}`;
    case "codeBlock": {
      const lang = typeof n.attrs?.language === "string" ? n.attrs.language : "";
      return `\`\`\`${lang}\n${(n.content ?? []).map((c) => c.text ?? "").join("")}\n\`\`\``;
    }
    case "blockquote":
      return blocks(n.content, ctx).split("\n").map((l) => `> ${l}`).join("\n");
    case "rule":
      return "---";
    case "bulletList":
    case "orderedList":
      return (n.content ?? [])
        .map((item, i) => {
          const marker = n.type === "orderedList" ? `${i + 1}. ` : "- ";
          const [first = "", ...rest] = blocks(item.content, ctx).split("\n");
          return [`${indent}${marker}${first}`, ...rest.map((l) => `${indent}  ${l}`)].join("\n");
        })
        .join("\n");
    case "table": {
      const rows = (n.content ?? []).map((row) => (row.content ?? []).map((cell) => escapeCell(blocks(cell.content, ctx))));
      if (rows.length === 0) return "";
      const width = Math.max(...rows.map((r) => r.length));
      const line = (cells: string[]) => `| ${Array.from({ length: width }, (_, i) => cells[i] ?? "").join(" | ")} |`;
      return [line(rows[0]!), line(Array.from({ length: width }, () => "---")), ...rows.slice(1).map(line)].join("\n");
    }
    case "mediaSingle":
    case "mediaGroup":
      return (n.content ?? []).map((m) => inlineNode(m, ctx)).join("\n");
    case "panel":
    case "expand":
      return blocks(n.content, ctx);
    default:
      return n.content ? blocks(n.content, ctx) : inlineNode(n, ctx);
  }
}

function blocks(nodes: AdfNode[] | undefined, ctx: AdfContext): string {
  return (nodes ?? []).map((n) => block(n, ctx)).filter((s) => s !== "").join("\n\n");
}

/** The Markdown of an ADF document; anything that is not one (null, a string) reads as text or "". */
export function adfToMarkdown(doc: unknown, ctx: AdfContext = {}): string {
  if (typeof doc === "string") return doc;
  if (!isNode(doc)) return "";
  return blocks(doc.type === "doc" ? doc.content : [doc], ctx).trim();
}
