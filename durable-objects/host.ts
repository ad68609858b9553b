/**
 * The seam between the Durable Objects and the Worker's services. An object never imports a
 * service (a task, a notification, a D1 query): what it needs from the world outside its own
 * storage is this one interface, implemented in `workers/object-host.ts` and installed by the
 * Worker's entry (`workers/app.ts`) when the module loads — before the runtime makes any
 * object, since the object classes are exported from that same module. The arrows then run one
 * way: workers → durable-objects → domain.
 */
import type { PokerOutcome } from "../domain/rooms/poker";
import type { DocKind } from "../domain/docs/layout";
import type { AiConfig, AiOutcome, AiJob } from "../domain/wire/live/hub";
import type { ProjectMessage } from "../domain/wire/live/project";
import type { Delivery, OutboxEntry, RoomMeta } from "../domain/wire/rpc";
import type { Env } from "../workers/env";
import type { FieldMapping, ImportState, PendingRelation } from "../domain/jira/import-plan";
import type { ImportInit } from "./stubs";

/** One step of a Jira import run (see `durable-objects/jira-import`). */
export interface JiraStepInput {
  init: ImportInit;
  tokens: { access: string; refresh: string };
  state: ImportState;
  mapping: FieldMapping | null;
  relations: PendingRelation[];
}
export type JiraStepResult = { ok: true; state: ImportState; mapping?: FieldMapping; relations?: PendingRelation[] } | { ok: false; status: number; retryAfter: string | null };

/**
 * What an accepted poker card writes into the task: a number into its `estimate` field, or, for
 * a deck made from a select field, that card's option into the field (`value` is the option's
 * number, if it has one).
 */
export type AcceptedCard = { kind: "estimate"; card: string; value: number } | { kind: "option"; field: string; option: string; card: string; value: number | null };

/** A refusal is a code of the `errors` namespace, told to the person who asked. */
export type HostResult = { ok: true } | { ok: false; reason: string };

/** What a document's open sockets may do now, as D1 says. */
export interface DocumentAudience {
  /** The share link's id, if sharing is on. */
  shareId: string | null;
  /** Each participant who may read the document: `write` or `read`. */
  access: Map<string, "write" | "read">;
}

export interface ObjectHost {
  /**
   * Writes an accepted poker card into the task as the room's owner (who must still have
   * write access), saves the discussion's outcome on the task as the owner's comment, then
   * tells the project's boards, naming the room (`by`) as the author.
   */
  writeEstimate(env: Env, meta: RoomMeta, task: string, accepted: AcceptedCard, by: string, outcome: PokerOutcome): Promise<HostResult>;
  /**
   * Creates the task of one retro action item in the next sprint lane, idempotently (the task's
   * guid comes with the entry). `room` is the room's guid, linked from the task.
   */
  deliverActionItem(env: Env, meta: RoomMeta, room: string, entry: OutboxEntry): Promise<Delivery>;
  /** Tells the project's open boards what changed. */
  publishToProject(env: Env, project: string, message: ProjectMessage): Promise<void>;
  /** The document's project and kind, or null when it no longer exists. */
  documentFacts(env: Env, doc: string): Promise<{ project: string; kind: DocKind } | null>;
  /** Who may read or write the document now; null when it no longer exists. */
  documentAudience(env: Env, doc: string): Promise<DocumentAudience | null>;
  /** Stores the document's plain text (search, previews) as of `at`. */
  saveDocumentText(env: Env, doc: string, text: string, at: number): Promise<void>;
  /** Notifies `users` (verified participants only) that `author` mentioned them in the document. */
  /** Whether `user` may still take part in a meeting of `project` (read access, verified). */
  meetingAccess(env: Env, project: string, user: string): Promise<boolean>;
  notifyMentions(env: Env, input: { doc: string; project: string; author: string | null; users: string[]; excerpt: string }): Promise<void>;
  /**
   * Streams a model's answer from the configured provider, calling `onText` with the text so
   * far; never throws (a failure, the timeout or `signal` become the outcome's reason).
   */
  streamAi(config: AiConfig, messages: AiJob["messages"], signal: AbortSignal, onText: (text: string) => void): Promise<AiOutcome>;
  /** Runs one step of a Jira import; Jira's refusals come back as `{ok: false, status, retryAfter}`. */
  jiraStep(env: Env, input: JiraStepInput): Promise<JiraStepResult>;
  /** Refreshes the run's sealed tokens with Atlassian; null when refused. */
  jiraRefresh(env: Env, init: ImportInit, tokens: { access: string; refresh: string }): Promise<{ access: string; refresh: string } | null>;
  /** Writes the run's report row and pushes its progress to the user's hub. */
  jiraReport(env: Env, init: ImportInit, state: ImportState): Promise<void>;
}

let installed: ObjectHost | undefined;

/** Called once by the Worker's entry with its implementation. */
export function installHost(host: ObjectHost): void {
  installed = host;
}

/** The installed host; throws (a bug, not an input) when the Worker's entry did not install one. */
export function host(): ObjectHost {
  if (!installed) throw new Error("no object host installed: workers/app.ts installs it");
  return installed;
}
