/**
 * The AI helper beside a text document: pick what to do with the selection (or the whole
 * text, or the title), watch the answer stream in as a suggestion (`modification_text` over the
 * user hub), then accept, retry or discard it. Accepting is ONE editor transaction — one Yjs
 * transaction for the co-editors and one step of undo. The diagram helper lives here too: its
 * answer is inserted only once Mermaid's own parser accepts it.
 */
import type { Editor } from "@tiptap/core";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AI_LANGUAGES, DOC_ACTIONS, type DocAction, TONES } from "../../../domain/ai/prompts";
import { useHubMessages } from "../hub/hub-provider";
import { aiCall, type AiProblem, cancelAi, useAiStatus } from "./ai-api";
import { MermaidPreview, validateDiagram } from "./mermaid";

/** Actions whose answer replaces the selection; the others are inserted after it. */
const REPLACES: DocAction[] = ["tone", "shorten", "translate", "spelling", "prompt"];

type Target = "body" | "title";
type Mode = DocAction | "diagram";

interface Placement {
  target: Target;
  /** Replace `from..to` (if its text is still `original`), or insert at `to`. */
  replace: boolean;
  from: number;
  to: number;
  original: string;
}

type Phase = { kind: "idle" } | { kind: "streaming" } | { kind: "ready" } | { kind: "error"; problem: AiProblem };

/** Plain text → paragraphs (blank lines) with hard breaks (single newlines). */
function toContent(text: string) {
  return text
    .trim()
    .split(/\n{2,}/)
    .map((para) => ({
      type: "paragraph",
      content: para.split("\n").flatMap((line, i) => [...(i > 0 ? [{ type: "hardBreak" }] : []), ...(line ? [{ type: "text", text: line }] : [])]),
    }));
}

