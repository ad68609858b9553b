// The AI helper's weight in the client build (static: reads build/client): mermaid and the AI
// helper's panels must stay out of every page's entry chunks (they load on demand), and the AI
// SDK must not reach the browser at all (it runs in the Worker). Prints the sizes it checks.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export function aiChunkReport(root) {
  const dir = join(root, "build/client/assets");
  const files = readdirSync(dir).filter((f) => f.endsWith(".js"));
  const gz = (f) => gzipSync(readFileSync(join(dir, f))).length;
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const manifestFile = files.find((f) => f.startsWith("manifest-"));
  const manifest = JSON.parse(readFileSync(join(dir, manifestFile), "utf8").replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, ""));
  const heavy = /\/(mermaid|chat-panel|doc-assistant)[.-]/;
  const offenders = [];
  for (const [id, route] of Object.entries(manifest.routes)) {
    for (const src of [route.module, ...(route.imports ?? [])]) if (heavy.test(src)) offenders.push(`${id} → ${src}`);
  }
  for (const src of [manifest.entry.module, ...manifest.entry.imports]) if (heavy.test(src)) offenders.push(`entry → ${src}`);
  const sdkInClient = files.filter((f) => /createOpenAICompatible|@ai-sdk\//.test(readFileSync(join(dir, f), "utf8")));
  const sizeOf = (prefix) => files.filter((f) => f.startsWith(prefix)).reduce((n, f) => n + gz(f), 0);
  console.log(
    `AI helper chunks: mermaid.core ${kb(sizeOf("mermaid.core-"))} + parser ${kb(sizeOf("mermaid-parser.core-"))} gzipped (loaded when a diagram is asked for or shown), ` +
      `chat panel ${kb(sizeOf("chat-panel-"))} (loaded when opened); in a page's entry chunks: ${offenders.length ? offenders.join(", ") : "none"}; ` +
      `AI SDK in the client: ${sdkInClient.length ? sdkInClient.join(", ") : "none"}`,
  );
  return { offenders, sdkInClient };
}
