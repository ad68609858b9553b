/** The AI helper (issue 13). */
import { chatAiBody, diagramAiBody, docAiBody } from "../../../domain/ai/prompts";
import type { Operation } from "./registry";

const RUN_FAILS = { 429: ["ai_rate_limited"], 502: ["ai_provider_failed"], 503: ["ai_not_configured"], 504: ["ai_timeout"] } as const;
const STREAMED = "While the request is open, the text so far is pushed to the caller's user hub";

export const aiOperations: Operation[] = [
  {
    method: "get", path: "/v1/project/:id/ai", tag: "AI helper", access: "read", summary: "Whether an AI provider is configured, and the hourly allowance per user.",
    ok: { status: 200, description: "`{configured, hourly_limit}`." },
  },
  {
    method: "post", path: "/v1/project/:id/ai/document/:docGuid", tag: "AI helper", access: "write",
    summary: "Write, continue, rewrite, shorten, summarise, translate or correct a text document's selection, text or title.",
    accessNote: `${STREAMED} as \`modification_text\` (\`id\`: \`title\` or the document's guid). Nothing is written to the document: the browser applies an accepted answer as one edit.`,
    body: { json: docAiBody }, ok: { status: 200, description: "`{run, id, text, cancelled}`." },
    errors: { ...RUN_FAILS, 404: ["document_not_found"], 409: ["document_kind_unsupported"] },
  },
  {
    method: "post", path: "/v1/project/:id/ai/diagram", tag: "AI helper", access: "write", summary: "A diagram in Mermaid (the browser validates it before inserting; one retry with the parse error).",
    body: { json: diagramAiBody }, ok: { status: 200, description: "`{run, text, cancelled}`." }, errors: RUN_FAILS,
  },
  { method: "get", path: "/v1/project/:id/ai/chat", tag: "AI helper", access: "read", summary: "The caller's conversation with the project chat, oldest first.", ok: { status: 200, description: "`{results}`." } },
  {
    method: "post", path: "/v1/project/:id/ai/chat", tag: "AI helper", access: "read", summary: "Ask the project chat; the context holds only what the caller may read.",
    accessNote: `${STREAMED} as \`openai_chat\`.`, body: { json: chatAiBody }, ok: { status: 200, description: "`{run, text, cancelled, citations}`." }, errors: RUN_FAILS,
  },
  { method: "delete", path: "/v1/project/:id/ai/chat", tag: "AI helper", access: "read", summary: "Clear the caller's conversation in this project.", ok: { status: 204, description: "Cleared." } },
  {
    method: "post", path: "/v1/project/:id/ai/cancel/:run", tag: "AI helper", access: "read", summary: "Stop the caller's running answer and its provider request.",
    ok: { status: 200, description: "`{cancelled}`: false when no such answer was running." }, errors: { 404: ["not_found"] },
  },
];