export function DocAssistant(props: { project: string; docGuid: string; title: string; editor: Editor; onTitle: (title: string) => Promise<void>; onClose: () => void }) {
  const { t } = useTranslation("ai");
  const status = useAiStatus(props.project);
  const [mode, setMode] = useState<Mode>("summarise");
  const [target, setTarget] = useState<Target>("body");
  const [tone, setTone] = useState<(typeof TONES)[number]>("formal");
  const [language, setLanguage] = useState<(typeof AI_LANGUAGES)[number]>("en");
  const [prompt, setPrompt] = useState("");
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [suggestion, setSuggestion] = useState("");
  const [diagram, setDiagram] = useState<string | null>(null);
  const run = useRef<string | null>(null);
  const placement = useRef<Placement | null>(null);

  useHubMessages((m) => {
    if (m.type !== "modification_text" || phase.kind !== "streaming" || !placement.current) return;
    const expected = placement.current.target === "title" ? "title" : props.docGuid;
    if (m.id === expected) setSuggestion(m.text);
  });

  const place = (): Placement => {
    const { state } = props.editor;
    const { from, to, empty } = state.selection;
    const end = state.doc.content.size;
    if (target === "title") return { target, replace: true, from: 0, to: 0, original: props.title };
    if (empty) return { target, replace: false, from: end, to: end, original: "" };
    return { target, replace: mode !== "diagram" && REPLACES.includes(mode as DocAction), from, to, original: state.doc.textBetween(from, to, "\n\n") };
  };

  const askText = async () => {
    const where = place();
    placement.current = where;
    const id = crypto.randomUUID();
    run.current = id;
    setSuggestion("");
    setDiagram(null);
    setPhase({ kind: "streaming" });
    const text = where.original || props.editor.getText({ blockSeparator: "\n\n" });
    const body = { run: id, action: mode, target, title: props.title, text: text.slice(0, 24_000), tone, language, prompt: prompt.trim() || undefined };
    const res = await aiCall<{ text: string; cancelled: boolean }>("POST", `/v1/project/${props.project}/ai/document/${props.docGuid}`, body, t("failed"));
    if (run.current !== id) return;
    if (!res.ok) return setPhase({ kind: "error", problem: res.problem });
    if (res.data.cancelled) return setPhase({ kind: "idle" });
    setSuggestion(res.data.text);
    setPhase({ kind: "ready" });
  };

  /** One request, and once more with the parser's error if the answer was not valid Mermaid. */
  const askDiagram = async () => {
    placement.current = { ...place(), replace: false, target: "body" };
    setSuggestion("");
    setDiagram(null);
    setPhase({ kind: "streaming" });
    let retry: { answer: string; error: string } | undefined;
    for (let attempt = 0; attempt < 2; attempt++) {
      const id = crypto.randomUUID();
      run.current = id;
      const res = await aiCall<{ text: string; cancelled: boolean }>("POST", `/v1/project/${props.project}/ai/diagram`, { run: id, prompt: prompt.trim(), retry }, t("failed"));
      if (run.current !== id) return;
      if (!res.ok) return setPhase({ kind: "error", problem: res.problem });
      if (res.data.cancelled) return setPhase({ kind: "idle" });
      const checked = await validateDiagram(res.data.text);
      if (checked.ok) {
        setDiagram(checked.source);
        return setPhase({ kind: "ready" });
      }
      retry = { answer: res.data.text, error: checked.error };
    }
    setPhase({ kind: "error", problem: { code: "ai_diagram_invalid", detail: t("diagram.invalid") } });
  };

  const ask = () => void (mode === "diagram" ? askDiagram() : askText());

  const stop = async () => {
    const id = run.current;
    run.current = null;
    setPhase({ kind: "idle" });
    setSuggestion("");
    if (id) await cancelAi(props.project, id);
  };

  const discard = () => {
    run.current = null;
    setSuggestion("");
    setDiagram(null);
    setPhase({ kind: "idle" });
  };

  const accept = async () => {
    const where = placement.current;
    if (!where) return;
    if (where.target === "title") {
      await props.onTitle(suggestion.trim().replace(/\s+/g, " ").slice(0, 200));
      return discard();
    }
    const editor = props.editor;
    const size = editor.state.doc.content.size;
    const content = diagram !== null ? [{ type: "codeBlock", attrs: { language: "mermaid" }, content: [{ type: "text", text: diagram }] }] : toContent(suggestion);
    // Co-editors may have changed the text meanwhile: replace only what was selected, if it is
    // still there; otherwise add the answer after the text instead of overwriting theirs.
    const intact = where.replace && where.to <= size && editor.state.doc.textBetween(where.from, where.to, "\n\n") === where.original;
    const range = intact ? { from: where.from, to: where.to } : Math.min(where.to, size);
    editor.chain().focus().insertContentAt(range, content).run();
    discard();
  };

  const busy = phase.kind === "streaming";
  const needsPrompt = mode === "prompt" || mode === "diagram";
  return (
    <aside className="flex w-80 shrink-0 flex-col gap-3 border-l border-[var(--border)] p-4 text-sm" aria-label={t("panel")} data-testid="ai-panel">
      <div className="flex items-center justify-between">
        <h2 className="font-semibold">{t("panel")}</h2>
        <button type="button" className="btn btn-ghost px-2 py-1" onClick={props.onClose} aria-label={t("close")}>
          ✕
        </button>
      </div>
      {status && !status.configured ? (
        <div className="rounded-lg bg-[var(--surface-2)] p-3" role="status" data-testid="ai-not-configured">
          <p className="font-semibold">{t("notConfigured.title")}</p>
          <p className="muted mt-1">{t("notConfigured.text")}</p>
        </div>
      ) : (
        <>
          <label className="flex flex-col gap-1">
            <span className="muted text-xs font-semibold">{t("action")}</span>
            <select className="input" value={mode} onChange={(e) => setMode(e.target.value as Mode)} disabled={busy} data-testid="ai-action">
              {[...DOC_ACTIONS, "diagram" as const].map((a) => (
                <option key={a} value={a}>
                  {t(`actions.${a}`)}
                </option>
              ))}
            </select>
          </label>
          {mode !== "diagram" && (
            <label className="flex flex-col gap-1">
              <span className="muted text-xs font-semibold">{t("target.label")}</span>
              <select className="input" value={target} onChange={(e) => setTarget(e.target.value as Target)} disabled={busy} data-testid="ai-target">
                <option value="body">{t("target.body")}</option>
                <option value="title">{t("target.title")}</option>
              </select>
            </label>
          )}
          {mode === "tone" && (
            <select className="input" value={tone} onChange={(e) => setTone(e.target.value as typeof tone)} disabled={busy} aria-label={t("tone")}>
              {TONES.map((x) => (
                <option key={x} value={x}>
                  {t(`tones.${x}`)}
                </option>
              ))}
            </select>
          )}
          {mode === "translate" && (
            <select className="input" value={language} onChange={(e) => setLanguage(e.target.value as typeof language)} disabled={busy} aria-label={t("language")}>
              {AI_LANGUAGES.map((x) => (
                <option key={x} value={x}>
                  {t(`languages.${x}`)}
                </option>
              ))}
            </select>
          )}
          {needsPrompt && (
            <textarea className="input min-h-20" value={prompt} onChange={(e) => setPrompt(e.target.value)} maxLength={2000} placeholder={t(mode === "diagram" ? "diagram.placeholder" : "promptPlaceholder")} disabled={busy} data-testid="ai-prompt" />
          )}
          <p className="muted text-xs">{t(mode === "diagram" ? "diagram.hint" : "selectionHint")}</p>
          <div className="flex gap-2">
            {busy ? (
              <button type="button" className="btn" onClick={() => void stop()} data-testid="ai-stop">
                {t("stop")}
              </button>
            ) : (
              <button type="button" className="btn btn-primary" onClick={ask} disabled={needsPrompt && !prompt.trim()} data-testid="ai-ask">
                {t("ask")}
              </button>
            )}
          </div>
          {phase.kind === "error" && (
            <p className="rounded-lg border border-[var(--danger)] p-2 text-[var(--danger)]" role="alert" data-testid="ai-error">
              {phase.problem.detail}
            </p>
          )}
          {(busy || phase.kind === "ready") && (
            <div className="flex flex-col gap-2 rounded-lg border border-dashed border-[var(--primary)] p-3" data-testid="ai-suggestion" data-state={phase.kind}>
              <span className="muted text-xs font-semibold">{busy ? t("streaming") : t("suggestion")}</span>
              {diagram !== null ? (
                <MermaidPreview source={diagram} />
              ) : (
                <p className="whitespace-pre-wrap" data-testid="ai-suggestion-text">
                  {suggestion}
                </p>
              )}
              {phase.kind === "ready" && (
                <div className="flex flex-wrap gap-2">
                  <button type="button" className="btn btn-primary py-1" onClick={() => void accept()} data-testid="ai-accept">
                    {t("accept")}
                  </button>
                  <button type="button" className="btn py-1" onClick={ask} data-testid="ai-retry">
                    {t("retry")}
                  </button>
                  <button type="button" className="btn btn-ghost py-1" onClick={discard} data-testid="ai-discard">
                    {t("discard")}
                  </button>
                </div>
              )}
            </div>
          )}
        </>
      )}
    </aside>
  );
}
