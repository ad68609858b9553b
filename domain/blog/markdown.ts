/**
 * The blog's Markdown, rendered to HTML on the server. A small, closed subset (headings,
 * paragraphs, emphasis, code, links, images, lists, quotes, rules) is all a post needs, and a
 * closed subset is what keeps it safe: every character of the source is escaped, there is no raw
 * HTML passthrough, and a link or image address is kept only when its scheme is on a short list
 * (http, https, mailto, or a path of this site). Anything else is shown as the text it is.
 */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for an HTML element or a quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * An address safe to put in `href`/`src`, or undefined. Browsers drop tabs, newlines and other
 * controls inside a scheme (`java\tscript:`), so those are removed before the scheme is read.
 */
export function safeUrl(raw: string, kind: "link" | "image" = "link"): string | undefined {
  const url = raw.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  if (url === "") return undefined;
  if (url.startsWith("//") || url.startsWith("\\")) return undefined;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined) {
    // A path of this site (or a fragment, for links); `:` before any `/` would be a scheme.
    return kind === "image" && !url.startsWith("/") ? undefined : url;
  }
  const allowed = kind === "image" ? ["http", "https"] : ["http", "https", "mailto"];
  return allowed.includes(scheme) ? url : undefined;
}

const INLINE =
  /`([^`]+)`|!\[([^\]]*)\]\(([^)\s]*)(?:\s+"([^"]*)")?\)|\[([^\]]+)\]\(([^)\s]*)(?:\s+"([^"]*)")?\)|\*\*(.+?)\*\*|__(.+?)__|~~(.+?)~~|\*([^*\s](?:.*?[^*\s])?)\*|(?<![\p{L}\p{N}])_([^_\s](?:.*?[^_\s])?)_(?![\p{L}\p{N}])|<((?:https?:\/\/|mailto:)[^>\s]+)>/gu;

/** Inline Markdown of one block's text to HTML. */
function inline(text: string): string {
  let out = "";
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    out += escapeHtml(text.slice(last, m.index));
    last = m.index + m[0].length;
    const [, code, alt, src, imgTitle, label, href, linkTitle, strong1, strong2, strike, em1, em2, auto] = m;
    if (code !== undefined) out += `<code>${escapeHtml(code)}</code>`;
    else if (src !== undefined) {
      const url = safeUrl(src, "image");
      out += url
        ? `<img src="${escapeHtml(url)}" alt="${escapeHtml(alt ?? "")}"${imgTitle ? ` title="${escapeHtml(imgTitle)}"` : ""} loading="lazy" decoding="async">`
        : escapeHtml(alt ?? "");
    } else if (label !== undefined) {
      const url = safeUrl(href ?? "");
      out += url ? anchor(url, inline(label), linkTitle) : inline(label);
    } else if (strong1 !== undefined || strong2 !== undefined) out += `<strong>${inline(strong1 ?? strong2!)}</strong>`;
    else if (strike !== undefined) out += `<del>${inline(strike)}</del>`;
    else if (em1 !== undefined || em2 !== undefined) out += `<em>${inline(em1 ?? em2!)}</em>`;
    else if (auto !== undefined) {
      const url = safeUrl(auto);
      out += url ? anchor(url, escapeHtml(auto)) : escapeHtml(m[0]);
    }
  }
  return out + escapeHtml(text.slice(last));
}

function anchor(url: string, html: string, title?: string): string {
  // Other sites get no referrer and no ranking credit from a post's links.
  const external = /^https?:/i.test(url) ? ' rel="nofollow noopener noreferrer"' : "";
  return `<a href="${escapeHtml(url)}"${title ? ` title="${escapeHtml(title)}"` : ""}${external}>${html}</a>`;
}

const FENCE = /^\s{0,3}(```|~~~)\s*([A-Za-z0-9_+-]*)\s*$/;
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const ORDERED = /^\s{0,3}(\d{1,9})[.)]\s+(.*)$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;

/**
 * Renders Markdown to HTML. `#` and `##` both become `<h2>`, deeper levels keep theirs: the
 * page's one `<h1>` is the post's title, and either habit of writers gives a heading order
 * without gaps.
 * Blocks are read line by line; a blank line ends a paragraph, list or quote.
 */
export function renderMarkdown(source: string): string {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const fence = FENCE.exec(line);
    if (fence) {
      const body: string[] = [];
      i += 1;
      while (i < lines.length && !lines[i]!.trim().startsWith(fence[1]!)) body.push(lines[i++]!);
      i += 1;
      const lang = fence[2] ? ` class="language-${escapeHtml(fence[2])}"` : "";
      out.push(`<pre><code${lang}>${escapeHtml(body.join("\n"))}</code></pre>`);
      continue;
    }
    if (line.trim() === "") {
      i += 1;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = Math.max(heading[1]!.length, 2);
      out.push(`<h${level}>${inline(heading[2]!)}</h${level}>`);
      i += 1;
      continue;
    }
    if (RULE.test(line)) {
      out.push("<hr>");
      i += 1;
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && lines[i]!.trim() !== "" && QUOTE.test(lines[i]!)) body.push(QUOTE.exec(lines[i++]!)![1]!);
      out.push(`<blockquote>${renderMarkdown(body.join("\n"))}</blockquote>`);
      continue;
    }
    const ordered = ORDERED.test(line);
    if (ordered || BULLET.test(line)) {
      const pattern = ordered ? ORDERED : BULLET;
      const items: string[] = [];
      const start = ordered ? Number(ORDERED.exec(line)![1]) : 1;
      while (i < lines.length && lines[i]!.trim() !== "") {
        const item = pattern.exec(lines[i]!);
        if (item) items.push(item[ordered ? 2 : 1]!);
        else if (items.length && /^\s+/.test(lines[i]!)) items[items.length - 1] += ` ${lines[i]!.trim()}`;
        else break;
        i += 1;
      }
      const tag = ordered ? "ol" : "ul";
      const startAttr = ordered && start !== 1 ? ` start="${start}"` : "";
      out.push(`<${tag}${startAttr}>${items.map((it) => `<li>${inline(it)}</li>`).join("")}</${tag}>`);
      continue;
    }
    const para: string[] = [];
    while (i < lines.length) {
      const l = lines[i]!;
      if (l.trim() === "" || FENCE.test(l) || HEADING.test(l) || QUOTE.test(l) || BULLET.test(l) || ORDERED.test(l) || RULE.test(l)) break;
      para.push(l.trim());
      i += 1;
    }
    out.push(`<p>${para.map(inline).join("\n")}</p>`);
  }
  return out.join("\n");
}

/** The words a reader sees, without Markdown's marks: for descriptions and the reading time. */
export function markdownToText(source: string): string {
  return source
    .replace(/```[\s\S]*?(```|$)/g, " ")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, "")
    .replace(/[*_~`]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Words per minute of a reader of a web article. */
const WORDS_PER_MINUTE = 200;

/** Minutes to read a post, at least one. */
export function readingMinutes(source: string): number {
  const words = markdownToText(source).split(" ").filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
