/**
 * What the Worker may call on each Durable Object (its RPC methods), declared without the
 * object classes: `workers/env.ts` types its namespaces with these, so the Worker's side never
 * imports an object's code, and the objects (which import `Env`) form no circle with it. Each
 * class `implements` its interface here, so the two cannot drift apart.
 */
import type { DurableObject } from "cloudflare:workers";
import type { Server } from "partyserver";
import type { DocKind } from "../domain/docs/layout";
import type { PokerRole } from "../domain/rooms/poker";
import type { RoomView } from "../domain/rooms/views";
import type { AiJob, AiOutcome, HubMessage, SocketPlace } from "../domain/wire/live/hub";
import type { ProjectMessage } from "../domain/wire/live/project";
import type { ChatMessage, MeetingMode, MeetingPeer } from "../domain/wire/live/meeting";
import type { RoomKind } from "../domain/wire/live/room";
import type { ActResult, DeckFieldMeta, OutboxEntry, RoomInit } from "../domain/wire/rpc";
import type { VersionRow } from "./doc-room/storage";
import type { ChangedFile as GitChangedFile, CommitRow as GitCommitRow, FileView as GitFileView, MentioningCommit as GitMentioningCommit, RepoSummary, TreeItem as GitTreeItem } from "../domain/wire/git";
import type { ImportState } from "../domain/jira/import-plan";

/** `UserHub`, one per user: pushes to the user's tabs and remembers where else they have sockets. */
export interface UserHubRpc {
  /** Sends a message to every open socket of this user; says how many received it. */
  push(message: HubMessage): Promise<{ ok: boolean; sent: number }>;
  /** Closes every socket of the user (default: the account is gone). */
  disconnectAll(code?: number): Promise<{ closed: number }>;
  /** Records a live room the user opened a socket to. */
  track(place: SocketPlace, now?: number): Promise<{ ok: boolean }>;
  /** The places recorded (of one project, or all). */
  places(project?: string): Promise<SocketPlace[]>;
  /** Forgets places recorded before `before`. */
  forget(places: SocketPlace[], before: number): Promise<void>;
  /** Streams an AI answer to the user's tabs; resolves with the outcome. */
  runAi(job: AiJob): Promise<AiOutcome>;
  /** Stops a running AI answer. */
  cancelAi(run: string): Promise<boolean>;
}

/** `ProjectRoom`, one per project: tells open boards what changed. */
export interface ProjectRoomRpc {
  publish(message: ProjectMessage): Promise<{ ok: boolean; sent: number }>;
  /** Closes a user's sockets (default: access lost). */
  disconnectUser(userGuid: string, code?: number): Promise<{ closed: number }>;
}

/** `RoomServer`, one per poker or retro room. */
export interface RoomServerRpc {
  create(init: RoomInit): Promise<{ ok: boolean }>;
  act(actor: string, message: unknown): Promise<ActResult>;
  enrol(member: string, name: string, role: PokerRole): Promise<ActResult>;
  retitle(title: string): Promise<{ ok: boolean }>;
  /** A task went to the trash (`trashed`) or came back: a poker room's queue follows (issue 15). */
  taskTrashed(task: string, trashed: boolean): Promise<ActResult>;
  redeck(cards: string[], values: Record<string, number | null>, field?: DeckFieldMeta): Promise<ActResult>;
  viewOf(member: string): Promise<{ kind: RoomKind; seq: number; view: RoomView } | null>;
  outbox(): Promise<(OutboxEntry & { due: number })[]>;
  /** Closes a member's sockets (default: access lost). */
  disconnect(member: string, code?: number): Promise<{ closed: number }>;
  reseat(member: string, readOnly: boolean): Promise<{ changed: number }>;
}

/** `DocRoom`, one per document: the Yjs document and its versions. */
export interface DocRoomRpc {
  listVersions(): Promise<VersionRow[]>;
  saveVersion(name: string, by: string): Promise<VersionRow>;
  versionState(id: string): Promise<Uint8Array | null>;
  restoreVersion(id: string, by: string): Promise<{ ok: true; before: VersionRow } | { ok: false; reason: "version_not_found" }>;
  applyImport(update: Uint8Array, by: string, project: string, kind: DocKind): Promise<{ ok: true } | { ok: false; reason: "import_invalid" | "import_not_empty" }>;
  snapshot(): Promise<Uint8Array>;
  recheckAccess(): Promise<void>;
  storageStats(): Promise<{ updates: number; bytes: number }>;
  closeShares(current: string | null): Promise<{ closed: number }>;
  disconnectUser(userGuid: string, code?: number): Promise<{ closed: number }>;
  accessChanged(userGuid: string, access: "write" | "read" | null): Promise<{ closed: number }>;
  restartForBench(): Promise<void>;
  destroy(): Promise<void>;
}

