/**
 * The user hub's wire protocol (spec §4 "Socket message types"), `/ws/user/{userGuid}`. Close
 * codes: `CLOSE` in `../close-codes.ts` (UNAUTHORIZED: the session ended or the socket is
 * someone else's; NOT_FOUND: the account is gone). The server only pushes; the
 * browser parses every frame with `hubMessage` and ignores what it does not understand.
 */
import { z } from "zod";

/**
 * A live room a user opened a socket to, as the Worker records it with the user's hub before
 * handing the socket over (DO RPC shape): so logging out, changing the password or losing
 * access can reach every such socket at once. `project` is the project the room belongs to.
 */
export const socketPlace = z.object({
  kind: z.enum(["project", "room", "doc", "meeting"]),
  name: z.string().min(1).max(64),
  project: z.string().min(1).max(64),
});
export type SocketPlace = z.infer<typeof socketPlace>;

export const inviteView = z.object({
  guid: z.string(),
  email: z.string(),
  value: z.string(),
  project: z.object({ guid: z.string(), name: z.string() }),
  invited_by: z.object({ guid: z.string(), name: z.string() }),
  created_at: z.number(),
});
export type InviteView = z.infer<typeof inviteView>;

export const notificationView = z.object({
  id: z.string(),
  kind: z.string(),
  project: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  created_at: z.number(),
  read: z.boolean(),
});
export type NotificationView = z.infer<typeof notificationView>;

export const hubMessage = z.discriminatedUnion("type", [
  /** Someone invited this user into a project. */
  z.object({ type: z.literal("invite_project"), invite: inviteView }),
  /** An invitation to this user was withdrawn or answered elsewhere. */
  z.object({ type: z.literal("delete_invite_project"), guid: z.string() }),
  /** The user's licence changed (after a payment or expiry). */
  z.object({
    type: z.literal("update_license_user"),
    license: z.object({ type_license: z.string() }),
    price_license: z.object({ type_license: z.string() }).partial().optional(),
  }),
  /** The AI helper changed a document's title (`id: "title"`) or text (`id`: document guid). */
  z.object({ type: z.literal("modification_text"), id: z.string(), text: z.string() }),
  /** A new state of the AI chat. */
  z.object({ type: z.literal("openai_chat"), content: z.unknown() }),
  /** Something the user should know about. */
  z.object({ type: z.literal("notification"), notification: notificationView }),
  /** A participant's access to a project changed (or was verified). */
  z.object({
    type: z.literal("update_project_access"),
    project: z.object({ guid: z.string() }).passthrough(),
    participant: z.object({ guid: z.string() }).passthrough(),
    is_verifications: z.boolean(),
  }),
  /** Progress of a Jira import this user started: counts per kind, problems so far. */
  z.object({
    type: z.literal("jira_import"),
    import: z.string(),
    project: z.string(),
    phase: z.enum(["setup", "issues", "relations", "done", "failed"]),
    total: z.number(),
    counts: z.record(z.string(), z.number()),
    problems: z.number(),
  }),
]);
export type HubMessage = z.infer<typeof hubMessage>;

/** What the hub answers to anything a client sends. */
export const hubError = z.object({ type: z.literal("error"), code: z.enum(["unsupported"]) });

/** The content of an `openai_chat` push: the assistant's answer to run `run`, so far. */
export const openAiChatContent = z.object({ project: z.string(), run: z.string(), text: z.string(), done: z.boolean() });
export type OpenAiChatContent = z.infer<typeof openAiChatContent>;

/** An OpenAI-compatible provider as the Worker resolved it from its environment. */
export interface AiConfig {
  baseURL: string;
  apiKey: string;
  model: string;
  /** The whole answer must arrive within this time. */
  timeoutMs: number;
}

/** One AI answer the user's hub streams (DO RPC shape): where its text goes while it streams. */
export interface AiJob {
  /** Client-chosen id, so that `cancelAi(run)` can stop it. */
  run: string;
  config: AiConfig;
  messages: { role: "system" | "user" | "assistant"; content: string }[];
  channel: { type: "modification_text"; id: string } | { type: "openai_chat"; project: string } | { type: "none" };
}

/** How an AI answer ended: its text, or why not (an `errors` key). */
export type AiOutcome = { ok: true; text: string } | { ok: false; reason: "ai_provider_failed" | "ai_timeout" | "ai_cancelled"; text: string };
