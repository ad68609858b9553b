import { type Connection, type ConnectionContext, Server, type WSMessage } from "partyserver";
import { SOCKET_RULES } from "../../domain/wire/socket-limits";
import { pokerClientMessage, retroClientMessage } from "../../domain/rooms/commands";
import { type PokerRole, type PokerState, newPokerRoom, reducePoker } from "../../domain/rooms/poker";
import { type RetroState, newRetroRoom, reduceRetro } from "../../domain/rooms/retro";
import { composeView, privateForAll, privatePart, type RoomState, type RoomView } from "../../domain/rooms/views";
import type { Env } from "../../workers/env";
import { admit, connectSafely } from "../socket-guard";
import { OpenSockets } from "../open-sockets";
import type { ActResult, DeckFieldMeta, OutboxEntry, RoomInit, RoomMeta } from "../../domain/wire/rpc";
import type { RoomServerRpc } from "../stubs";
import { carryOut, roomEffects, type RoomEffects } from "./effects";
import { RoomBroadcast, send } from "./broadcast";
import { CLOSE } from "../../domain/wire/close-codes";
import { ROOM_HEADER } from "../../domain/wire/headers";
import { clientEnvelope, MAX_FRAME_BYTES, type RoomKind, type RoomServerFrame, syncMessage } from "../../domain/wire/live/room";
import { RoomLog } from "./room-log";
import { RoomOutbox, SYSTEM_ACTOR } from "./outbox";
import { closeSeats, memberTag, reseatAll, type Seat, seatOf } from "./seats";

/** Refs remembered for deduplication (a reconnect re-sends only a few). */
const REMEMBERED_REFS = 500;

type Input = { type: string } & Record<string, unknown>;

function reduce(kind: RoomKind, state: RoomState, input: Input, actor: string, now: number) {
  return kind === "poker" ? reducePoker(state as PokerState, input as never, actor, now) : reduceRetro(state as RetroState, input as never, actor, now);
}

/**
 * One per poker or retro room (name = room guid, `/ws/room/{roomGuid}`). The state lives in
 * the object: every change is the reducer's answer to one message, appended to the object's
 * SQLite log before anyone hears of it (`./room-log.ts`), and sent to the sockets as one shared
 * patch (`./broadcast.ts`). REST calls and sockets go through the same `apply`, so both always
 * agree. What a change asks of the world outside waits in the outbox, delivered by the alarm
 * (`./outbox.ts`); who sits behind each socket is in `./seats.ts`.
 */
export class RoomServer extends Server<Env> implements RoomServerRpc {
  static options = { hibernate: true };

  private meta: RoomMeta | null = null;
  private state: RoomState | null = null;
  private seq = 0;
  /** The stored snapshot and log (`./room-log.ts`). */
  private log = new RoomLog(this.ctx.storage);
  /** Answers to recent refs by member, so a frame re-sent after a reconnect is not applied twice. */
  private answered = new Map<string, ActResult>();
  /** The room's sockets, listed once until one connects or closes (`../open-sockets.ts`). */
  private sockets = new OpenSockets<Seat>(() => this.getConnections<Seat>());
  /** What the sockets heard, and the coalescing of what they hear next. */
  private fanOut = new RoomBroadcast<Seat>({
    kind: () => this.meta!.kind,
    state: () => this.state!,
    seq: () => this.seq,
    sockets: () => this.sockets.open(),
    store: () => this.log.write(),
    durable: () => this.ctx.storage.sync(),
  });
  /** The outbox and the alarm that delivers it (`./outbox.ts`). */
  private toDeliver = new RoomOutbox(this.ctx.storage, {
    room: this,
    meta: () => this.meta!,
    effects: () => this.effects,
    timerEndsAt: () => this.timerEndsAt(),
    settle: (input, alsoStore) => this.apply(SYSTEM_ACTOR, input, Date.now(), alsoStore),
  });
  /** How the outbox is carried out; tests replace it to make a delivery fail. */
  effects: RoomEffects = roomEffects;

