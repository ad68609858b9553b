/**
 * The API reference for people at `/api/docs`, rendered on the server from the OpenAPI
 * document: no script, no CDN (none is reachable from where the app runs), one small stylesheet.
 */
type Json = Record<string, any>;

const esc = (value: unknown) =>
  String(value).replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/** `code` spans for Markdown's backticks; everything else escaped. */
const inline = (text: string) => esc(text).replace(/`([^`]+)`/g, "<code>$1</code>").replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>");

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

function typeOf(schema: Json): string {
  if (!schema || Object.keys(schema).length === 0) return "any";
  if (schema.enum) return schema.enum.map((v: unknown) => JSON.stringify(v)).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return options.map(typeOf).join(" | ");
  if (schema.type === "array") return `${typeOf(schema.items ?? {})}[]`;
  if (Array.isArray(schema.type)) return schema.type.join(" | ");
  if (schema.allOf) return schema.allOf.map(typeOf).join(" & ");
  return schema.format ? `${schema.type ?? "string"} (${schema.format})` : (schema.type ?? "any");
}

function constraints(schema: Json): string[] {
  const out: string[] = [];
  const pair = (key: string, label: string) => schema[key] !== undefined && out.push(`${label} ${schema[key]}`);
  pair("minLength", "min length");
  pair("maxLength", "max length");
  pair("minimum", "≥");
  pair("maximum", "≤");
  pair("exclusiveMinimum", ">");
  pair("exclusiveMaximum", "<");
  pair("minItems", "min items");
  pair("maxItems", "max items");
  if (schema.pattern) out.push(`pattern <code>${esc(schema.pattern)}</code>`);
  if (schema.default !== undefined) out.push(`default <code>${esc(JSON.stringify(schema.default))}</code>`);
  if (schema.additionalProperties === false) out.push("no other keys");
  return out;
}

/** The nested parts worth listing under a schema: an object's keys, an array's items, union options. */
function children(schema: Json): [string, Json, boolean][] {
  if (schema.type === "object" && schema.properties) {
    const required = new Set<string>(schema.required ?? []);
    return Object.entries(schema.properties as Record<string, Json>).map(([name, s]) => [name, s, required.has(name)]);
  }
  if (schema.type === "array" && schema.items && (schema.items.properties || schema.items.anyOf)) return [["[ ]", schema.items, true]];
  const options = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (options && options.some((o) => o.properties)) return options.map((o, i) => [`option ${i + 1}`, o, false]);
  return [];
}

function schemaRows(schema: Json, depth = 0): string {
  return children(schema)
    .map(([name, s, required]) => {
      const note = [s.description ? inline(s.description) : "", ...constraints(s)].filter(Boolean).join(" · ");
      return `<tr><td class="d${Math.min(depth, 5)}"><code>${esc(name)}</code>${required ? ' <span class="req">required</span>' : ""}</td><td><code>${esc(typeOf(s))}</code></td><td>${note}</td></tr>${depth < 5 ? schemaRows(s, depth + 1) : ""}`;
    })
    .join("");
}

function schemaBlock(schema: Json): string {
  const rows = schemaRows(schema);
  const head = `<p class="type">Type <code>${esc(typeOf(schema))}</code>${constraints(schema).length ? ` · ${constraints(schema).join(" · ")}` : ""}</p>`;
  return rows ? `${head}<table class="fields"><thead><tr><th>Name</th><th>Type</th><th>Rules</th></tr></thead><tbody>${rows}</tbody></table>` : head;
}

function operationBlock(method: string, path: string, op: Json): string {
  const params = (op.parameters ?? []) as Json[];
  const paramTable = params.length
    ? `<h4>Parameters</h4><table class="fields"><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Rules</th></tr></thead><tbody>${params
        .map((p) => `<tr><td><code>${esc(p.name)}</code>${p.required ? ' <span class="req">required</span>' : ""}</td><td>${esc(p.in)}</td><td><code>${esc(typeOf(p.schema))}</code></td><td>${[p.description ? inline(p.description) : "", ...constraints(p.schema)].filter(Boolean).join(" · ")}</td></tr>`)
        .join("")}</tbody></table>`
    : "";
  const body = op.requestBody
    ? `<h4>Body${op.requestBody.required ? "" : " (optional)"}</h4>${Object.entries(op.requestBody.content as Record<string, Json>)
        .map(([media, c]) => `<p class="media"><code>${esc(media)}</code></p>${schemaBlock(c.schema)}`)
        .join("")}`
    : "";
  const responses = `<h4>Responses</h4><table class="fields responses"><tbody>${Object.entries(op.responses as Record<string, Json>)
    .map(([status, r]) => `<tr><td><span class="status s${status[0]}">${esc(status)}</span></td><td>${inline(r.description)}</td></tr>`)
    .join("")}</tbody></table>`;
  return `<section class="op" id="${esc(op.operationId)}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code class="path">/api${esc(path)}</code></h3>
