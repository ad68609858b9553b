import { type Connection, type ConnectionContext, Server, type WSMessage } from "partyserver";
import { CLOSE } from "../../domain/wire/close-codes";
import { MEETING_HEADERS, VERIFIED_USER_HEADER } from "../../domain/wire/headers";
import {
  CHAT_KEPT,
  CHAT_PAGE,
  type ChatMessage,
  type MeetingMode,
  type MeetingPeer,
  type MeetingServerFrame,
  meetingClientMessage,
} from "../../domain/wire/live/meeting";
import { admitFrame, SIGNAL_RULE, SOCKET_RULES } from "../../domain/wire/socket-limits";
import { applyPeerMessage } from "../../domain/meetings/roster";
import { admitPeer, SFU_CALL_RULE } from "../../domain/meetings/sfu";
import type { Env } from "../../workers/env";
import { host } from "../host";
import { admit, connectSafely } from "../socket-guard";
import type { MeetingRoomRpc, SfuPeerCheck, SfuSources } from "../stubs";

/**
 * What a socket carries through hibernation: the peer it is, its signalling allowance, and in
 * SFU mode its Realtime session (never sent to any browser) and its allowance of proxy calls.
 */
interface PeerState {
  peer: MeetingPeer;
  signal?: unknown;
  allowance?: unknown;
  session?: string;
  sfuCalls?: unknown;
}

type ChatRow = { id: string; at: number; user: string; name: string; text: string; seq: number };

const toMessage = (r: ChatRow): ChatMessage => ({ id: r.id, timestamp: r.at, user: r.user, name: r.name, text: r.text });

/**
 * One per video meeting (`/ws/meeting/{roomId}`, issue 21). The roster lives with the sockets
 * (each socket's state is its peer), so hibernation and eviction lose nothing a reconnect does
 * not restore; the chat and who joined under which name live in the object's SQL storage.
 * Signalling is relayed, never read. Chat, media and hand changes re-check the sender's access
 * to the project first (a removed participant is closed with FORBIDDEN).
 */
export class MeetingRoom extends Server<Env> implements MeetingRoomRpc {
  static options = { hibernate: true };

