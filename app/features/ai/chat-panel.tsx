/**
 * The project chat of the AI helper, a side panel of the project: answers from the project's
 * tasks, sprints and documents the user may read, streamed as `openai_chat` over the user hub.
 * Cited tasks and documents (`[task:GUID]`, `[document:GUID]`) become links. The conversation
 * is the user's own in this project and can be cleared.
 */
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { taskTitlesFrom, withoutCitations } from "../../../domain/ai/prompts";
import { openAiChatContent } from "../../../domain/wire/live/hub";
import { apiCall } from "../../lib/api";
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

/**
 * What an answer can become: a new document (its text, as Markdown), or tasks — one per list
 * item, shown for confirmation first, created in the backlog only after the user agrees.
 */
function AnswerActions({ project, text }: { project: string; text: string }) {
  const { t } = useTranslation("ai");
  const navigate = useNavigate();
  const [titles, setTitles] = useState<{ title: string; on: boolean }[] | null>(null);
  const [note, setNote] = useState<ReactNode>(null);
  const [busy, setBusy] = useState(false);

  const toDocument = async () => {
    setBusy(true);
    const body = withoutCitations(text).trim();
    const title = body.split("\n")[0]!.replace(/^#+\s*/, "").slice(0, 120) || t("chat.docTitle");
    const created = await apiCall<{ guid: string }>("POST", `/v1/project/${project}/docs`, { kind: "text", title });
    if (created.data) {
      // TipTap's Markdown converter is heavy: loaded only for this.
      const { markdownToUpdate } = await import("../docs/text/markdown");
      await fetch(`/api/v1/project/${project}/docs/${created.data.guid}/import`, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/octet-stream" },
        body: markdownToUpdate(body) as BodyInit,
      });
      await navigate(`/project/${project}/docs/${created.data.guid}`);
    } else setNote(t("chat.failedAction"));
    setBusy(false);
  };

  const createTasks = async () => {
    const chosen = (titles ?? []).filter((x) => x.on).map((x) => x.title);
    if (chosen.length === 0) return;
    setBusy(true);
    const fields = await apiCall<{ guid: string; slug: string | null }[]>("GET", `/v1/project/${project}/fields`);
    const titleField = fields.data?.find((f) => f.slug === "title")?.guid;
    let made = 0;
    for (const title of titleField ? chosen : []) {
      const res = await apiCall("POST", `/v1/project/${project}/issue`, { custom_fields: [{ guid: titleField, value: title }] });
      if (res.data) made += 1;
    }
    setBusy(false);
    setTitles(null);
    setNote(
      made === chosen.length ? (
        <Link to={`/project/${project}/taskboard`} className="text-[var(--primary)] underline" data-testid="ai-tasks-made">
          {t("chat.tasksMade", { count: made })}
        </Link>
      ) : (
        t("chat.failedAction")
      ),
    );
  };

  const proposed = taskTitlesFrom(text);
  return (
    <div className="mt-2 flex flex-col gap-2 text-xs">
      {titles === null ? (
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-ghost px-2 py-0.5 text-xs" onClick={() => void toDocument()} disabled={busy} data-testid="ai-to-document">
            {t("chat.toDocument")}
          </button>
          {proposed.length > 0 && (
            <button type="button" className="btn btn-ghost px-2 py-0.5 text-xs" onClick={() => setTitles(proposed.map((title) => ({ title, on: true })))} disabled={busy} data-testid="ai-to-tasks">
              {t("chat.toTasks", { count: proposed.length })}
            </button>
          )}
        </div>
      ) : (
        <div className="rounded-lg bg-[var(--surface-2)] p-2" role="group" aria-label={t("chat.confirmTasks")} data-testid="ai-tasks-confirm">
          <p className="font-semibold">{t("chat.confirmTasks")}</p>
          {titles.map((x, i) => (
            <label key={i} className="mt-1 flex items-start gap-2">
              <input type="checkbox" checked={x.on} onChange={(e) => setTitles(titles.map((y, j) => (j === i ? { ...y, on: e.target.checked } : y)))} />
              <span>{x.title}</span>
            </label>
          ))}
          <div className="mt-2 flex gap-2">
            <button type="button" className="btn btn-primary px-2 py-0.5 text-xs" onClick={() => void createTasks()} disabled={busy || !titles.some((x) => x.on)} data-testid="ai-tasks-create">
              {t("chat.createTasks", { count: titles.filter((x) => x.on).length })}
            </button>
            <button type="button" className="btn px-2 py-0.5 text-xs" onClick={() => setTitles(null)}>
              {t("chat.cancel")}
            </button>
          </div>
        </div>
      )}
      {note && <p role="status">{note}</p>}
    </div>
  );
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
                {turn.role === "assistant" && !(streaming && turn.guid === "a") && <AnswerActions project={project} text={turn.content} />}
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
