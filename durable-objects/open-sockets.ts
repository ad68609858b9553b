/**
 * What the busy objects (the room, the document) keep about their sockets while awake, so a
 * frame costs no attachment reads: partyserver reads every socket's attachment afresh when it
 * lists them and once more before each incoming frame reaches `onMessage` (issue 17's profile:
 * half of a broadcast, and 447 ms of a 500-message run). Both lists are only memory: after an
 * eviction they start empty and fill again through partyserver's own paths.
 */
import type { Connection, WSMessage } from "partyserver";

/**
 * Sends one frame to every socket of an object that pushes to all its listeners (a user's tabs,
 * a project's pages); says how many it went to.
 */
export function sendToEach(connections: Iterable<Connection>, frame: string): number {
  let sent = 0;
  for (const connection of connections) {
    connection.send(frame);
    sent += 1;
  }
  return sent;
}

export class OpenSockets<State = unknown> {
  #list: Connection<State>[] | null = null;
  /** Sockets partyserver already accepted as its own in this life of the object. */
  #vetted = new WeakSet<object>();

  /** `read`: partyserver's own listing of every socket (`Server#getConnections()`). */
  constructor(private readonly read: () => Iterable<Connection<State>>) {}

  /** The open sockets, read once until `changed()`. */
  open(): Connection<State>[] {
    this.#list ??= [...this.read()];
    return this.#list.filter((c) => c.readyState === WebSocket.OPEN);
  }

  /** A socket connected or closed: the next `open()` reads the list again. */
  changed(): void {
    this.#list = null;
  }

  /**
   * Delivers a frame: straight to `onMessage` for a socket partyserver already accepted (its
   * wrapper stays on the socket object while the object is awake), through partyserver's own
   * `webSocketMessage` (`viaServer`) otherwise, which checks the attachment and calls `onMessage`.
   */
  deliver(ws: WebSocket, message: WSMessage, onMessage: (connection: Connection<State>, message: WSMessage) => void | Promise<void>, viaServer: () => Promise<void>): Promise<void> | void {
    if (!this.#vetted.has(ws)) return viaServer();
    try {
      return onMessage(ws as unknown as Connection<State>, message);
    } catch (err) {
      // As partyserver does: a hook that throws never takes the object down.
      console.error("socket message failed", err);
    }
  }

  /** Called from `onMessage`: this socket passed partyserver's check once. */
  vet(connection: Connection): void {
    this.#vetted.add(connection);
  }
}
