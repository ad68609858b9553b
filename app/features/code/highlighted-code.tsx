import { useEffect, useState } from "react";

/** File names without a telling extension, to their language. */
const BY_NAME: Record<string, string> = { dockerfile: "docker", makefile: "make", "cmakelists.txt": "cmake", gemfile: "ruby" };

type Highlighter = { codeToHtml(code: string, options: { lang: string; themes: { light: string; dark: string } }): string; loadLanguage(lang: string): Promise<void>; getLoadedLanguages(): string[] };
let highlighter: Promise<{ highlighter: Highlighter; languages: Record<string, unknown> }> | undefined;

/**
 * Shiki, loaded on first use only (its grammars are chunks of their own), with the JavaScript
 * regex engine: the Oniguruma WebAssembly build would need `wasm-unsafe-eval` in our CSP.
 */
function loadHighlighter() {
  highlighter ??= (async () => {
    const [{ createHighlighter, bundledLanguages }, { createJavaScriptRegexEngine }] = await Promise.all([import("shiki"), import("shiki/engine/javascript")]);
    const made = await createHighlighter({ themes: ["github-light", "github-dark"], langs: [], engine: createJavaScriptRegexEngine() });
    return { highlighter: made as unknown as Highlighter, languages: bundledLanguages };
  })();
  return highlighter;
}

export function languageOf(path: string, languages: Record<string, unknown>): string | null {
  const name = path.split("/").pop()!.toLowerCase();
  if (BY_NAME[name]) return BY_NAME[name]!;
  const ext = name.includes(".") ? name.slice(name.lastIndexOf(".") + 1) : "";
  return ext && ext in languages ? ext : null;
}

/** A file's text with line numbers, highlighted once Shiki has loaded (plain until then). */
export function HighlightedCode({ code, path }: { code: string; path: string }) {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setHtml(null);
    void loadHighlighter()
      .then(async ({ highlighter: h, languages }) => {
        const lang = languageOf(path, languages);
        if (!lang) return;
        if (!h.getLoadedLanguages().includes(lang)) await h.loadLanguage(lang);
        // Shiki escapes the code: its output holds no markup from the file.
        const out = h.codeToHtml(code, { lang, themes: { light: "github-light", dark: "github-dark" } });
        if (live) setHtml(out);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [code, path]);
  const lines = code.split("\n").length - (code.endsWith("\n") ? 1 : 0);
  return (
    <div tabIndex={0} className="code-view flex overflow-x-auto text-[13px] leading-5" data-testid="file-code" data-highlighted={html ? "true" : "false"}>
      <pre className="select-none border-r border-[var(--border)] px-3 py-3 text-right text-[var(--muted)]" aria-hidden="true">
        {Array.from({ length: Math.max(lines, 1) }, (_, i) => i + 1).join("\n")}
      </pre>
      {html ? (
        <div className="min-w-0 flex-1 [&_pre]:!bg-transparent [&_pre]:px-3 [&_pre]:py-3" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <pre className="min-w-0 flex-1 px-3 py-3">{code}</pre>
      )}
    </div>
  );
}