/** `GitRepo`, one per git repository: smart HTTP through `fetch`, browsing through these. */
export interface GitRepoRpc {
  create(input: { defaultBranch: string; readme: { title: string; author: { name: string; email: string } } | null }): Promise<{ size: number; head: string | null }>;
  summary(): Promise<RepoSummary | null>;
  log(ref: string, limit: number, offset: number): Promise<{ items: GitCommitRow[]; totalCount: number } | null>;
  commit(hexsha: string): Promise<{ commit: GitCommitRow; files: GitChangedFile[]; truncated: boolean } | null>;
  tree(ref: string, path: string): Promise<({ ref: string; hexsha: string } & ({ kind: "tree"; items: GitTreeItem[] } | { kind: "file"; file: GitFileView })) | null>;
  raw(ref: string, path: string): Promise<Uint8Array | null>;
  setDefaultBranch(branch: string): Promise<boolean>;
  destroy(): Promise<void>;
  /** Fills a new repository from a public git URL over smart HTTP (the Worker checked the URL). */
  importFrom(input: { url: string; maxBytes: number; fallbackBranch: string; auth?: { username: string; token: string } | null }): Promise<{ ok: true; size: number; head: string | null } | { ok: false; reason: "git_import_unreachable" | "git_import_not_git" | "git_import_private_repo" | "git_import_credentials_refused" | "git_import_too_large" }>;
  /** The percentage a running import has reached, or null when none runs. */
  importProgress(): Promise<number | null>;
  /** Pushed commits whose messages name tasks, oldest first, not yet acknowledged. */
  pendingMentions(limit: number): Promise<GitMentioningCommit[]>;
  /** Takes commits the Worker has written to D1 out of the outbox. */
  ackMentions(hexshas: string[]): Promise<void>;
}

/** The answer to one SFU proxy call's check: the peer's session, or why not (not yours, not SFU mode, too many calls). */
export type SfuPeerCheck = { ok: true; session: string | null } | { ok: false; reason: "peer" | "mode" | "rate" };
export type SfuSources = { ok: true; sources: { peer: string; trackName: string; sessionId: string }[] } | { ok: false };

/** `MeetingRoom`, one per video meeting: roster, chat and signalling relay. */
export interface MeetingRoomRpc {
  /** Records that `user` joined under `name` (the socket then opens); `sfu`: Realtime is configured. */
  enrol(project: string, user: string, name: string, options?: { now?: number; sfu?: boolean }): Promise<{ ok: boolean }>;
  /** How the room carries media now. */
  mode(): Promise<MeetingMode>;
  /** Checks one SFU proxy call (the caller's own open peer, SFU mode, allowance); the peer's session. */
  sfuPeer(peerId: string, user: string, size: number, now?: number): Promise<SfuPeerCheck>;
  /** Records the peer's Realtime session and published track names (announced in the roster). */
  sfuPublished(peerId: string, user: string, session: string, tracks: string[]): Promise<{ ok: boolean }>;
  /** Maps wanted tracks (peer, name) to their Realtime sessions; only published tracks of this room. */
  sfuSources(wants: { peer: string; trackName: string }[]): Promise<SfuSources>;
  /** The kept chat, oldest first. */
  chatLog(): Promise<ChatMessage[]>;
  /** Who is in the meeting now. */
  roster(): Promise<MeetingPeer[]>;
  /** Closes a user's sockets (default: access lost). */
  disconnectUser(user: string, code?: number): Promise<{ closed: number }>;
}

/** The object types the namespaces in `Env` hand out: a partyserver `Server` with the RPC above. */
export type UserHubObject = Server & UserHubRpc;
export type ProjectRoomObject = Server & ProjectRoomRpc;
export type RoomServerObject = Server & RoomServerRpc;
export type DocRoomObject = Server & DocRoomRpc;
export type GitRepoObject = DurableObject & GitRepoRpc;
export type MeetingRoomObject = Server & MeetingRoomRpc;

/** What the Worker hands a new Jira import run (tokens sealed for `userId`). */
export interface ImportInit {
  importId: string;
  projectId: string;
  userId: string;
  cloudId: string;
  siteUrl: string;
  projects: string[];
  jql?: string;
  sealedAccess: string;
  sealedRefresh: string;
}

export type ImportStatus = ImportState & { import: string; project: string };

/** `JiraImport`, one per import run: pages through Jira and writes the project. */
export interface JiraImportRpc {
  start(init: ImportInit): Promise<{ ok: boolean }>;
  /** Runs a finished import again: updates what changed in Jira (only what Jira updated since `since`, when given). */
  rerun(since?: number): Promise<{ ok: boolean }>;
  status(): Promise<ImportStatus | null>;
}

export type JiraImportObject = Server & JiraImportRpc;
