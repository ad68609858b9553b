/**
 * What the AI helper asks the model, and what it accepts back — pure, shared by the Worker
 * (which builds the prompts) and the browser (which checks diagrams before inserting them).
 * Request bodies are validated with these schemas at the API boundary.
 */
import { z } from "zod";

export const DOC_ACTIONS = ["write", "continue", "tone", "shorten", "summarise", "translate", "spelling", "prompt"] as const;
export type DocAction = (typeof DOC_ACTIONS)[number];
export const TONES = ["formal", "friendly", "confident", "simple"] as const;
export const AI_LANGUAGES = ["ru", "en", "es", "de"] as const;
const LANGUAGE_NAMES: Record<(typeof AI_LANGUAGES)[number], string> = { ru: "Russian", en: "English", es: "Spanish", de: "German" };

/** Longest text sent from a document (a selection or the whole text), in characters. */
export const AI_TEXT_MAX = 24_000;
export const AI_PROMPT_MAX = 2_000;

const uuid = z.string().regex(/^[0-9a-f-]{36}$/, "body_invalid");

/** `POST /v1/project/{id}/ai/document/{docGuid}`: one helper request on a document. */
export const docAiBody = z
  .strictObject({
    /** Client-chosen id of this run, so that it can be cancelled. */
    run: uuid,
    action: z.enum(DOC_ACTIONS, { error: "ai_action_invalid" }),
    /** `title`: the answer replaces the document's title; `body`: the selection or the text. */
    target: z.enum(["title", "body"]).default("body"),
    title: z.string().max(300, "ai_text_too_long").default(""),
    /** The selection, or the whole text when nothing is selected. */
    text: z.string().max(AI_TEXT_MAX, "ai_text_too_long").default(""),
    tone: z.enum(TONES).optional(),
    language: z.enum(AI_LANGUAGES).optional(),
    prompt: z.string().trim().max(AI_PROMPT_MAX, "ai_prompt_too_long").optional(),
  })
  .refine((b) => b.action !== "prompt" || !!b.prompt, { message: "ai_prompt_required", path: ["prompt"] })
  .refine((b) => b.action !== "translate" || !!b.language, { message: "ai_language_required", path: ["language"] });
export type DocAiRequest = z.output<typeof docAiBody>;

/** `POST /v1/project/{id}/ai/chat`: a question to the project chat. */
export const chatAiBody = z.strictObject({
  run: uuid,
  message: z.string().trim().min(1, "ai_prompt_required").max(AI_PROMPT_MAX, "ai_prompt_too_long"),
});

/** `POST /v1/project/{id}/ai/diagram`: a diagram request, or its one retry with the parse error. */
export const diagramAiBody = z.strictObject({
  run: uuid,
  prompt: z.string().trim().min(1, "ai_prompt_required").max(AI_PROMPT_MAX, "ai_prompt_too_long"),
  /** The rejected answer and why the browser's Mermaid parser refused it (the one retry). */
  retry: z.strictObject({ answer: z.string().max(AI_TEXT_MAX, "ai_text_too_long"), error: z.string().max(2_000, "ai_text_too_long") }).optional(),
});

/** `POST /v1/project/{id}/ai/cancel/{run}` needs no body. */

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

const PLAIN = "Answer with the resulting text only: no preface, no explanations, no quotes around it, no Markdown code fences.";

/** The instruction for one document action. */
function instruction(req: DocAiRequest): string {
  const what = req.target === "title" ? "the document's title" : "the text";
  switch (req.action) {
    case "write":
      return req.target === "title" ? "Write a short, clear title for this document." : `Write a first draft for a document titled "${req.title}".`;
    case "continue":
      return "Continue the text naturally, in the same language and style. Answer with the continuation only.";
    case "tone":
      return `Rewrite ${what} in a ${req.tone ?? "formal"} tone, keeping its meaning and language.`;
    case "shorten":
      return `Shorten ${what}, keeping every key point and its language.`;
    case "summarise":
      return "Summarise the text in a few sentences, in its own language.";
    case "translate":
      return `Translate ${what} into ${LANGUAGE_NAMES[req.language ?? "en"]}.`;
    case "spelling":
      return `Fix the spelling, grammar and punctuation of ${what}; change nothing else.`;
    case "prompt":
      return req.prompt ?? "";
  }
}

/** The conversation sent to the model for a document request. */
export function documentMessages(req: DocAiRequest): ChatMessage[] {
  const source = req.target === "title" ? req.title : req.text;
  const parts = [`Document title: ${req.title || "(untitled)"}`];
  if (source && !(req.target === "title" && req.action === "write")) parts.push(`${req.target === "title" ? "Title" : "Text"}:\n"""\n${source}\n"""`);
  else if (req.target === "title" && req.text) parts.push(`Text:\n"""\n${req.text.slice(0, 4_000)}\n"""`);
  parts.push(instruction(req));
  return [
    { role: "system", content: `You are a writing assistant inside a team's planning workspace. ${PLAIN}` },
    { role: "user", content: parts.join("\n\n") },
  ];
}

