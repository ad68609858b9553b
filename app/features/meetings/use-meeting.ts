/**
 * A video meeting as a page takes part in it: the room's socket (roster, chat, signalling) and a
 * WebRTC mesh with every other peer. The newcomer offers to everyone already in (the `welcome`
 * roster), so two peers never offer to each other at once; the others answer. Each connection
 * carries one audio and one video transceiver from the start, so muting, turning the camera off
 * and sharing the screen only swap or disable tracks (`replaceTrack`) and never renegotiate.
 * A room past the mesh's size runs on Cloudflare Realtime's SFU instead (`welcome.mode` or a
 * `mode` frame): one connection to the SFU (`SfuLink`) publishes this page's tracks and pulls
 * the others' by the names the roster announces; the tiles read the same `streams`.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { CLOSE, FINAL_CLOSE_CODES } from "../../../domain/wire/close-codes";
import { type ChatMessage, type MeetingClientMessage, type MeetingPeer, meetingServerFrame } from "../../../domain/wire/live/meeting";
import { reactToClose, socketUrl } from "../../lib/live-version";
import { SfuLink } from "./sfu-link";

/** Spec §3: starts `disconnected`; `full` when the mesh has no room for one more. */
export type ConnectionStatus = "disconnected" | "connecting" | "connected" | "reconnecting" | "failed" | "full";

/** Reconnect attempts before the room says it failed (the socket library backs off up to 10 s). */
const MAX_RETRIES = 12;

interface Link {
  pc: RTCPeerConnection;
  stream: MediaStream;
  /** Candidates that came before the remote description. */
  pending: RTCIceCandidateInit[];
}

type Signal = { sdp?: RTCSessionDescriptionInit; candidate?: RTCIceCandidateInit };

export interface MeetingMedia {
  /** Camera and microphone, or null when the person joined without them. */
  local: MediaStream | null;
  iceServers: RTCIceServer[];
  /** Whether the camera and the microphone start on. */
  camera: boolean;
  mic: boolean;
}

