/**
 * The one seam to a language model: the AI SDK talking to any OpenAI-compatible endpoint
 * (Ollama, vLLM, OpenAI, Workers AI's OpenAI-compatible endpoint, AI Gateway), configured by
 * `AI_BASE_URL`, `AI_API_KEY` and `AI_MODEL`. Without them the helper is "not configured" and
 * says so; it never invents an answer.
 */
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { streamText } from "ai";
import type { ChatMessage } from "../../../domain/ai/prompts";
import type { AiConfig, AiOutcome } from "../../../domain/wire/live/hub";
import type { Env } from "../../env";


/** Requests per user per hour when `AI_HOURLY_LIMIT` is not set. */
export const AI_HOURLY_LIMIT_DEFAULT = 60;
const TIMEOUT_DEFAULT_MS = 60_000;

/** The provider from the environment, or null when the operator configured none. */
export function aiConfig(env: Env): AiConfig | null {
  const baseURL = env.AI_BASE_URL?.trim();
  const model = env.AI_MODEL?.trim();
  if (!baseURL || !model || !/^https?:\/\//.test(baseURL)) return null;
  const timeout = Number(env.AI_TIMEOUT_MS);
  return { baseURL: baseURL.replace(/\/+$/, ""), apiKey: env.AI_API_KEY ?? "", model, timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : TIMEOUT_DEFAULT_MS };
}

/** The hourly allowance of AI requests per user. */
export function aiHourlyLimit(env: Env): number {
  const n = Number(env.AI_HOURLY_LIMIT);
  return Number.isInteger(n) && n > 0 ? n : AI_HOURLY_LIMIT_DEFAULT;
}


/**
 * Streams an answer, calling `onText` with the whole text so far after each piece. Never
 * throws: a refusal, a broken stream, the timeout or `signal` (cancel) become a reason.
 */
export async function streamAnswer(config: AiConfig, messages: ChatMessage[], signal: AbortSignal, onText: (text: string) => void): Promise<AiOutcome> {
  const timeout = AbortSignal.timeout(config.timeoutMs);
  const both = AbortSignal.any([signal, timeout]);
  const provider = createOpenAICompatible({ name: "workspace-ai", baseURL: config.baseURL, apiKey: config.apiKey || undefined });
  let text = "";
  let failed = false;
  try {
    // AI SDK 7 takes the system prompt as `instructions`, never inside `messages`.
    const instructions = messages.filter((m) => m.role === "system").map((m) => m.content).join("\n\n");
    const turns = messages.filter((m): m is ChatMessage & { role: "user" | "assistant" } => m.role !== "system");
    const result = streamText({ model: provider.chatModel(config.model), instructions: instructions || undefined, messages: turns, abortSignal: both, maxRetries: 0 });
    for await (const part of result.fullStream) {
      if (part.type === "text-delta") {
        text += part.text;
        onText(text);
      } else if (part.type === "error") {
        throw part.error;
      } else if (part.type === "abort") {
        break;
      }
    }
  } catch (err) {
    failed = true;
    if (!signal.aborted && !timeout.aborted) console.error("ai provider failed", err instanceof Error ? err.message : err);
  }
  if (signal.aborted) return { ok: false, reason: "ai_cancelled", text };
  if (timeout.aborted) return { ok: false, reason: "ai_timeout", text };
  // A stream that ended without any text is a failure too, never an empty "answer".
  if (failed || !text.trim()) return { ok: false, reason: "ai_provider_failed", text };
  return { ok: true, text };
}
