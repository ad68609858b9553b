import { type Connection, type ConnectionContext, Server, type WSMessage } from "partyserver";
import { SOCKET_RULES } from "../../domain/wire/socket-limits";
import type { Env } from "../../workers/env";
import { OpenSockets, sendToEach } from "../open-sockets";
import { admit } from "../socket-guard";
import type { ProjectRoomRpc } from "../stubs";
import { CLOSE } from "../../domain/wire/close-codes";
import { VERIFIED_PROJECT_HEADER, VERIFIED_USER_HEADER } from "../../domain/wire/headers";
import { type ProjectError, type ProjectHello, type ProjectMessage, projectMessage } from "../../domain/wire/live/project";

/** Storage key: when the room last published a change (ms since the epoch, its own clock). */
const CHANGED_AT = "changed_at";

/** The tag that groups one user's sockets, so they can be closed together. */
const userTag = (userGuid: string) => `user:${userGuid}`;

/**
 * The Worker sets both headers only after checking the session and the user's read access to
 * this very project, overriding any copy the client sent. A socket without them did not come
 * through those checks.
 */
function verifiedUser(room: string, ctx: ConnectionContext): string | undefined {
  const user = ctx.request.headers.get(VERIFIED_USER_HEADER);
  const project = ctx.request.headers.get(VERIFIED_PROJECT_HEADER);
  return user && project === room ? user : undefined;
}

/**
 * One per project (name = project guid, `/ws/project/{projectGuid}`): tells every open board
 * of the project that tasks, sprints or comments changed. D1 is the truth and a client
 * refetches through the API on a message. The room keeps one fact of its own, in its storage
 * so that hibernation and eviction keep it: when it last published a change. It greets every
 * socket with it (`hello`), so a page fresh from its loader skips reading everything again
 * when nothing changed since (issue 17: that second read was most of a board's blocking time).
 * Each socket is tagged with its user, which survives hibernation with the socket itself.
 */
export class ProjectRoom extends Server<Env> implements ProjectRoomRpc {
  static options = { hibernate: true };

  /**
   * The open boards, listed once until one connects or closes (`../open-sockets.ts`): a publish
   * per task change would otherwise read every socket's attachment again.
   */
  private sockets = new OpenSockets(() => this.getConnections());

  getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    const user = verifiedUser(this.name, ctx);
    return user ? [userTag(user)] : [];
  }

  onConnect(connection: Connection, ctx: ConnectionContext) {
    this.sockets.changed();
    if (!verifiedUser(this.name, ctx)) {
      connection.close(CLOSE.UNAUTHORIZED, "unauthorized");
      return;
    }
    const hello: ProjectHello = { type: "hello", changed_at: this.ctx.storage.kv.get<number>(CHANGED_AT) ?? null };
    connection.send(JSON.stringify(hello));
  }

  onClose() {
    this.sockets.changed();
  }

  onError() {
    this.sockets.changed();
  }

  onMessage(connection: Connection, message: WSMessage) {
    if (!admit(connection, message, SOCKET_RULES.project)) return;
    const error: ProjectError = { type: "error", code: "unsupported" };
    connection.send(JSON.stringify(error));
  }

  /**
   * Sends a change notice to every open board of the project; says how many sockets got it.
   * A malformed message, or one about another project, is refused with `ok: false`, never
   * thrown.
   */
  async publish(message: ProjectMessage): Promise<{ ok: boolean; sent: number }> {
    const parsed = projectMessage.safeParse(message);
    if (!parsed.success) return { ok: false, sent: 0 };
    // Called without partyserver's separate `setName` round trip (services/live.ts): the room's
    // name is the project of the message it is sent to by its own id. `setName` refuses a name
    // other than the one the object already has (or its id was made from).
    try {
      await this.setName(parsed.data.project);
    } catch {
      return { ok: false, sent: 0 };
    }
    if (parsed.data.project !== this.name) return { ok: false, sent: 0 };
    const sent = sendToEach(this.sockets.open(), JSON.stringify(parsed.data));
    // Written after the frames went out: a write first would hold them until it is stored.
    this.ctx.storage.kv.put(CHANGED_AT, Math.max(Date.now(), this.ctx.storage.kv.get<number>(CHANGED_AT) ?? 0));
    return { ok: true, sent };
  }

  /**
   * Closes a user's sockets: with `FORBIDDEN` once they were removed from the project or lost
   * read access, with `RECHECK` when their session may have ended (they reconnect if it did not).
   */
  async disconnectUser(userGuid: string, code: number = CLOSE.FORBIDDEN): Promise<{ closed: number }> {
    let closed = 0;
    for (const connection of this.getConnections(userTag(userGuid))) {
      connection.close(code, code === CLOSE.FORBIDDEN ? "access lost" : "recheck");
      closed += 1;
    }
    return { closed };
  }
}
