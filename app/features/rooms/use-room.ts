/**
 * A live poker or retro room in the browser (`/ws/room/{roomGuid}`): keeps the composed view
 * (exactly what `viewFor(state, me)` gives) from the state frame, the shared patches and the
 * private parts; asks for the full state again after a gap; sends messages with a `ref` and
 * resolves each once the room stored or refused it. Messages sent while the network is down
 * wait and go out on reconnect (the room answers a repeated `ref` without applying it twice).
 */
import ReconnectingWebSocket from "partysocket/ws";
import { useCallback, useEffect, useRef, useState } from "react";
import { CLOSE } from "../../../domain/wire/close-codes";
import type { RoomKind, RoomServerFrame, RoomYou } from "../../../domain/wire/live/room";
import { applyPatch, patchFits } from "../../../domain/rooms/patch";
import type { PokerClientMessage, PokerView } from "../../../domain/rooms/poker";
import type { RetroClientMessage, RetroView } from "../../../domain/rooms/retro";
import { composeView, type RoomPrivate, type RoomView } from "../../../domain/rooms/views";
import { reactToClose, socketUrl } from "../../lib/live-version";

export type RoomStatus = "connecting" | "open" | "reconnecting" | "waiting" | "closed" | "denied";
export type SendResult = { ok: true } | { ok: false; code: string };

export interface RoomLive {
  status: RoomStatus;
  kind: RoomKind | null;
  view: PokerView | RetroView | null;
  you: RoomYou | null;
  send(message: PokerClientMessage | RetroClientMessage): Promise<SendResult>;
}

interface Pending {
  frame: string;
  resolve: (result: SendResult) => void;
}

/** How long a guest waiting for the owner waits before asking again. */
const WAITING_RETRY_MS = 3000;

/**
 * `initial`: the room as the page's loader read it (the poker room's), shown until the socket's
 * first state replaces it, so the server's HTML already holds the room.
 */
export function useRoom(roomGuid: string, initial?: { kind: RoomKind; view: RoomView; you: RoomYou } | null): RoomLive {
  const [status, setStatus] = useState<RoomStatus>("connecting");
  const [kind, setKind] = useState<RoomKind | null>(initial?.kind ?? null);
  const [view, setView] = useState<RoomView | null>(initial?.view ?? null);
  const [you, setYou] = useState<RoomYou | null>(initial?.you ?? null);
  const socket = useRef<ReconnectingWebSocket | null>(null);
  const pending = useRef(new Map<string, Pending>());
  const counter = useRef(0);

  useEffect(() => {
    const ws = new ReconnectingWebSocket(socketUrl(`/ws/room/${roomGuid}`), [], { maxReconnectionDelay: 10_000, minReconnectionDelay: 500 });
    socket.current = ws;
    let seq = -1;
    let shown: RoomView | null = null;
    let part: RoomPrivate | null = null;
    let roomKind: RoomKind | null = null;
    let waitingTimer: ReturnType<typeof setTimeout> | undefined;
    const publish = () => {
      if (roomKind && shown && part) setView(composeView(roomKind, shown, part));
    };
    const resync = () => {
      seq = -1;
      ws.send(JSON.stringify({ type: "sync" }));
    };
    ws.addEventListener("open", () => {
      setStatus("open");
      // What was sent but never answered goes out again; the room deduplicates by `ref`.
      for (const p of pending.current.values()) ws.send(p.frame);
    });
    ws.addEventListener("message", (event) => {
      let frame: RoomServerFrame;
      try {
        frame = JSON.parse(String(event.data)) as RoomServerFrame;
      } catch {
        return;
      }
      switch (frame.type) {
        case "state":
          roomKind = frame.kind;
          seq = frame.seq;
          shown = frame.public as RoomView;
          part = frame.private as RoomPrivate;
          setKind(frame.kind);
          setYou(frame.you);
          publish();
          break;
        case "patch":
          if (seq < 0) return;
          const fits = patchFits(seq, frame);
          if (fits === "stale") return;
          if (fits === "gap") return resync();
          try {
            shown = applyPatch(shown, frame.ops);
          } catch {
            return resync();
          }
          seq = frame.seq;
          publish();
          break;
        case "private":
          if (seq < 0) return;
          part = frame.private as RoomPrivate;
          publish();
          break;
        case "ack":
        case "error": {
          if (frame.type === "error" && frame.code === "not_admitted") setStatus("waiting");
          const ref = frame.ref;
          if (!ref) return;
          const waiting = pending.current.get(ref);
          pending.current.delete(ref);
          waiting?.resolve(frame.type === "ack" ? { ok: true } : { ok: false, code: frame.code });
          break;
        }
      }
    });
    ws.addEventListener("close", (event) => {
      const reaction = reactToClose(event.code, [CLOSE.UNAUTHORIZED, CLOSE.FORBIDDEN]);
      if (reaction !== "reconnect") {
        ws.close();
        // A stale page is not refused: it is closed until reloaded (the page offers the reload).
        setStatus(reaction === "stale" ? "closed" : "denied");
        for (const p of pending.current.values()) p.resolve({ ok: false, code: "read_only" });
        pending.current.clear();
        return;
      }
      if (event.code === CLOSE.WAITING) {
        // Reconnecting by itself would hammer the room: ask again after a pause.
        ws.close();
        setStatus("waiting");
        waitingTimer = setTimeout(() => ws.reconnect(), WAITING_RETRY_MS);
        return;
      }
      setStatus((s) => (s === "closed" ? s : "reconnecting"));
    });
    return () => {
      clearTimeout(waitingTimer);
      setStatus("closed");
      ws.close();
      socket.current = null;
    };
  }, [roomGuid]);

  const send = useCallback((message: PokerClientMessage | RetroClientMessage) => {
    const ws = socket.current;
    if (!ws) return Promise.resolve<SendResult>({ ok: false, code: "room_missing" });
    const ref = `${Date.now().toString(36)}-${++counter.current}`;
    const frame = JSON.stringify({ ...message, ref });
    return new Promise<SendResult>((resolve) => {
      pending.current.set(ref, { frame, resolve });
      // While the socket is down the frame waits in `pending` and goes out on the next open.
      if (ws.readyState === WebSocket.OPEN) ws.send(frame);
    });
  }, []);

  return { status, kind, view: view as PokerView | RetroView | null, you, send };
}