/** The diagram helper's conversation: Mermaid only; on a retry the parse error goes back once. */
export function diagramMessages(prompt: string, retry?: { answer: string; error: string }): ChatMessage[] {
  const messages: ChatMessage[] = [
    {
      role: "system",
      content:
        "You draw diagrams. Answer ONLY with Mermaid syntax (flowchart, sequenceDiagram, classDiagram, stateDiagram-v2, erDiagram, gantt, pie or mindmap): no prose, no explanations, no Markdown fences.",
    },
    { role: "user", content: prompt },
  ];
  if (retry) {
    messages.push({ role: "assistant", content: retry.answer });
    messages.push({ role: "user", content: `That is not valid Mermaid. The parser said: ${retry.error}\nAnswer again with valid Mermaid only.` });
  }
  return messages;
}

/**
 * The Mermaid source inside a model's answer: a fenced ```mermaid block if there is one, else
 * the whole answer trimmed. The browser then parses it; anything that is not Mermaid is refused.
 */
export function extractMermaid(answer: string): string {
  const fenced = /```(?:mermaid)?\s*\n([\s\S]*?)```/.exec(answer);
  return (fenced ? fenced[1]! : answer).trim();
}

const DIAGRAM_START = /^(flowchart|graph|sequenceDiagram|classDiagram|stateDiagram(-v2)?|erDiagram|gantt|pie|mindmap|journey|gitGraph|timeline|quadrantChart|sankey-beta|xychart-beta|block-beta|requirementDiagram|C4Context)\b/;

/** A cheap first check before the real parser: the text starts with a Mermaid diagram keyword. */
export function looksLikeMermaid(source: string): boolean {
  const firstLine = source.replace(/^(%%.*\n|---\n[\s\S]*?\n---\n|\s+)*/, "").split("\n")[0] ?? "";
  return DIAGRAM_START.test(firstLine.trim());
}

/** What the chat context holds about one thing the user may read. */
export interface ContextItem {
  kind: "task" | "document" | "sprint";
  guid: string;
  /** Task number, document or sprint title. */
  label: string;
  text: string;
}

/** Characters of project context sent with a chat question at most. */
export const CHAT_CONTEXT_MAX = 16_000;

/**
 * The chat's conversation: the project's context (already filtered to what the user may read),
 * earlier turns, then the question. Items are cited as `[task:GUID]` / `[document:GUID]`, which
 * the browser turns into links.
 */
export function chatMessages(projectName: string, items: ContextItem[], history: ChatMessage[], question: string): ChatMessage[] {
  let budget = CHAT_CONTEXT_MAX;
  const lines: string[] = [];
  for (const item of items) {
    const line = `[${item.kind}:${item.guid}] ${item.label}${item.text ? ` — ${item.text.replace(/\s+/g, " ").slice(0, 600)}` : ""}`;
    if (line.length > budget) break;
    budget -= line.length;
    lines.push(line);
  }
  return [
    {
      role: "system",
      content: `You answer questions about the project "${projectName}" using only the context below. When you use a task or document, cite it exactly as its tag, e.g. [task:GUID] or [document:GUID]. If the context does not hold the answer, say so.\n\nContext:\n${lines.join("\n") || "(empty)"}`,
    },
    ...history.slice(-10),
    { role: "user", content: question },
  ];
}

/** A citation in a chat answer. */
export interface Citation {
  kind: "task" | "document";
  guid: string;
}

/** The `[task:GUID]` / `[document:GUID]` tags an answer cites, once each, in order. */
export function citationsOf(answer: string): Citation[] {
  const seen = new Set<string>();
  const out: Citation[] = [];
  for (const m of answer.matchAll(/\[(task|document):([0-9a-f-]{36})\]/g)) {
    const key = `${m[1]}:${m[2]}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ kind: m[1] as Citation["kind"], guid: m[2]! });
  }
  return out;
}

/** Most tasks made from one chat answer at once. */
export const TASKS_FROM_ANSWER_MAX = 20;

/** An answer without its citation tags (for text that leaves the chat: tasks, documents). */
export function withoutCitations(text: string): string {
  return text.replace(/\s*\[(task|document):[0-9a-f-]{36}\]/g, "");
}

/**
 * Task titles proposed from a chat answer: its list items (`-`, `*`, `•`, `1.`), or its one
 * line if it has no list; trimmed, without citations or Markdown emphasis, at most 200
 * characters each, once each. The user confirms them before anything is created.
 */
export function taskTitlesFrom(answer: string): string[] {
  const lines = withoutCitations(answer).split("\n").map((l) => l.trim()).filter(Boolean);
  const items = lines.filter((l) => /^([-*•]|\d+[.)])\s+/.test(l)).map((l) => l.replace(/^([-*•]|\d+[.)])\s+/, ""));
  const picked = items.length > 0 ? items : lines.length === 1 ? lines : [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of picked) {
    const title = raw.replace(/\*\*|__|`/g, "").replace(/\s+/g, " ").trim().slice(0, 200);
    if (!title || seen.has(title.toLowerCase())) continue;
    seen.add(title.toLowerCase());
    out.push(title);
    if (out.length === TASKS_FROM_ANSWER_MAX) break;
  }
  return out;
}
