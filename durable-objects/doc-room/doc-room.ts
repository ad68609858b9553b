import type { Connection, ConnectionContext, WSMessage } from "partyserver";
import { YServer } from "y-partyserver";
import * as Y from "yjs";
import { type DocKind, Y_TEXT_FIELD } from "../../domain/docs/layout";
import { classifyFrame } from "../../domain/docs/sync-frames";
import { checkImport, type ImportRefusal } from "../../domain/docs/imports";
import { SOCKET_RULES } from "../../domain/wire/socket-limits";
import { mentionedUsers, plainTextOf } from "../../domain/docs/plain-text";
import type { Env } from "../../workers/env";
import { host } from "../host";
import { admit, connectSafely } from "../socket-guard";
import { OpenSockets } from "../open-sockets";
import type { DocRoomRpc } from "../stubs";
import { CLOSE } from "../../domain/wire/close-codes";
import { PROTOCOL_VERSION } from "../../domain/wire/version";
import type { ServerMessage } from "../../domain/wire/live/doc";
import { closeChanged, factsOf, isEdit, ownsPresence, SHARE_TAG, toBytes, userTag, verifiedFacts } from "./access";
import { AccessGate } from "./access-gate";
import { DocStore, type VersionRow } from "./storage";

/**
 * Updates are written together at most this long after the first of them arrived: one write
 * (and one wait for its confirmation) for a burst of keystrokes. While a write is being
 * confirmed every frame the room sends waits for it (the output gate), so fewer, larger
 * writes keep relays prompt; a sender's `saved` comes this much later at most.
 */
export const WRITE_BEHIND_MS = 50;

/** A periodic version is taken on a save at most this often, and only if the text changed. */
export const AUTO_VERSION_EVERY_MS = 10 * 60_000;

const LOADED = Symbol("loaded");

/**
 * One per document (name = document guid, `/ws/doc/{docGuid}`): the Yjs document everybody
 * edits, through y-partyserver's sync protocol. Updates are relayed to the other sockets at once
 * and appended to the object's SQLite shortly after (WRITE_BEHIND_MS, one write for all that
 * arrived meanwhile); compacted into one state update past a threshold. Only once that write is
 * confirmed (the output gate holds the frame until then) does a sender get `saved` with the
 * room's clocks of its edits: that is the acknowledgement, and nothing acknowledged is lost on
 * eviction. An edit relayed but not yet saved lives in the browsers that have it, and comes back
 * in the Yjs sync every socket runs when the room starts again.
 * It hibernates: no timers but that write-behind and y-partyserver's save debounce, which runs
 * out a few seconds after the last edit. The save writes the plain text to D1, takes a periodic
 * version and notifies newly mentioned people.
 *
 * Read-only sockets (participants without write access, share links) get the document and its
 * updates, but their own updates are dropped here — not only in the browser. Read participants
 * show their presence (a team sees who is reading); link readers show none. Every frame is read
 * with lib0's decoder (`classifyFrame`), the one y-partyserver applies it with, so no encoding
 * of a message type can pass as another.
 */
export class DocRoom extends YServer implements DocRoomRpc {
  static options = { hibernate: true };
  /** The save (D1 snapshot) runs 2 s after the last edit, at the latest 10 s after the first. */
  static callbackOptions = { debounceWait: 2000, debounceMaxWait: 10_000, timeout: 5000 };

