/**
 * The AI helper (issue 13). Answers stream to the asking user's tabs over their hub while the
 * request is open; the response carries the final text (or a translated problem).
 * - `GET    /v1/project/{id}/ai` (read) → `{configured, hourly_limit}`
 * - `POST   /v1/project/{id}/ai/document/{docGuid}` (write) → `{run, text}`; streams `modification_text`
 * - `POST   /v1/project/{id}/ai/diagram` (write) → `{run, text}`: raw answer, the browser validates it as Mermaid
 * - `GET    /v1/project/{id}/ai/chat` (read) → `{results}`: the caller's conversation in the project
 * - `POST   /v1/project/{id}/ai/chat` (read) → `{run, text, citations}`; streams `openai_chat`
 * - `DELETE /v1/project/{id}/ai/chat` (read) → 204: clears the caller's conversation
 * - `POST   /v1/project/{id}/ai/cancel/{run}` (read) → `{cancelled}`: stops the caller's running answer
 */
import { Hono } from "hono";
import { chatAiBody, citationsOf, diagramAiBody, docAiBody, documentMessages, diagramMessages } from "../../../domain/ai/prompts";
import type { AiOutcome } from "../../../domain/wire/live/hub";
import { cancelRun, chatHistory, chatPrompt, clearChat, hourlyAllowance, type RunRefusal, runForUser, saveChatTurn } from "../../services/ai/assistant";
import { aiConfig } from "../../services/ai/provider";
import { findDocument } from "../../services/document-access";
import { ApiProblem } from "../problem";
import { access, type ProjectEnv } from "../project-access";
import { readJson } from "../validate";

/** HTTP status of each way an answer can fail. */
const FAILED = { ai_provider_failed: 502, ai_timeout: 504 } as const;

/** The final text of a run, or the problem to answer instead (a cancelled run is not a failure). */
function finished(outcome: RunRefusal | AiOutcome): { text: string; cancelled: boolean } {
  if (outcome.ok) return { text: outcome.text, cancelled: false };
  if (outcome.reason === "ai_not_configured") throw new ApiProblem(503, "ai_not_configured");
  if (outcome.reason === "rate_limited") throw new ApiProblem(429, "ai_rate_limited", undefined, { "Retry-After": String(outcome.retryAfterSeconds) });
  if (outcome.reason === "ai_cancelled") return { text: outcome.text, cancelled: true };
  throw new ApiProblem(FAILED[outcome.reason], outcome.reason);
}

const RUN = /^[0-9a-f-]{36}$/;

export const aiRoutes = new Hono<ProjectEnv>()
  .get("/v1/project/:id/ai", access("read"), async (c) => c.json({ configured: aiConfig(c.env) !== null, hourly_limit: await hourlyAllowance(c.env, c.get("user")!.id) }))
  .post("/v1/project/:id/ai/document/:docGuid", access("write"), async (c) => {
    const guid = c.req.param("docGuid");
    const doc = RUN.test(guid) ? await findDocument(c.get("db"), c.get("project").id, guid) : undefined;
    if (!doc) throw new ApiProblem(404, "document_not_found");
    if (doc.kind !== "text") throw new ApiProblem(409, "document_kind_unsupported");
    const body = await readJson(c, docAiBody);
    const id = body.target === "title" ? "title" : doc.id;
    const outcome = await runForUser(c.env, c.get("user")!.id, { run: body.run, messages: documentMessages(body), channel: { type: "modification_text", id } });
    return c.json({ run: body.run, id, ...finished(outcome) });
  })
  .post("/v1/project/:id/ai/diagram", access("write"), async (c) => {
    const body = await readJson(c, diagramAiBody);
    const outcome = await runForUser(c.env, c.get("user")!.id, { run: body.run, messages: diagramMessages(body.prompt, body.retry), channel: { type: "none" } });
    return c.json({ run: body.run, ...finished(outcome) });
  })
  .get("/v1/project/:id/ai/chat", access("read"), async (c) => c.json({ results: await chatHistory(c.get("db"), c.get("user")!.id, c.get("project").id) }))
  .post("/v1/project/:id/ai/chat", access("read"), async (c) => {
    const body = await readJson(c, chatAiBody);
    const user = c.get("user")!;
    const project = c.get("project");
    // Not configured: say so before the context is even read.
    if (!aiConfig(c.env)) throw new ApiProblem(503, "ai_not_configured");
    const messages = await chatPrompt(c.get("db"), user.id, project.id, project.name, body.message);
    if (!messages) throw new ApiProblem(403, "project_forbidden");
    const result = finished(await runForUser(c.env, user.id, { run: body.run, messages, channel: { type: "openai_chat", project: project.id } }));
    if (!result.cancelled) await saveChatTurn(c.get("db"), user.id, project.id, body.message, result.text);
    return c.json({ run: body.run, ...result, citations: citationsOf(result.text) });
  })
  .delete("/v1/project/:id/ai/chat", access("read"), async (c) => {
    await clearChat(c.get("db"), c.get("user")!.id, c.get("project").id);
    return c.body(null, 204);
  })
  .post("/v1/project/:id/ai/cancel/:run", access("read"), async (c) => {
    const run = c.req.param("run");
    if (!RUN.test(run)) throw new ApiProblem(404, "not_found");
    return c.json({ cancelled: await cancelRun(c.env, c.get("user")!.id, run) });
  });
