import { type Connection, type ConnectionContext, Server, type WSMessage } from "partyserver";
import { SOCKET_RULES } from "../../domain/wire/socket-limits";
import type { Env } from "../../workers/env";
import { sendToEach } from "../open-sockets";
import { admit } from "../socket-guard";
import type { UserHubRpc } from "../stubs";
import { CLOSE } from "../../domain/wire/close-codes";
import { VERIFIED_USER_HEADER } from "../../domain/wire/headers";
import { type HubMessage, hubMessage, type SocketPlace, socketPlace } from "../../domain/wire/live/hub";
import type { AiJob, AiOutcome } from "../../domain/wire/live/hub";
import { host } from "../host";

/** Streamed text is pushed at most this often (the last state always goes out). */
const AI_PUSH_EVERY_MS = 80;

/** Places remembered at most; the least recently opened go first. */
export const MAX_PLACES = 500;
/** A place not opened again for this long is forgotten (sessions last no longer). */
export const PLACE_TTL_MS = 30 * 24 * 60 * 60_000;

/**
 * One per user (`/ws/user/{userGuid}`): fans pushes out to every tab the user has open.
 * Invitations and notifications live in D1 and a reconnecting client reloads them, so
 * hibernation and eviction lose nothing. The one thing it stores is where else the user has
 * sockets (`SocketPlace`: project boards, poker/retro rooms, documents), recorded by the Worker
 * on each connect, so that ending a session or losing access can close them all.
 */
export class UserHub extends Server<Env> implements UserHubRpc {
  static options = { hibernate: true };
  /**
   * AI answers streaming right now, by run id. In memory on purpose: an open provider request
   * keeps the object awake, and a run cannot outlive its request anyway.
   */
  private readonly runs = new Map<string, AbortController>();

  onStart() {
    this.ctx.storage.sql.exec(
      "CREATE TABLE IF NOT EXISTS socket_places (kind TEXT NOT NULL, name TEXT NOT NULL, project TEXT NOT NULL, opened_at INTEGER NOT NULL, PRIMARY KEY (kind, name))",
    );
  }

  onConnect(connection: Connection, ctx: ConnectionContext) {
    // The Worker authenticated the session and stripped any client-sent copy of this header.
    if (ctx.request.headers.get(VERIFIED_USER_HEADER) !== this.name) {
      connection.close(CLOSE.UNAUTHORIZED, "unauthorized");
    }
  }

  onMessage(connection: Connection, message: WSMessage) {
    if (!admit(connection, message, SOCKET_RULES.hub)) return;
    connection.send(JSON.stringify({ type: "error", code: "unsupported" }));
  }

  /** Sends a message to every open socket of this user; says how many received it. */
  async push(message: HubMessage): Promise<{ ok: boolean; sent: number }> {
    const parsed = hubMessage.safeParse(message);
    if (!parsed.success) return { ok: false, sent: 0 };
    return { ok: true, sent: sendToEach(this.getConnections(), JSON.stringify(parsed.data)) };
  }

  /**
   * Streams an AI answer to this user's tabs as it comes (`modification_text` for a document,
   * `openai_chat` for the project chat) and resolves with the outcome. Runs here because this
   * object is the one place every request of the user reaches: `cancelAi` can stop it.
   */
  async runAi(job: AiJob): Promise<AiOutcome> {
    this.runs.get(job.run)?.abort();
    const controller = new AbortController();
    this.runs.set(job.run, controller);
    let lastPush = 0;
    let pending: string | null = null;
    const send = (text: string, done: boolean) => {
      if (job.channel.type === "modification_text") void this.push({ type: "modification_text", id: job.channel.id, text });
      else if (job.channel.type === "openai_chat") void this.push({ type: "openai_chat", content: { project: job.channel.project, run: job.run, text, done } });
    };
    try {
      const outcome = await host().streamAi(job.config, job.messages, controller.signal, (text) => {
        pending = text;
        const now = Date.now();
        if (now - lastPush < AI_PUSH_EVERY_MS) return;
        lastPush = now;
        pending = null;
        send(text, false);
      });
      if (outcome.ok) send(outcome.text, true);
      else if (pending !== null) send(pending, false);
      return outcome;
    } finally {
      if (this.runs.get(job.run) === controller) this.runs.delete(job.run);
    }
  }

  /** Stops a streaming answer and its provider request; false when no such run is going. */
  async cancelAi(run: string): Promise<boolean> {
    const controller = this.runs.get(run);
    if (!controller) return false;
    controller.abort();
    return true;
  }

  /** Closes every socket of a user whose account or session is gone. */
  async disconnectAll(code: number = CLOSE.NOT_FOUND): Promise<{ closed: number }> {
    let closed = 0;
    for (const connection of this.getConnections()) {
      connection.close(code, "closed");
      closed += 1;
    }
    return { closed };
  }

  /** Records that the user is opening a socket to `place` (called before the socket is handed over). */
  async track(place: SocketPlace, now = Date.now()): Promise<{ ok: boolean }> {
    const parsed = socketPlace.safeParse(place);
    if (!parsed.success) return { ok: false };
    const sql = this.ctx.storage.sql;
    sql.exec(
      "INSERT INTO socket_places (kind, name, project, opened_at) VALUES (?, ?, ?, ?) ON CONFLICT (kind, name) DO UPDATE SET project = excluded.project, opened_at = excluded.opened_at",
      parsed.data.kind,
      parsed.data.name,
      parsed.data.project,
      now,
    );
    sql.exec("DELETE FROM socket_places WHERE opened_at < ?", now - PLACE_TTL_MS);
    sql.exec("DELETE FROM socket_places WHERE rowid NOT IN (SELECT rowid FROM socket_places ORDER BY opened_at DESC LIMIT ?)", MAX_PLACES);
    return { ok: true };
  }

  /** Where the user may have sockets open, all of them or those of one project. */
  async places(project?: string): Promise<SocketPlace[]> {
    const rows = project
      ? this.ctx.storage.sql.exec<SocketPlace>("SELECT kind, name, project FROM socket_places WHERE project = ?", project)
      : this.ctx.storage.sql.exec<SocketPlace>("SELECT kind, name, project FROM socket_places");
    return rows.toArray().map((r) => ({ kind: r.kind, name: r.name, project: r.project }));
  }

  /**
   * Forgets places whose sockets were all closed, if not opened again since `before` (a socket
   * reopened meanwhile stays recorded).
   */
  async forget(places: SocketPlace[], before: number): Promise<void> {
    for (const p of places) this.ctx.storage.sql.exec("DELETE FROM socket_places WHERE kind = ? AND name = ? AND opened_at <= ?", p.kind, p.name, before);
  }
}