  declare env: Env;
  #store!: DocStore;
  /** Updates applied since the last save; the save clears what it covered. */
  #dirty = 0;
  /** Who last changed the document (the author of mentions found by the next save). */
  #lastEditor: string | null = null;
  #destroyed = false;
  /** Edits wait for a stale D1 access check (`./access-gate.ts`); unanswered, writers reconnect and re-sync. */
  #gate = new AccessGate(
    async () => closeChanged(this.getConnections(), await host().documentAudience(this.env, this.name)),
    (err) => {
      console.error("doc access recheck failed", this.name, err);
      for (const c of this.getConnections()) if (factsOf(c)?.access === "write") c.close(CLOSE.RECHECK, "recheck");
    },
  );
  /** The open sockets, read once until one connects or closes: y-partyserver relays through `getConnections()`. */
  #sockets = new OpenSockets(() => super.getConnections());
  /** Applied updates not yet written, and the sockets that sent them (to tell them when saved). */
  #unwritten: Uint8Array[] = [];
  #senders = new Set<string>();

  async onLoad(): Promise<void> {
    this.#store = new DocStore(this.ctx.storage);
    const stored = this.#store.load();
    if (stored.length) Y.applyUpdate(this.document, stored.length === 1 ? stored[0]! : Y.mergeUpdates(stored), LOADED);
    // Registered after loading and before y-partyserver's own listeners: stored, then sent.
    this.document.on("update", (update: Uint8Array, origin: unknown) => this.#persist(update, origin));
    if (this.#store.meta("dirty")) {
      // Evicted before the last save ran: the D1 snapshot still has to be written. If this try
      // fails, the mark stays and the next save (or the next load) writes it.
      this.#dirty += 1;
      this.onSave().catch((error: unknown) => console.error("document save after a restart failed", this.name, error));
    }
  }

  #persist(update: Uint8Array, origin: unknown): void {
    if (this.#destroyed) return;
    // Written in a later task, so this update's relay (same task) is not held for the write.
    if (this.#unwritten.push(update) === 1) setTimeout(() => this.#write(), WRITE_BEHIND_MS);
    if (origin && typeof origin === "object" && "id" in origin) {
      const facts = factsOf(origin as Connection);
      if (facts?.user) this.#lastEditor = facts.user;
      this.#senders.add((origin as Connection).id);
    }
  }

  /** Appends what arrived since the last write as one update, then tells its senders it is saved. */
  #write(): void {
    const updates = this.#unwritten;
    const senders = this.#senders;
    this.#unwritten = [];
    this.#senders = new Set();
    if (this.#destroyed || updates.length === 0) return;
    const merged = updates.length === 1 ? updates[0]! : Y.mergeUpdates(updates);
    this.#store.append(merged);
    if (this.#store.shouldCompact) this.#store.compact(Y.encodeStateAsUpdate(this.document));
    if (this.#dirty === 0) this.#store.setMeta("dirty", "1");
    this.#dirty += updates.length;
    if (senders.size === 0) return;
    // The clocks of the clients whose edits this write holds, as the room has them now.
    const written = Y.decodeStateVector(Y.encodeStateVectorFromUpdate(merged));
    const room = Y.decodeStateVector(Y.encodeStateVector(this.document));
    const clocks: [number, number][] = [...written.keys()].map((client) => [client, room.get(client) ?? 0]);
    const frame = JSON.stringify({ type: "saved", clocks } satisfies ServerMessage);
    for (const id of senders) {
      const connection = this.getConnection(id);
      if (connection) this.sendCustomMessage(connection, frame);
    }
  }

  getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    const facts = verifiedFacts(this.name, ctx);
    if (!facts) return [];
    return facts.access === "share" ? [SHARE_TAG] : [userTag(facts.user!)];
  }

  getConnections<TState = unknown>(tag?: string): Iterable<Connection<TState>> {
    if (tag !== undefined) return super.getConnections<TState>(tag);
    return this.#sockets.open() as Connection<TState>[];
  }

  onConnect(connection: Connection, ctx: ConnectionContext): void {
    this.#sockets.changed();
    connectSafely(connection, "doc", () => this.#admit(connection, ctx));
    this.#sockets.changed();
  }

  /** Frames of sockets already accepted skip partyserver's per-frame attachment check (`../open-sockets.ts`). */
  webSocketMessage(ws: WebSocket, message: WSMessage): Promise<void> {
    return Promise.resolve(this.#sockets.deliver(ws, message, (c, m) => this.onMessage(c, m), () => super.webSocketMessage(ws, message)));
  }

  onClose(connection: Connection, code: number, reason: string, wasClean: boolean): void | Promise<void> {
    this.#sockets.changed();
    return super.onClose(connection, code, reason, wasClean);
  }

  #admit(connection: Connection, ctx: ConnectionContext): void {
    const facts = verifiedFacts(this.name, ctx);
    if (!facts || this.#destroyed) {
      connection.close(facts ? CLOSE.NOT_FOUND : CLOSE.UNAUTHORIZED, facts ? "not found" : "unauthorized");
      return;
    }
    this.#remember(facts.project, facts.kind);
    const { project: _p, kind: _k, ...own } = facts;
    connection.setState((prev: object | null) => ({ ...prev, ...own }));
    this.#send(connection, { type: "hello", v: PROTOCOL_VERSION, readOnly: facts.access !== "write", access: facts.access });
    super.onConnect(connection, ctx);
  }

  isReadOnly(connection: Connection): boolean {
    return factsOf(connection)?.access !== "write";
  }

  /**
   * Every frame passes the socket's cap and allowance, then is read with the protocol's own
   * decoder and let through only if this socket may send it: anyone may ask for the document
   * (sync step 1); only writers may change it (step 2, update); participants may show their
   * own presence (awareness of client ids no other socket speaks for), link readers none.
   * Anything else is dropped. Edits wait for an access check when the last one is stale.
   */
  onMessage(connection: Connection, message: WSMessage): void | Promise<void> {
    if (!factsOf(connection) || !admit(connection, message, SOCKET_RULES.doc)) return;
    this.#sockets.vet(connection);
    return this.#gate.pass(typeof message !== "string" && isEdit(message), () => this.#receive(connection, message));
  }

  #receive(connection: Connection, message: WSMessage): void {
    const facts = factsOf(connection);
    // Closed meanwhile (e.g. by the access check this frame waited for): nothing it sent counts.
    if (!facts || connection.readyState !== WebSocket.OPEN) return;
    if (typeof message === "string") return this.handleMessage(connection, message);
    const frame = classifyFrame(toBytes(message));
    switch (frame.kind) {
      case "sync_step1":
        break;
      case "sync_step2":
      case "update":
        if (facts.access === "write") break;
        if (frame.kind === "update" && !facts.warned) {
          connection.setState((prev: object | null) => ({ ...prev, warned: true }));
          this.#send(connection, { type: "error", code: "read_only" });
        }
        return;
      case "awareness":
        if (facts.access === "share" || !ownsPresence(connection, frame.clients, this.getConnections())) return;
        break;
      case "other":
        return;
    }
    this.handleMessage(connection, message);
  }

  onCustomMessage(connection: Connection): void {
    this.#send(connection, { type: "error", code: "unsupported" });
  }

  /** Writes the plain text to D1, takes a periodic version, tells newly mentioned people. */
  async onSave(): Promise<void> {
    if (this.#destroyed || this.#dirty === 0) return;
    const covered = this.#dirty;
    const { project, kind } = await this.#facts();
    if (!project || !kind) return;
    const now = Date.now();
    await host().saveDocumentText(this.env, this.name, plainTextOf(this.document, kind), now);
    if (kind === "text") {
      if (now - this.#store.lastVersionAt() >= AUTO_VERSION_EVERY_MS) this.#addVersion("", true, this.#lastEditor, now);
      await this.#notifyMentions(project);
    }
    this.#dirty -= covered;
    if (this.#dirty === 0) this.#store.setMeta("dirty", null);
  }

  async #notifyMentions(projectId: string): Promise<void> {
    const fresh = this.#store.newlyMentioned(mentionedUsers(this.document)).filter((u) => u !== this.#lastEditor);
    if (fresh.length === 0) return;
    const excerpt = plainTextOf(this.document, "text").slice(0, 140);
    await host().notifyMentions(this.env, { doc: this.name, project: projectId, author: this.#lastEditor, users: fresh, excerpt });
  }

  async #facts(): Promise<{ project?: string; kind?: DocKind }> {
    let project = this.#store.meta("project");
    let kind = this.#store.meta("kind") as DocKind | undefined;
    if (!project || !kind) {
      const row = await host().documentFacts(this.env, this.name);
      if (!row) return {};
      this.#remember(row.project, row.kind);
      project = row.project;
      kind = row.kind;
    }
    return { project, kind };
  }

  #remember(project: string, kind: DocKind): void {
    if (this.#destroyed) return;
    if (this.#store.meta("project") !== project) this.#store.setMeta("project", project);
    if (this.#store.meta("kind") !== kind) this.#store.setMeta("kind", kind);
  }

  #send(connection: Connection, message: ServerMessage): void {
    this.sendCustomMessage(connection, JSON.stringify(message));
  }

  #addVersion(name: string, auto: boolean, by: string | null, at = Date.now()): VersionRow {
    const state = Y.encodeStateAsUpdate(this.document);
    const row: VersionRow = { id: crypto.randomUUID(), name, auto, created_at: at, created_by: by, size: state.byteLength };
    this.#store.addVersion(row, state);
    return row;
  }

  // ── RPC (called by the Worker after its own checks) ─────────────────────────────────────

  /** The version history, newest first. */
  async listVersions(): Promise<VersionRow[]> {
    return this.#store.versions();
  }

  /** Saves the current content as a named version. */
  async saveVersion(name: string, by: string): Promise<VersionRow> {
    return this.#addVersion(name, false, by);
  }

  /** A version's content as one Yjs update (to view it in a scratch document), or null. */
  async versionState(id: string): Promise<Uint8Array | null> {
    return this.#store.versionState(id);
  }

  /**
   * Makes a text document's content what it was in a version, as a new change on top (so
   * open editors follow and nothing is rewritten under them). The content just before is kept
   * as a periodic version, so a restore can itself be undone.
   */
  async restoreVersion(id: string, by: string): Promise<{ ok: true; before: VersionRow } | { ok: false; reason: "version_not_found" }> {
    const state = this.#store.versionState(id);
    if (!state) return { ok: false, reason: "version_not_found" };
    const before = this.#addVersion("", true, by);
    this.#lastEditor = by;
    const snapshot = new Y.Doc();
    Y.applyUpdate(snapshot, state);
    if (snapshot.share.size === 0) {
      // A version of a blank document has no root type, and y-partyserver's replace cannot build
      // its undo scope from none (it throws): restoring it means deleting every item instead.
      this.document.transact((tr) => {
        for (const type of this.document.share.values()) {
          for (let item = type._start; item; item = item.right) if (!item.deleted) item.delete(tr);
          for (const item of type._map.values()) if (!item.deleted) item.delete(tr);
        }
      });
    } else {
      this.unstable_replaceDocument(state, (key) => (key === Y_TEXT_FIELD ? "XmlFragment" : "Map"));
    }
    // Stored before the call answers (the answer waits for this write).
    this.#write();
    this.broadcastCustomMessage(JSON.stringify({ type: "restored", version: id, by } satisfies ServerMessage));
    return { ok: true, before };
  }

  /**
   * Applies a whole update built elsewhere (a Markdown import, a flowchart's BPMN draft or
   * drawing), if it fits the document's kind (`domain/docs/imports.ts`).
   */
  async applyImport(update: Uint8Array, by: string, project: string, kind: DocKind): Promise<{ ok: true } | { ok: false; reason: ImportRefusal }> {
    const refused = checkImport(kind, update, this.document);
    if (refused) return { ok: false, reason: refused };
    this.#remember(project, kind);
    this.#lastEditor = by;
    Y.applyUpdate(this.document, update, "import");
    this.#write();
    return { ok: true };
  }

  /** The whole document as one update. */
  async snapshot(): Promise<Uint8Array> {
    return Y.encodeStateAsUpdate(this.document);
  }

  /** Checks every open socket's access against D1 now (what the room also does before a stale edit). */
  async recheckAccess(): Promise<void> {
    await this.#gate.recheck();
  }

  /** How the updates are stored now (rows, bytes). */
  async storageStats(): Promise<{ updates: number; bytes: number }> {
    return this.#store.stats();
  }

  /** Closes the share-link sockets whose link is no longer the document's (sharing off or replaced). */
  async closeShares(current: string | null): Promise<{ closed: number }> {
    let closed = 0;
    for (const connection of this.getConnections(SHARE_TAG)) {
      if (factsOf(connection)?.share === current) continue;
      connection.close(CLOSE.NOT_FOUND, "link off");
      closed += 1;
    }
    return { closed };
  }

  /** Closes a user's sockets (removed from the project, or their session may have ended: `RECHECK`, they reconnect). */
  async disconnectUser(userGuid: string, code: number = CLOSE.FORBIDDEN): Promise<{ closed: number }> {
    let closed = 0;
    for (const connection of this.getConnections(userTag(userGuid))) {
      connection.close(code, "access changed");
      closed += 1;
    }
    return { closed };
  }

  /**
   * A user's access to the project is now `access` (null: none). Their sockets opened with
   * another right close before this call answers — `FORBIDDEN` when they lost the project,
   * `RECHECK` otherwise (they reconnect with the new right) — so no edit they send
   * afterwards is applied under the old one.
   */
  async accessChanged(userGuid: string, access: "write" | "read" | null): Promise<{ closed: number }> {
    let closed = 0;
    for (const connection of this.getConnections(userTag(userGuid))) {
      if (factsOf(connection)?.access === access) continue;
      connection.close(access ? CLOSE.RECHECK : CLOSE.FORBIDDEN, "access changed");
      closed += 1;
    }
    return { closed };
  }

  /**
   * Development only (the cold-join benchmark): drops the object from memory, as an eviction
   * would, so the next socket starts it from storage. The Worker exposes it only in development.
   */
  async restartForBench(): Promise<void> {
    for (const connection of this.getConnections()) connection.close(1012, "restart");
    this.ctx.abort("restart");
  }

  /** The document was deleted: closes every socket and drops the storage. */
  async destroy(): Promise<void> {
    this.#destroyed = true;
    for (const connection of this.getConnections()) connection.close(CLOSE.NOT_FOUND, "deleted");
    await this.ctx.storage.deleteAll();
  }
}