<p class="summary">${inline(op.summary)}</p>
<p class="access"><span class="badge">${esc(op["x-access"])}</span> ${inline(op.description)}</p>
${paramTable}${body}${responses}</section>`;
}

export const REFERENCE_STYLE = `
:root{color-scheme:light;--ink:#1f2430;--muted:#5b6475;--line:#e3e6ec;--bg:#f7f8fa;--accent:#4f46e5}
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:#fff}
header{padding:1.25rem 2rem;border-bottom:1px solid var(--line);background:var(--bg)}header h1{margin:0;font-size:1.4rem}header p{margin:.25rem 0 0;color:var(--muted)}
.layout{display:grid;grid-template-columns:15rem 1fr}nav{position:sticky;top:0;align-self:start;max-height:100vh;overflow:auto;padding:1rem;border-right:1px solid var(--line)}
nav a{display:block;padding:.2rem .4rem;border-radius:4px;color:var(--ink);text-decoration:none}nav a:hover{background:var(--bg)}nav .count{color:var(--muted);font-size:.8em}
main{padding:1rem 2rem 4rem;max-width:72rem}h2{margin:2.5rem 0 .5rem;padding-bottom:.3rem;border-bottom:2px solid var(--line)}
.op{margin:1rem 0;padding:1rem 1.25rem;border:1px solid var(--line);border-radius:8px}.op h3{margin:0;font-size:1rem;display:flex;gap:.6rem;align-items:center;flex-wrap:wrap}
.path{font-size:1rem}.summary{margin:.4rem 0}.access{margin:.2rem 0 .6rem;color:var(--muted);font-size:.9em}h4{margin:.9rem 0 .3rem;font-size:.85rem;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
.method{display:inline-block;min-width:4.2rem;text-align:center;padding:.1rem .4rem;border-radius:4px;color:#fff;font-size:.8rem;font-weight:700}
.get{background:#0f766e}.post{background:#1d4ed8}.put{background:#b45309}.patch{background:#7c3aed}.delete{background:#b91c1c}
.badge{display:inline-block;padding:0 .45rem;border-radius:999px;background:#eef2ff;color:var(--accent);font-weight:600;font-size:.85em}
table.fields{border-collapse:collapse;width:100%;font-size:.9em}table.fields th,table.fields td{text-align:left;vertical-align:top;padding:.3rem .5rem;border-bottom:1px solid var(--line)}
table.fields th{color:var(--muted);font-weight:600}.req{color:#b91c1c;font-size:.8em}.type,.media{margin:.2rem 0;font-size:.9em}
.status{display:inline-block;min-width:2.6rem;text-align:center;border-radius:4px;padding:0 .3rem;font-weight:700}.s2{background:#dcfce7}.s4{background:#fee2e2}.s5{background:#fde68a}
.d1{padding-left:1.75rem!important}.d2{padding-left:3rem!important}.d3{padding-left:4.25rem!important}.d4{padding-left:5.5rem!important}.d5{padding-left:6.75rem!important}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.92em}
@media (max-width:800px){.layout{grid-template-columns:1fr}nav{position:static;max-height:none;border-right:0;border-bottom:1px solid var(--line)}}
`;

/** The whole page: operations grouped by tag, in the document's order. */
export function renderReferencePage(doc: Json): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = (op.tags?.[0] as string) ?? "Other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationBlock(method, path, op)]);
    }
  }
  const nav = [...byTag].map(([tag, ops]) => `<a href="#${slug(tag)}">${esc(tag)} <span class="count">${ops.length}</span></a>`).join("");
  const sections = [...byTag].map(([tag, ops]) => `<h2 id="${slug(tag)}">${esc(tag)}</h2>${ops.join("\n")}`).join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(doc.info.title)} — reference</title><style>${REFERENCE_STYLE}</style></head>
<body><header><h1>${esc(doc.info.title)}</h1><p>${inline(doc.info.description)} The machine-readable document: <a href="/api/openapi.json"><code>/api/openapi.json</code></a> (OpenAPI ${esc(doc.openapi)}).</p></header>
<div class="layout"><nav aria-label="Tags">${nav}</nav><main>${sections}</main></div></body></html>`;
}
