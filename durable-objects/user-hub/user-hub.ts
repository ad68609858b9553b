import { type Connection, type ConnectionContext, Server } from "partyserver";
import type { Env } from "../../workers/env";
import { CLOSE, type HubMessage, hubMessage } from "./protocol";

/** Header through which the Worker tells the hub whose session opened the socket. */
export const VERIFIED_USER_HEADER = "x-verified-user";

/**
 * One per user (`/ws/user/{userGuid}`): fans pushes out to every tab the user has open. It
 * keeps no state of its own — invitations and notifications live in D1 and a reconnecting
 * client reloads them — so hibernation and eviction lose nothing.
 */
export class UserHub extends Server<Env> {
  static options = { hibernate: true };

  onConnect(connection: Connection, ctx: ConnectionContext) {
    // The Worker authenticated the session and stripped any client-sent copy of this header.
    if (ctx.request.headers.get(VERIFIED_USER_HEADER) !== this.name) {
      connection.close(CLOSE.UNAUTHORIZED, "unauthorized");
    }
  }

  onMessage(connection: Connection) {
    connection.send(JSON.stringify({ type: "error", code: "unsupported" }));
  }

  /** Sends a message to every open socket of this user; says how many received it. */
  async push(message: HubMessage): Promise<{ ok: boolean; sent: number }> {
    const parsed = hubMessage.safeParse(message);
    if (!parsed.success) return { ok: false, sent: 0 };
    const frame = JSON.stringify(parsed.data);
    let sent = 0;
    for (const connection of this.getConnections()) {
      connection.send(frame);
      sent += 1;
    }
    return { ok: true, sent };
  }

  /** Closes every socket of a user whose account or session is gone. */
  async disconnectAll(code: number = CLOSE.USER_GONE): Promise<void> {
    for (const connection of this.getConnections()) connection.close(code, "closed");
  }
}