export function useMeeting(roomId: string, media: MeetingMedia | null) {
  const [status, setStatus] = useState<ConnectionStatus>("disconnected");
  const [you, setYou] = useState<string | null>(null);
  const [peers, setPeers] = useState<Record<string, MeetingPeer>>({});
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [more, setMore] = useState(false);
  const [streams, setStreams] = useState<Record<string, MediaStream>>({});
  const [camera, setCamera] = useState(true);
  const [mic, setMic] = useState(true);
  const [screen, setScreen] = useState<MediaStream | null>(null);
  const [hand, setHand] = useState(false);

  const socketRef = useRef<{ send(data: string): void; close(): void } | null>(null);
  const links = useRef(new Map<string, Link>());
  const sfuRef = useRef<SfuLink | null>(null);
  const peersRef = useRef<Record<string, MeetingPeer>>({});
  const youRef = useRef<string | null>(null);
  const stateRef = useRef({ camera: true, mic: true, screen: null as MediaStream | null });
  const handRef = useRef(false);
  const mediaRef = useRef(media);
  mediaRef.current = media;

  const send = useCallback((message: MeetingClientMessage) => socketRef.current?.send(JSON.stringify(message)), []);

  const announce = useCallback(() => {
    const s = stateRef.current;
    const local = mediaRef.current?.local;
    send({ type: "media", camera: s.camera && !!local?.getVideoTracks().length, mic: s.mic && !!local?.getAudioTracks().length, screen: !!s.screen });
  }, [send]);

  /** The video track to send now: the screen while sharing, else the camera. */
  const videoTrack = () => stateRef.current.screen?.getVideoTracks()[0] ?? mediaRef.current?.local?.getVideoTracks()[0] ?? null;

  const dropLink = useCallback((id: string) => {
    const link = links.current.get(id);
    if (!link) return;
    link.pc.close();
    links.current.delete(id);
    setStreams((s) => {
      const { [id]: _gone, ...rest } = s;
      return rest;
    });
  }, []);

  const forgetStream = useCallback((id: string) => {
    setStreams((s) => {
      const { [id]: _gone, ...rest } = s;
      return rest;
    });
  }, []);

  const stopSfu = useCallback(() => {
    const sfu = sfuRef.current;
    sfuRef.current = null;
    if (!sfu) return;
    sfu.close();
    for (const id of Object.keys(peersRef.current)) forgetStream(id);
  }, [forgetStream]);

  const pullFrom = useCallback((peers: MeetingPeer[]) => {
    const wants = peers.flatMap((p) => p.tracks.map((trackName) => ({ peer: p.id, trackName })));
    if (wants.length) void sfuRef.current?.pull(wants).catch((err) => console.error("SFU pull failed", err));
  }, []);

  /** Moves this page to the SFU: mesh links go, this page's tracks are published, the others' pulled. */
  const startSfu = useCallback(
    (you: string) => {
      if (sfuRef.current) return;
      for (const id of [...links.current.keys()]) dropLink(id);
      const sfu = new SfuLink(roomId, you, mediaRef.current?.iceServers ?? [], (peer, stream) => {
        if (sfuRef.current === sfu) setStreams((s) => (stream ? { ...s, [peer]: stream } : s));
      });
      sfuRef.current = sfu;
      const local = mediaRef.current?.local ?? null;
      void sfu
        .publish(local?.getAudioTracks()[0] ?? null, videoTrack(), local)
        .then(() => pullFrom(Object.values(peersRef.current)))
        .catch((err) => console.error("SFU publish failed", err));
    },
    [roomId, dropLink, pullFrom],
  );

  const linkTo = useCallback(
    (id: string, offerer: boolean): Link => {
      const existing = links.current.get(id);
      if (existing) return existing;
      const pc = new RTCPeerConnection({ iceServers: mediaRef.current?.iceServers ?? [] });
      const stream = new MediaStream();
      const link: Link = { pc, stream, pending: [] };
      links.current.set(id, link);
      pc.onicecandidate = (e) => {
        if (e.candidate) send({ type: "signal", to: id, data: { candidate: e.candidate.toJSON() } });
      };
      pc.ontrack = (e) => {
        if (!stream.getTracks().includes(e.track)) stream.addTrack(e.track);
        setStreams((s) => ({ ...s, [id]: stream }));
      };
      if (offerer) {
        const local = mediaRef.current?.local ?? null;
        const audio = local?.getAudioTracks()[0];
        pc.addTransceiver(audio ?? "audio", { direction: "sendrecv", streams: local ? [local] : [] });
        pc.addTransceiver(videoTrack() ?? "video", { direction: "sendrecv", streams: local ? [local] : [] });
        void (async () => {
          await pc.setLocalDescription(await pc.createOffer());
          send({ type: "signal", to: id, data: { sdp: pc.localDescription!.toJSON() } });
        })().catch((err) => console.error("offer failed", err));
      }
      return link;
    },
    [send],
  );

  const onSignal = useCallback(
    async (from: string, data: Signal) => {
      if (data.sdp?.type === "offer") {
        const link = linkTo(from, false);
        await link.pc.setRemoteDescription(data.sdp);
        const local = mediaRef.current?.local ?? null;
        for (const t of link.pc.getTransceivers()) {
          const kind = t.receiver.track.kind;
          t.direction = "sendrecv";
          const track = kind === "audio" ? (local?.getAudioTracks()[0] ?? null) : videoTrack();
          await t.sender.replaceTrack(track);
          if (local) t.sender.setStreams(local);
        }
        await link.pc.setLocalDescription(await link.pc.createAnswer());
        send({ type: "signal", to: from, data: { sdp: link.pc.localDescription!.toJSON() } });
        for (const c of link.pending.splice(0)) await link.pc.addIceCandidate(c);
      } else if (data.sdp?.type === "answer") {
        const link = links.current.get(from);
        if (!link) return;
        await link.pc.setRemoteDescription(data.sdp);
        for (const c of link.pending.splice(0)) await link.pc.addIceCandidate(c);
      } else if (data.candidate) {
        const link = links.current.get(from) ?? linkTo(from, false);
        if (link.pc.remoteDescription) await link.pc.addIceCandidate(data.candidate);
        else link.pending.push(data.candidate);
      }
    },
    [linkTo, send],
  );

  // The socket lives while the person is in the meeting (media chosen and joined).
  useEffect(() => {
    if (!media) return;
    stateRef.current.camera = media.camera;
    stateRef.current.mic = media.mic;
    setCamera(media.camera);
    setMic(media.mic);
    for (const t of media.local?.getVideoTracks() ?? []) t.enabled = media.camera;
    for (const t of media.local?.getAudioTracks() ?? []) t.enabled = media.mic;
    let stopped = false;
    let socket: import("partysocket/ws").default | null = null;
    setStatus("connecting");
    void import("partysocket/ws").then(({ default: ReconnectingWebSocket }) => {
      if (stopped) return;
      const ws = new ReconnectingWebSocket(socketUrl(`/ws/meeting/${roomId}`), [], { maxReconnectionDelay: 10_000, maxRetries: MAX_RETRIES });
      socket = ws;
      socketRef.current = ws;
      ws.addEventListener("open", () => setStatus("connected"));
      ws.addEventListener("close", (event) => {
        // Every connection belonged to the old socket's peer id; the next `welcome` rebuilds them.
        for (const id of [...links.current.keys()]) dropLink(id);
        stopSfu();
        if (stopped) return;
        if (event.code === CLOSE.MEETING_FULL) {
          setStatus("full");
          ws.close();
        } else if (reactToClose(event.code, FINAL_CLOSE_CODES) !== "reconnect" || ws.retryCount >= MAX_RETRIES) {
          setStatus("failed");
          ws.close();
        } else setStatus("reconnecting");
      });
      ws.addEventListener("message", (event) => {
        let raw: unknown;
        try {
          raw = JSON.parse(String(event.data));
        } catch {
          return;
        }
        const parsed = meetingServerFrame.safeParse(raw);
        if (!parsed.success) return;
        const frame = parsed.data;
        switch (frame.type) {
          case "welcome":
            youRef.current = frame.you;
            setYou(frame.you);
            peersRef.current = Object.fromEntries(frame.peers.map((p) => [p.id, p]));
            setPeers(peersRef.current);
            setMessages(frame.messages);
            setMore(frame.more);
            setStatus("connected");
            announce();
            if (handRef.current) send({ type: "hand", up: true });
            if (frame.mode === "sfu") startSfu(frame.you);
            else for (const p of frame.peers) linkTo(p.id, true);
            break;
          case "mode":
            if (frame.mode === "sfu" && youRef.current) startSfu(youRef.current);
            break;
          case "peer":
            // The room echoes one's own changes too; one's own tile is drawn from local state.
            if (frame.peer.id !== youRef.current) {
              peersRef.current = { ...peersRef.current, [frame.peer.id]: frame.peer };
              setPeers(peersRef.current);
              // A peer on the SFU announced (new) track names: receive them.
              pullFrom([frame.peer]);
            }
            break;
          case "left": {
            dropLink(frame.id);
            void sfuRef.current?.drop(frame.id).catch((err) => console.error("SFU close failed", err));
            forgetStream(frame.id);
            const { [frame.id]: _gone, ...rest } = peersRef.current;
            peersRef.current = rest;
            setPeers(rest);
            break;
          }
          case "chat":
            setMessages((list) => (list.some((m) => m.id === frame.message.id) ? list : [...list, frame.message]));
            break;
          case "history":
            setMessages((list) => [...frame.messages.filter((m) => !list.some((x) => x.id === m.id)), ...list]);
            setMore(frame.more);
            break;
          case "signal":
            // On the SFU nobody relays SDP peer to peer; a late mesh offer is dropped.
            if (sfuRef.current) break;
            void onSignal(frame.from, frame.data as Signal).catch((err) => console.error("signal failed", err));
            break;
          case "error":
            if (frame.code === "meeting_full") setStatus("full");
            break;
        }
      });
    });
    return () => {
      stopped = true;
      socket?.close();
      socketRef.current = null;
      for (const id of [...links.current.keys()]) dropLink(id);
      stopSfu();
      setStatus("disconnected");
    };
  }, [roomId, media, announce, dropLink, linkTo, onSignal, send, startSfu, stopSfu, pullFrom, forgetStream]);

  const swapVideo = useCallback(async () => {
    const track = videoTrack();
    await sfuRef.current?.replaceVideo(track);
    for (const link of links.current.values()) {
      const sender = link.pc.getTransceivers().find((t) => t.receiver.track.kind === "video")?.sender;
      if (sender) await sender.replaceTrack(track);
    }
  }, []);

  const toggleCamera = useCallback(() => {
    const next = !stateRef.current.camera;
    stateRef.current.camera = next;
    for (const t of mediaRef.current?.local?.getVideoTracks() ?? []) t.enabled = next;
    setCamera(next);
    announce();
  }, [announce]);

  const toggleMic = useCallback(() => {
    const next = !stateRef.current.mic;
    stateRef.current.mic = next;
    for (const t of mediaRef.current?.local?.getAudioTracks() ?? []) t.enabled = next;
    setMic(next);
    announce();
  }, [announce]);

  const stopScreen = useCallback(async () => {
    const shared = stateRef.current.screen;
    if (!shared) return;
    for (const t of shared.getTracks()) t.stop();
    stateRef.current.screen = null;
    setScreen(null);
    await swapVideo();
    announce();
  }, [announce, swapVideo]);

  /** Shares the screen; false when the person cancelled or the browser refused. */
  const shareScreen = useCallback(async (): Promise<boolean> => {
    let shared: MediaStream;
    try {
      shared = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
    } catch {
      return false;
    }
    stateRef.current.screen = shared;
    setScreen(shared);
    // The browser's own "stop sharing" button ends the track.
    shared.getVideoTracks()[0]?.addEventListener("ended", () => void stopScreen());
    await swapVideo();
    announce();
    return true;
  }, [announce, stopScreen, swapVideo]);

  const raiseHand = useCallback(() => {
    const up = !handRef.current;
    handRef.current = up;
    setHand(up);
    send({ type: "hand", up });
  }, [send]);

  const sendChat = useCallback((text: string) => send({ type: "chat", text }), [send]);
  const loadOlder = useCallback(() => {
    const first = messages[0];
    if (first) send({ type: "history", before: first.id });
  }, [messages, send]);

  /** Leaves: every track stopped (the camera light goes off), every connection and the socket closed. */
  const leave = useCallback(() => {
    for (const t of stateRef.current.screen?.getTracks() ?? []) t.stop();
    for (const t of mediaRef.current?.local?.getTracks() ?? []) t.stop();
    stateRef.current.screen = null;
    setScreen(null);
    socketRef.current?.close();
    for (const id of [...links.current.keys()]) dropLink(id);
    stopSfu();
  }, [dropLink, stopSfu]);

  return { status, you, peers, messages, more, streams, camera, mic, screen, hand, toggleCamera, toggleMic, shareScreen, stopScreen, raiseHand, sendChat, loadOlder, leave };
}

export type MeetingState = ReturnType<typeof useMeeting>;
