/**
 * Mermaid in the browser: validation of the diagram helper's answers and their preview. The
 * library (~1 MB) is imported only when a diagram is asked for or shown, and always renders
 * with `securityLevel: "strict"` (labels are sanitised, no scripts, no click handlers).
 */
import { useEffect, useId, useState } from "react";
import { extractMermaid, looksLikeMermaid } from "../../../domain/ai/prompts";

type Mermaid = typeof import("mermaid").default;
let loading: Promise<Mermaid> | null = null;

function loadMermaid(): Promise<Mermaid> {
  loading ??= import("mermaid").then((m) => {
    m.default.initialize({ startOnLoad: false, securityLevel: "strict", theme: "neutral" });
    return m.default;
  });
  return loading;
}

/** The Mermaid source of an answer if the real parser accepts it, else why not. */
export async function validateDiagram(answer: string): Promise<{ ok: true; source: string } | { ok: false; error: string }> {
  const source = extractMermaid(answer);
  if (!looksLikeMermaid(source)) return { ok: false, error: "The answer does not start with a Mermaid diagram type (e.g. `flowchart TD`)." };
  try {
    const mermaid = await loadMermaid();
    await mermaid.parse(source);
    return { ok: true, source };
  } catch (err) {
    return { ok: false, error: (err instanceof Error ? err.message : String(err)).slice(0, 800) };
  }
}

let renders = 0;

/** Draws Mermaid source as SVG (strict security), or says why it cannot. */
export async function renderMermaid(source: string): Promise<{ ok: true; svg: string } | { ok: false; error: string }> {
  try {
    const mermaid = await loadMermaid();
    await mermaid.parse(source);
    renders += 1;
    const { svg } = await mermaid.render(`mmd-block-${renders}`, source);
    return { ok: true, svg };
  } catch (err) {
    return { ok: false, error: (err instanceof Error ? err.message : String(err)).split("\n")[0]!.slice(0, 200) };
  }
}

/** A validated diagram drawn as SVG. */
export function MermaidPreview({ source }: { source: string }) {
  const id = `mmd-${useId().replace(/[^a-zA-Z0-9]/g, "")}`;
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void loadMermaid()
      .then((mermaid) => mermaid.render(id, source))
      .then((out) => live && setSvg(out.svg))
      .catch(() => live && setSvg(null));
    return () => {
      live = false;
    };
  }, [id, source]);
  // The SVG comes from mermaid's strict renderer, which sanitises it with DOMPurify.
  return svg ? <div className="overflow-auto rounded-lg bg-white p-2" data-testid="ai-diagram-preview" dangerouslySetInnerHTML={{ __html: svg }} /> : null;
}
