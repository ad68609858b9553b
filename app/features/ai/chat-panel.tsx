/**
 * The project chat of the AI helper, a side panel of the project: answers from the project's
 * tasks, sprints and documents the user may read, streamed as `openai_chat` over the user hub.
 * Cited tasks and documents (`[task:GUID]`, `[document:GUID]`) become links. The conversation
 * is the user's own in this project and can be cleared.
 */
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { openAiChatContent } from "../../../domain/wire/live/hub";
import { useHubMessages } from "../hub/hub-provider";
import { aiCall, type AiProblem, cancelAi, useAiStatus } from "./ai-api";

interface Turn {
  guid: string;
  role: "user" | "assistant";
  content: string;
}

/** An answer with its citation tags turned into links. */
function Cited({ project, text }: { project: string; text: string }) {
  const { t } = useTranslation("ai");
  const parts: ReactNode[] = [];
  let at = 0;
  for (const m of text.matchAll(/\[(task|document):([0-9a-f-]{36})\]/g)) {
    parts.push(text.slice(at, m.index));
    const href = m[1] === "task" ? `/project/${project}/issue/${m[2]}` : `/project/${project}/docs/${m[2]}`;
    parts.push(
      <Link key={`${m.index}`} to={href} className="text-[var(--primary)] underline" data-testid="ai-citation">
        {t(m[1] === "task" ? "chat.citeTask" : "chat.citeDocument")}
      </Link>,
    );
    at = m.index + m[0].length;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}

export function ChatPanel({ project, onClose }: { project: string; onClose: () => void }) {
  const { t } = useTranslation("ai");
  const status = useAiStatus(project);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [draft, setDraft] = useState("");
  const [streaming, setStreaming] = useState<{ run: string; question: string; text: string } | null>(null);
  const [problem, setProblem] = useState<AiProblem | null>(null);
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void aiCall<{ results: Turn[] }>("GET", `/v1/project/${project}/ai/chat`).then((r) => r.ok && setTurns(r.data.results));
  }, [project]);
  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [turns, streaming]);

  useHubMessages((m) => {
    if (m.type !== "openai_chat") return;
    const content = openAiChatContent.safeParse(m.content);
    if (!content.success || content.data.project !== project) return;
    setStreaming((s) => (s && s.run === content.data.run ? { ...s, text: content.data.text } : s));
  });

  const send = async (e: FormEvent) => {
    e.preventDefault();
    const question = draft.trim();
    if (!question || streaming) return;
    const run = crypto.randomUUID();
    setDraft("");
    setProblem(null);
    setStreaming({ run, question, text: "" });
    const res = await aiCall<{ text: string; cancelled: boolean }>("POST", `/v1/project/${project}/ai/chat`, { run, message: question }, t("failed"));
    setStreaming(null);
    if (!res.ok) {
      setDraft(question);
      return setProblem(res.problem);
    }
    if (res.data.cancelled) return;
    setTurns((list) => [...list, { guid: `${run}-q`, role: "user", content: question }, { guid: run, role: "assistant", content: res.data.text }]);
  };

  const clear = async () => {
    const res = await aiCall("DELETE", `/v1/project/${project}/ai/chat`);
    if (res.ok) setTurns([]);
  };

  const shown: Turn[] = streaming ? [...turns, { guid: "q", role: "user", content: streaming.question }, { guid: "a", role: "assistant", content: streaming.text || "…" }] : turns;
  return (
    <aside className="card fixed bottom-4 right-4 top-20 z-40 flex w-[24rem] max-w-[calc(100vw-2rem)] flex-col text-sm shadow-xl" aria-label={t("chat.title")} data-testid="ai-chat">
      <div className="flex items-center gap-2 border-b border-[var(--border)] px-4 py-2">
        <h2 className="font-semibold">{t("chat.title")}</h2>
        <button type="button" className="btn btn-ghost ml-auto px-2 py-1 text-xs" onClick={() => void clear()} disabled={turns.length === 0 || !!streaming} data-testid="ai-chat-clear">
          {t("chat.clear")}
        </button>
        <button type="button" className="btn btn-ghost px-2 py-1" onClick={onClose} aria-label={t("close")}>
          ✕
        </button>
      </div>
      {status && !status.configured ? (
        <div className="m-4 rounded-lg bg-[var(--surface-2)] p-3" role="status" data-testid="ai-not-configured">
          <p className="font-semibold">{t("notConfigured.title")}</p>
          <p className="muted mt-1">{t("notConfigured.text")}</p>
        </div>
      ) : (
        <>
          <div className="flex-1 space-y-3 overflow-y-auto p-4" data-testid="ai-chat-log">
            {shown.length === 0 && <p className="muted">{t("chat.empty")}</p>}
            {shown.map((turn) => (
              <div key={turn.guid} className={`whitespace-pre-wrap rounded-lg p-2 ${turn.role === "user" ? "ml-8 bg-[var(--surface-2)]" : "mr-8 border border-[var(--border)]"}`} data-testid={`ai-chat-${turn.role}`}>
                {turn.role === "assistant" ? <Cited project={project} text={turn.content} /> : turn.content}
              </div>
            ))}
            <div ref={end} />
          </div>
          {problem && (
            <p className="mx-4 rounded-lg border border-[var(--danger)] p-2 text-[var(--danger)]" role="alert" data-testid="ai-error">
              {problem.detail}
            </p>
          )}
          <form className="flex gap-2 border-t border-[var(--border)] p-3" onSubmit={(e) => void send(e)}>
            <input className="input flex-1" value={draft} onChange={(e) => setDraft(e.target.value)} maxLength={2000} placeholder={t("chat.placeholder")} aria-label={t("chat.placeholder")} data-testid="ai-chat-input" />
            {streaming ? (
              <button type="button" className="btn" onClick={() => void cancelAi(project, streaming.run)}>
                {t("stop")}
              </button>
            ) : (
              <button type="submit" className="btn btn-primary" disabled={!draft.trim()} data-testid="ai-chat-send">
                {t("chat.send")}
              </button>
            )}
          </form>
        </>
      )}
    </aside>
  );
}