  onStart() {
    const sql = this.ctx.storage.sql;
    sql.exec("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
    sql.exec("CREATE TABLE IF NOT EXISTS members (user TEXT PRIMARY KEY, name TEXT NOT NULL, joined_at INTEGER NOT NULL)");
    sql.exec("CREATE TABLE IF NOT EXISTS messages (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, at INTEGER NOT NULL, user TEXT NOT NULL, name TEXT NOT NULL, text TEXT NOT NULL)");
  }

  /**
   * Records that `user` joined the meeting of `project` under `name` (`POST /rooms/{id}/join`).
   * `sfu` says whether the Worker has Cloudflare Realtime configured: the room may then outgrow
   * the mesh (the Worker's configuration decides, so one deployment's rooms all agree).
   */
  async enrol(project: string, user: string, name: string, options: { now?: number; sfu?: boolean } = {}): Promise<{ ok: boolean }> {
    const now = options.now ?? Date.now();
    const sql = this.ctx.storage.sql;
    this.setMeta("project", project);
    this.setMeta("sfu", options.sfu ? "1" : "0");
    sql.exec("INSERT INTO members (user, name, joined_at) VALUES (?, ?, ?) ON CONFLICT (user) DO UPDATE SET name = excluded.name, joined_at = excluded.joined_at", user, name, now);
    // Sockets already open show the new name at once.
    for (const connection of this.peers()) {
      const state = connection.state as PeerState;
      if (state.peer.user === user && state.peer.name !== name) this.updatePeer(connection, { ...state.peer, name });
    }
    return { ok: true };
  }

  /** The whole kept chat, oldest first (saving it as meeting notes). */
  async chatLog(): Promise<ChatMessage[]> {
    return this.ctx.storage.sql.exec<ChatRow>("SELECT * FROM messages ORDER BY seq").toArray().map(toMessage);
  }

  /** The peers in the meeting now. */
  async roster(): Promise<MeetingPeer[]> {
    return [...this.peers()].map((c) => (c.state as PeerState).peer);
  }

  /** How the room carries media now. */
  async mode(): Promise<MeetingMode> {
    return this.currentMode();
  }

  /**
   * Checks one SFU proxy call of `user` for the peer `peerId`: the peer is that user's open
   * socket here, the room is in SFU mode, and the peer's allowance of calls is not spent. Gives
   * the peer's Realtime session, if it has one yet.
   */
  async sfuPeer(peerId: string, user: string, size: number, now = Date.now()): Promise<SfuPeerCheck> {
    const connection = this.peerOf(peerId);
    const state = connection?.state as PeerState | undefined;
    if (!connection || !state || state.peer.user !== user) return { ok: false, reason: "peer" };
    if (this.currentMode() !== "sfu") return { ok: false, reason: "mode" };
    const verdict = admitFrame(SFU_CALL_RULE, state.sfuCalls, size, now);
    if (!verdict.ok) return { ok: false, reason: "rate" };
    connection.setState((prev: PeerState | null) => ({ ...(prev as PeerState), sfuCalls: verdict.allowance }));
    return { ok: true, session: state.session ?? null };
  }

  /** Records the peer's Realtime session and the names of the tracks it published; everyone hears the names. */
  async sfuPublished(peerId: string, user: string, session: string, tracks: string[]): Promise<{ ok: boolean }> {
    const connection = this.peerOf(peerId);
    const state = connection?.state as PeerState | undefined;
    if (!connection || !state || state.peer.user !== user) return { ok: false };
    const names = [...new Set([...(state.peer.tracks ?? []), ...tracks])];
    connection.setState((prev: PeerState | null) => ({ ...(prev as PeerState), session }));
    this.updatePeer(connection, { ...state.peer, tracks: names });
    return { ok: true };
  }

  /** The Realtime session behind each wanted track: only tracks peers of this room published. */
  async sfuSources(wants: { peer: string; trackName: string }[]): Promise<SfuSources> {
    const sources = [];
    for (const want of wants) {
      const state = this.peerOf(want.peer)?.state as PeerState | undefined;
      if (!state?.session || !(state.peer.tracks ?? []).includes(want.trackName)) return { ok: false };
      sources.push({ ...want, sessionId: state.session });
    }
    return { ok: true, sources };
  }

  /** Closes a user's sockets (default: access lost). */
  async disconnectUser(user: string, code: number = CLOSE.FORBIDDEN): Promise<{ closed: number }> {
    let closed = 0;
    for (const connection of this.peers()) {
      if ((connection.state as PeerState).peer.user !== user) continue;
      connection.close(code, "closed");
      closed += 1;
    }
    return { closed };
  }

  onConnect(connection: Connection, ctx: ConnectionContext) {
    connectSafely(connection, "meeting room", () => {
      const user = ctx.request.headers.get(VERIFIED_USER_HEADER);
      if (!user || ctx.request.headers.get(MEETING_HEADERS.room) !== this.name) {
        connection.close(CLOSE.UNAUTHORIZED, "unauthorized");
        return;
      }
      const member = this.ctx.storage.sql.exec<{ name: string }>("SELECT name FROM members WHERE user = ?", user).toArray()[0];
      // Opening the socket is not joining: `POST /rooms/{id}/join` comes first, with the name.
      if (!member) {
        connection.close(CLOSE.FORBIDDEN, "not joined");
        return;
      }
      const othersNow = [...this.peers()].filter((c) => c.id !== connection.id).length;
      const admission = admitPeer(othersNow, this.currentMode(), this.getMeta("sfu") === "1");
      if (!admission.ok) {
        this.sendTo(connection, { type: "error", code: "meeting_full" });
        connection.close(CLOSE.MEETING_FULL, "full");
        return;
      }
      if (admission.mode !== this.currentMode()) {
        this.setMeta("mode", admission.mode);
        // Everyone already in drops their mesh links and publishes to the SFU.
        this.broadcast(JSON.stringify({ type: "mode", mode: admission.mode } satisfies MeetingServerFrame), [connection.id]);
      }
      const peer: MeetingPeer = { id: connection.id, user, name: member.name, camera: false, mic: false, screen: false, hand: null, tracks: [] };
      connection.setState({ peer } satisfies PeerState);
      const page = this.page(null);
      const others = [...this.peers()].filter((c) => c.id !== connection.id).map((c) => (c.state as PeerState).peer);
      this.sendTo(connection, { type: "welcome", you: connection.id, peers: others, messages: page.messages, more: page.more, mode: admission.mode });
      this.broadcast(JSON.stringify({ type: "peer", peer } satisfies MeetingServerFrame), [connection.id]);
    });
  }

  async onMessage(connection: Connection, message: WSMessage) {
    if (!admit(connection, message, SOCKET_RULES.meeting)) return;
    const state = connection.state as PeerState | null;
    if (!state?.peer) return;
    let raw: unknown;
    try {
      raw = JSON.parse(typeof message === "string" ? message : new TextDecoder().decode(message));
    } catch {
      raw = undefined;
    }
    const parsed = meetingClientMessage.safeParse(raw);
    if (!parsed.success) return this.sendTo(connection, { type: "error", code: "malformed" });
    const msg = parsed.data;
    const now = Date.now();

    if (msg.type === "signal") {
      const size = typeof message === "string" ? message.length : message.byteLength;
      const verdict = admitFrame(SIGNAL_RULE, state.signal, size, now);
      if (!verdict.ok) return this.sendTo(connection, { type: "error", code: "signal_rate_limited" });
      connection.setState((prev: PeerState | null) => ({ ...(prev as PeerState), signal: verdict.allowance }));
      const target = this.getConnection(msg.to);
      if (!target || !(target.state as PeerState | null)?.peer || target.id === connection.id) return this.sendTo(connection, { type: "error", code: "peer_not_found" });
      return this.sendTo(target, { type: "signal", from: connection.id, data: msg.data });
    }
    if (msg.type === "history") return this.sendTo(connection, { type: "history", ...this.page(msg.before) });

    // What changes the room is allowed only while the sender may still read the project.
    if (!(await this.stillAllowed(state.peer.user))) {
      connection.close(CLOSE.FORBIDDEN, "forbidden");
      return;
    }
    if (msg.type === "chat") {
      const chat: ChatMessage = { id: crypto.randomUUID(), timestamp: now, user: state.peer.user, name: state.peer.name, text: msg.text };
      const sql = this.ctx.storage.sql;
      sql.exec("INSERT INTO messages (id, at, user, name, text) VALUES (?, ?, ?, ?, ?)", chat.id, chat.timestamp, chat.user, chat.name, chat.text);
      sql.exec("DELETE FROM messages WHERE seq <= (SELECT MAX(seq) FROM messages) - ?", CHAT_KEPT);
      this.broadcast(JSON.stringify({ type: "chat", message: chat } satisfies MeetingServerFrame));
      return;
    }
    const current = (connection.state as PeerState).peer;
    const next = applyPeerMessage(current, msg, now);
    if (next !== current) this.updatePeer(connection, next);
  }

  onClose(connection: Connection) {
    const state = connection.state as PeerState | null;
    if (!state?.peer) return;
    this.broadcast(JSON.stringify({ type: "left", id: connection.id } satisfies MeetingServerFrame), [connection.id]);
    // An empty room starts over as a mesh.
    if (![...this.peers()].some((c) => c.id !== connection.id) && this.currentMode() !== "mesh") this.setMeta("mode", "mesh");
  }

  /** An open peer socket by id. */
  private peerOf(id: string): Connection | undefined {
    const connection = this.getConnection(id);
    return connection && connection.readyState === WebSocket.OPEN && (connection.state as PeerState | null)?.peer ? connection : undefined;
  }

  private getMeta(key: string): string | undefined {
    return this.ctx.storage.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = ?", key).toArray()[0]?.value;
  }

  private setMeta(key: string, value: string) {
    this.ctx.storage.sql.exec("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", key, value);
  }

  private currentMode(): MeetingMode {
    return this.getMeta("mode") === "sfu" ? "sfu" : "mesh";
  }

  /** Sockets that are peers of the meeting (open and past their connect checks). */
  private *peers(): Iterable<Connection> {
    for (const connection of this.getConnections()) {
      if (connection.readyState === WebSocket.OPEN && (connection.state as PeerState | null)?.peer) yield connection;
    }
  }

  private updatePeer(connection: Connection, peer: MeetingPeer) {
    connection.setState((prev: PeerState | null) => ({ ...(prev as PeerState), peer }));
    this.broadcast(JSON.stringify({ type: "peer", peer } satisfies MeetingServerFrame));
  }

  private async stillAllowed(user: string): Promise<boolean> {
    const project = this.getMeta("project");
    if (!project) return false;
    return host().meetingAccess(this.env, project, user);
  }

  /** The `CHAT_PAGE` messages before `before` (the newest when null), oldest first. */
  private page(before: string | null): { messages: ChatMessage[]; more: boolean } {
    const sql = this.ctx.storage.sql;
    const rows = before
      ? sql.exec<ChatRow>("SELECT * FROM messages WHERE seq < (SELECT seq FROM messages WHERE id = ?) ORDER BY seq DESC LIMIT ?", before, CHAT_PAGE + 1).toArray()
      : sql.exec<ChatRow>("SELECT * FROM messages ORDER BY seq DESC LIMIT ?", CHAT_PAGE + 1).toArray();
    return { messages: rows.slice(0, CHAT_PAGE).reverse().map(toMessage), more: rows.length > CHAT_PAGE };
  }

  private sendTo(connection: Connection, frame: MeetingServerFrame) {
    connection.send(JSON.stringify(frame));
  }
}
