/**
 * What the sockets of a room have heard, and how each change reaches them: one shared patch per
 * frame (the same bytes for every socket), each private part only when it changed, and changes
 * that come close together coalesced into one frame (docs/decisions.md, "Rooms coalesce…"; the
 * window's length: `domain/rooms/coalescing.ts`).
 *
 * The room object owns the state and its log; this part only sends. A change queued here is
 * either stored already or stored by `store()`, which every flush calls before it sends
 * anything: no socket hears of a change (patch or ack) before the turn that wrote it, so the
 * output gate holds the frame until the write is durable.
 */
import type { Connection } from "partyserver";
import { diff } from "../../domain/rooms/patch";
import { privatePart, publicView, type RoomState, type RoomView } from "../../domain/rooms/views";
import type { RoomKind, RoomServerFrame, RoomYou } from "../../domain/wire/live/room";
import { coalesceWindow, nextFrameAt } from "../../domain/rooms/coalescing";

/** What the room object lends its broadcast: the sockets (with their seats) and the state now. */
export interface BroadcastRoom<Seat extends { member: string }> {
  kind: () => RoomKind;
  state: () => RoomState;
  seq: () => number;
  sockets: () => Iterable<Connection<Seat>>;
  /** Writes whatever of the queued changes is not stored yet. */
  store: () => void;
  /** Resolves once what the room wrote so far is durable (its storage's `sync()`). */
  durable: () => Promise<void>;
}

export class RoomBroadcast<Seat extends { member: string }> {
  /** The public view as last sent, to patch from. */
  private shown: RoomView | null = null;
  /** The seq of the last patch sent: the next one covers `sentSeq + 1`..`seq`. */
  private sentSeq = 0;
  /** Each member's private part as last sent (JSON), to send only what changed. */
  private sentPrivate = new Map<string, string>();
  /** Changes stored but not yet sent: whose private parts may differ. */
  private unsent: { members: Set<string> | "all" } | null = null;
  /** Acks held back until the frame that carries their change has gone out. */
  private heldAcks: { connection: Connection; ref: string; seq: number }[] = [];
  /** When the last frame went out. */
  private lastFrameAt = 0;
  /** The earliest the next frame may go out (`nextFrameAt`: the window's end, or at once after a silence). */
  private nextFrame = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /**
   * Writes not durable yet: what is queued meanwhile waits for all of them. Usually one, the last
   * frame's; a REST read (`current()`) sends what is queued at once and may add a second.
   */
  private writing = 0;

  constructor(private readonly room: BroadcastRoom<Seat>) {}

  /** Starts from the state as it is (a new room, or one read back after an eviction). */
  reset() {
    this.shown = publicView(this.room.kind(), this.room.state());
    this.sentSeq = this.room.seq();
  }

  /**
   * The change just stored is to be sent (`actor`: the one member whose private part may have
   * changed, null: anyone's), now or when the coalescing window ends.
   */
  queue(actor: string | null) {
    const unsent = (this.unsent ??= { members: new Set() });
    if (actor === null) unsent.members = "all";
    else if (unsent.members !== "all") unsent.members.add(actor);
    this.schedule();
  }

  /**
   * Sends what is queued once both the window since the last frame (none if that frame ended a
   * silence: `nextFrameAt`) and that frame's write allow: changes that come while a write is under
   * way share the next frame (and the next write), rather than each waiting for a write of its own
   * behind it.
   */
  private schedule() {
    if (this.timer !== null || this.writing > 0 || !this.unsent) return;
    const wait = this.nextFrame - Date.now();
    if (wait <= 0) return this.flush();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.schedule();
    }, wait);
  }

  /** Answers the sender of change `seq`: after the frame that carries it, so it can see it. */
  ack(connection: Connection, ref: string, seq: number) {
    if (this.unsent) this.heldAcks.push({ connection, ref, seq });
    else send(connection, { type: "ack", ref, seq });
  }

  /** The public view at `seq()`, for REST reads (what is queued goes out first). */
  current(): RoomView {
    this.flush();
    return this.shown!;
  }

  /** The whole state to one socket (on connect, `sync`, a changed right). */
  sendState(connection: Connection, you: RoomYou) {
    const part = privatePart(this.room.kind(), this.room.state(), you.member);
    send(connection, { type: "state", kind: this.room.kind(), seq: this.room.seq(), public: this.current(), private: part, you });
    this.sentPrivate.set(you.member, JSON.stringify(part));
  }

  /**
   * One patch frame for every change not yet sent (with `from` when it covers several seqs), then
   * each private part that changed, then the held acks. A change with nothing public to show (a
   * hidden re-vote) sends no patch; the next one covers its seq.
   */
  flush() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const unsent = this.unsent;
    if (!unsent) return;
    this.room.store();
    this.unsent = null;
    const now = Date.now();
    this.writing += 1;
    const written = () => {
      this.writing -= 1;
      this.schedule();
    };
    this.room.durable().then(written, written);
    const kind = this.room.kind();
    const state = this.room.state();
    const seq = this.room.seq();
    const next = publicView(kind, state);
    const ops = diff(this.shown, next);
    this.shown = next;
    const from = this.sentSeq + 1;
    const frame = ops.length === 0 ? null : JSON.stringify((from === seq ? { type: "patch", seq, ops } : { type: "patch", seq, from, ops }) satisfies RoomServerFrame);
    if (frame) this.sentSeq = seq;
    const parts = new Map<string, string | null>();
    let audience = 0;
    for (const connection of this.room.sockets()) {
      if (connection.readyState !== WebSocket.OPEN) continue;
      audience += 1;
      const seat = connection.state;
      if (!seat) continue;
      if (frame) connection.send(frame);
      if (unsent.members !== "all" && !unsent.members.has(seat.member)) continue;
      let part = parts.get(seat.member);
      if (part === undefined) {
        const json = JSON.stringify(privatePart(kind, state, seat.member));
        part = this.sentPrivate.get(seat.member) === json ? null : json;
        parts.set(seat.member, part);
      }
      if (part !== null) connection.send(`{"type":"private","seq":${seq},"private":${part}}`);
    }
    // The window's length follows the room's size: the sockets this frame went to.
    this.nextFrame = nextFrameAt(now, this.lastFrameAt, coalesceWindow(audience));
    this.lastFrameAt = now;
    for (const [member, part] of parts) if (part !== null) this.sentPrivate.set(member, part);
    const acks = this.heldAcks;
    this.heldAcks = [];
    for (const { connection, ref, seq: acked } of acks) if (connection.readyState === WebSocket.OPEN) send(connection, { type: "ack", ref, seq: acked });
  }
}

export function send(connection: Connection, frame: RoomServerFrame) {
  connection.send(JSON.stringify(frame));
}