  onStart() {
    const stored = this.log.open();
    if (!stored) return;
    this.meta = stored.meta;
    let state = stored.snapshot;
    this.seq = stored.snapshotSeq;
    for (const entry of stored.entries) {
      const result = reduce(this.meta.kind, state, JSON.parse(entry.input) as Input, entry.actor, entry.at);
      // Only accepted inputs were logged; a refusal now would mean the rules changed under it.
      if (!("error" in result)) state = result.state;
      this.seq = entry.seq;
    }
    this.state = state;
    this.fanOut.reset();
  }

  /** Sets the room up once, right after its row was written to D1. Idempotent. */
  async create(init: RoomInit): Promise<{ ok: boolean }> {
    if (this.meta) return { ok: true };
    const { ownerName, cards, preset, ...meta } = init;
    const state: RoomState =
      init.kind === "poker"
        ? newPokerRoom({ owner: init.owner, ownerName, deck: "custom", customCards: cards })
        : newRetroRoom({ owner: init.owner, ownerName, preset: preset ?? "start_stop_continue" });
    this.log.create(meta, state);
    this.meta = meta;
    this.state = state;
    this.fanOut.reset();
    return { ok: true };
  }

  /** A client message from `actor` through REST; refused like the same frame on a socket. */
  async act(actor: string, message: unknown): Promise<ActResult> {
    if (!this.meta) return { ok: false, code: "room_missing" };
    const parsed = (this.meta.kind === "poker" ? pokerClientMessage : retroClientMessage).safeParse(message);
    if (!parsed.success) return { ok: false, code: "malformed" };
    return this.apply(actor, parsed.data as Input);
  }

  /** A member joined through REST (no socket yet), or changed name. */
  async enrol(member: string, name: string, role: PokerRole): Promise<ActResult> {
    if (!this.meta) return { ok: false, code: "room_missing" };
    return this.apply(member, this.meta.kind === "poker" ? { type: "enrol", name, role } : { type: "enrol", name });
  }

  /** A task of the project went to the trash or came back (issue 15): a poker room's queue follows. */
  async taskTrashed(task: string, trashed: boolean): Promise<ActResult> {
    if (this.meta?.kind !== "poker") return { ok: false, code: "room_missing" };
    return this.apply(this.meta.owner, { type: trashed ? "task_trashed" : "task_restored", issue: task });
  }

  /** Renames the room (the title the effects use, e.g. in exported tasks). */
  async retitle(title: string): Promise<{ ok: boolean }> {
    if (!this.meta) return { ok: false };
    this.saveMeta({ ...this.meta, title });
    return { ok: true };
  }

  /** A poker room's new deck (the owner, through REST): refused once anyone voted. */
  async redeck(cards: string[], values: Record<string, number | null>, field?: DeckFieldMeta): Promise<ActResult> {
    if (!this.meta) return { ok: false, code: "room_missing" };
    const result = this.apply(this.meta.owner, { type: "set_deck", cards });
    if (result.ok) {
      const { field: _old, ...rest } = this.meta;
      this.saveMeta({ ...rest, values, ...(field ? { field } : {}) });
    }
    return result;
  }

  private saveMeta(meta: RoomMeta) {
    this.meta = meta;
    this.log.saveMeta(meta);
  }

  /** The room as `member` may see it, for REST reads. */
  async viewOf(member: string): Promise<{ kind: RoomKind; seq: number; view: RoomView } | null> {
    if (!this.meta || !this.state) return null;
    return { kind: this.meta.kind, seq: this.seq, view: composeView(this.meta.kind, this.fanOut.current(), privatePart(this.meta.kind, this.state, member)) };
  }

  getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    const seat = seatOf(ctx.request.headers, this.name);
    return seat ? [memberTag(seat.member)] : [];
  }

  onConnect(connection: Connection<Seat>, ctx: ConnectionContext) {
    this.sockets.changed();
    connectSafely(connection, "room", () => this.admitSeat(connection, ctx));
    this.sockets.changed();
  }

  /** Frames of sockets already accepted skip partyserver's per-frame attachment check (`../open-sockets.ts`). */
  webSocketMessage(ws: WebSocket, message: WSMessage): Promise<void> {
    return Promise.resolve(this.sockets.deliver(ws, message, (c, m) => this.onMessage(c, m as string | ArrayBuffer), () => super.webSocketMessage(ws, message)));
  }

  private admitSeat(connection: Connection<Seat>, ctx: ConnectionContext) {
    const seat = seatOf(ctx.request.headers, this.name);
    if (!seat) return connection.close(CLOSE.UNAUTHORIZED, "unauthorized");
    if (!this.meta || !this.state) {
      this.sendTo(connection, { type: "error", code: "room_missing" });
      return connection.close(CLOSE.UNAUTHORIZED, "room missing");
    }
    if (ctx.request.headers.get(ROOM_HEADER.admitted) !== "1") {
      this.sendTo(connection, { type: "error", code: "not_admitted" });
      return connection.close(CLOSE.WAITING, "waiting for the owner");
    }
    connection.setState(seat);
    // The full state first, then the join as the next patch: the socket's `seq` stays contiguous.
    this.sendState(connection, seat);
    const person = this.state.participants.find((p) => p.id === seat.member);
    if (!person?.present) this.apply(seat.member, this.meta.kind === "poker" ? { type: "join", name: seat.name, role: seat.role } : { type: "join", name: seat.name });
  }

  onMessage(connection: Connection<Seat>, raw: string | ArrayBuffer) {
    this.sockets.vet(connection);
    const seat = connection.state;
    if (!seat || !this.meta || !admit(connection, raw, SOCKET_RULES.room)) return;
    const size = typeof raw === "string" ? raw.length : raw.byteLength;
    if (size > MAX_FRAME_BYTES) return this.sendTo(connection, { type: "error", code: "too_large" });
    let frame: unknown;
    try {
      frame = JSON.parse(typeof raw === "string" ? raw : new TextDecoder().decode(raw));
    } catch {
      return this.sendTo(connection, { type: "error", code: "malformed" });
    }
    const envelope = clientEnvelope.safeParse(frame);
    if (!envelope.success) return this.sendTo(connection, { type: "error", code: "malformed" });
    const { ref, ...message } = envelope.data;
    const answer = (code: string) => this.sendTo(connection, ref === undefined ? { type: "error", code } : { type: "error", code, ref });
    if (message.type === "sync" && syncMessage.safeParse(message).success) return this.sendState(connection, seat);
    if (seat.readOnly) return answer("read_only");
    const parsed = (this.meta.kind === "poker" ? pokerClientMessage : retroClientMessage).safeParse(message);
    if (!parsed.success) return answer("malformed");
    const key = ref === undefined ? undefined : `${seat.member} ${ref}`;
    const result = (key && this.answered.get(key)) || this.apply(seat.member, parsed.data as Input, Date.now(), undefined, true);
    if (key) this.remember(key, result);
    if (!result.ok) return answer(result.code);
    if (ref !== undefined) this.fanOut.ack(connection, ref, result.seq);
  }

  onClose(connection: Connection<Seat>) {
    this.sockets.changed();
    const seat = connection.state;
    if (!seat || !this.state) return;
    for (const other of this.getConnections<Seat>(memberTag(seat.member))) {
      if (other.id !== connection.id && other.readyState === WebSocket.OPEN) return;
    }
    if (this.state.participants.some((p) => p.id === seat.member && p.present)) this.apply(seat.member, { type: "leave" });
  }

  onError(connection: Connection<Seat>) {
    this.onClose(connection);
  }

  /** The shared alarm: ends a countdown that is due, delivers the outbox's due entries, sets the next alarm. */
  async onAlarm() {
    if (!this.meta) return;
    const timer = this.timerEndsAt();
    if (timer !== null && timer <= Date.now()) this.apply(SYSTEM_ACTOR, { type: "timer_expired" });
    await this.toDeliver.deliver();
    await this.toDeliver.schedule();
  }

  /** The outbox's entries, oldest first (for tests and diagnostics). */
  async outbox(): Promise<(OutboxEntry & { due: number })[]> {
    return this.toDeliver.list();
  }

  private timerEndsAt(): number | null {
    return this.meta?.kind === "poker" && this.state ? (this.state as PokerState).timerEndsAt : null;
  }

  /** Closes a member's sockets (`./seats.ts`): access lost, or a session to check again. */
  async disconnect(member: string, code: number = CLOSE.FORBIDDEN): Promise<{ closed: number }> {
    return { closed: closeSeats(this.getConnections(memberTag(member)), code) };
  }

  /**
   * A member's project access changed but they may still see the room: their open sockets take
   * the new right at once and get the state again. A demoted poker voter becomes a spectator.
   */
  async reseat(member: string, readOnly: boolean): Promise<{ changed: number }> {
    if (!this.meta) return { changed: 0 };
    const changed = reseatAll(this.getConnections<Seat>(memberTag(member)), readOnly, (connection, seat) => this.sendState(connection, seat));
    // A poker voter who may only watch now holds no hidden vote and no round up (auto-flip).
    const person = this.meta.kind === "poker" ? (this.state as PokerState).participants.find((p) => p.id === member) : undefined;
    if (readOnly && person?.role === "voter") this.apply(member, { type: "set_role", role: "spectator" });
    return { changed };
  }

  /**
   * The one path of every change: reduce, log, patch everyone, then set the alarm and carry out
   * the immediate effects. The log entry is written before anyone hears of the change: a socket's
   * plain change (`batched`) with the rest of its coalescing window, by the flush that sends it
   * (one transaction, and one commit to wait for, per window instead of per change); anything
   * else (REST, the alarm, a change with effects: outbox entries join the same transaction, as
   * does `alsoStore`) at once, after whatever is still unwritten. Every frame that tells of a
   * change (its patch, its ack) leaves in the turn that wrote it, so the output gate holds it
   * until the write is durable; a change lost with the object before its window ended was never
   * acknowledged, and its sender re-sends it (same ref) after reconnecting.
   */
  private apply(actor: string, input: Input, now = Date.now(), alsoStore?: () => void, batched = false): ActResult {
    const meta = this.meta!;
    const result = reduce(meta.kind, this.state!, input, actor, now);
    if ("error" in result) return { ok: false, code: result.error };
    const seq = this.seq + 1;
    this.log.append({ seq, actor, input: JSON.stringify(input), at: now });
    if (!batched || alsoStore || result.effects.length > 0) {
      try {
        this.log.write(() => {
          this.toDeliver.enqueue(result.effects, now);
          alsoStore?.();
        });
      } catch (err) {
        this.log.drop(seq);
        throw err;
      }
    }
    this.seq = seq;
    this.state = result.state;
    this.log.compactIfDue(this.state, this.seq);
    this.fanOut.queue(privateForAll(meta.kind, input.type) ? null : actor);
    if (result.effects.some((e) => e.type !== "write_estimate")) this.ctx.waitUntil(this.toDeliver.schedule());
    if (result.effects.some((e) => e.type === "write_estimate")) this.ctx.waitUntil(carryOut(this, result.effects, meta, this.state));
    return { ok: true, seq: this.seq };
  }

  private remember(key: string, result: ActResult) {
    this.answered.delete(key);
    this.answered.set(key, result);
    if (this.answered.size > REMEMBERED_REFS) this.answered.delete(this.answered.keys().next().value!);
  }

  private sendState(connection: Connection, seat: Seat) {
    this.fanOut.sendState(connection, { member: seat.member, name: seat.name, readOnly: seat.readOnly });
  }

  private sendTo(connection: Connection, frame: RoomServerFrame) {
    send(connection, frame);
  }

  /** For effects: tells one member something went wrong outside the state. */
  tell(member: string, code: string) {
    for (const connection of this.getConnections(memberTag(member))) this.sendTo(connection, { type: "error", code });
  }

  /** For effects: the Worker's bindings. */
  get bindings(): Env {
    return this.env;
  }
}
