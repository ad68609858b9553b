/**
 * A page's one `RTCPeerConnection` to Cloudflare Realtime's SFU, for a meeting past the mesh's
 * size. Every negotiation goes through our proxy (`/api/meeting/rooms/{id}/sfu/…`), which knows
 * the Realtime sessions; the page names only peers (socket ids) and track names, as the room's
 * roster announces them. Realtime wants the calls of one session one at a time, so they queue.
 */
export type SfuStreamListener = (peer: string, stream: MediaStream | null) => void;

interface PullAnswer {
  requiresImmediateRenegotiation: boolean;
  sdp: string | null;
  tracks: { mid: string; peer: string; trackName: string }[];
}

export class SfuLink {
  private readonly pc: RTCPeerConnection;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly midPeer = new Map<string, string>();
  private readonly pulled = new Set<string>();
  private readonly streams = new Map<string, MediaStream>();
  private video: RTCRtpSender | null = null;
  private closed = false;

  constructor(
    private readonly roomId: string,
    private readonly peer: string,
    iceServers: RTCIceServer[],
    private readonly onStream: SfuStreamListener,
  ) {
    this.pc = new RTCPeerConnection({ iceServers, bundlePolicy: "max-bundle" });
    this.pc.ontrack = (e) => {
      const owner = e.transceiver.mid ? this.midPeer.get(e.transceiver.mid) : undefined;
      if (!owner) return;
      const stream = this.streams.get(owner) ?? new MediaStream();
      this.streams.set(owner, stream);
      if (!stream.getTracks().includes(e.track)) stream.addTrack(e.track);
      this.onStream(owner, stream);
    };
  }

  /** Sends the microphone and the camera (or the screen) as the tracks `audio` and `video`. */
  publish(audio: MediaStreamTrack | null, video: MediaStreamTrack | null, local: MediaStream | null): Promise<void> {
    return this.serial(async () => {
      const streams = local ? [local] : [];
      const a = this.pc.addTransceiver(audio ?? "audio", { direction: "sendonly", streams });
      const v = this.pc.addTransceiver(video ?? "video", { direction: "sendonly", streams });
      this.video = v.sender;
      await this.pc.setLocalDescription(await this.pc.createOffer());
      const answer = await this.call<{ sdp: string }>("POST", "publish", {
        sdp: this.pc.localDescription!.sdp,
        tracks: [
          { mid: a.mid!, trackName: "audio" },
          { mid: v.mid!, trackName: "video" },
        ],
      });
      await this.pc.setRemoteDescription({ type: "answer", sdp: answer.sdp });
    });
  }

  /** Receives the named tracks of other peers (each once). */
  pull(wants: { peer: string; trackName: string }[]): Promise<void> {
    return this.serial(async () => {
      const fresh = wants.filter((w) => w.peer !== this.peer && !this.pulled.has(`${w.peer}/${w.trackName}`));
      if (fresh.length === 0) return;
      const answer = await this.call<PullAnswer>("POST", "pull", { tracks: fresh });
      for (const t of answer.tracks) {
        this.midPeer.set(t.mid, t.peer);
        this.pulled.add(`${t.peer}/${t.trackName}`);
      }
      if (answer.requiresImmediateRenegotiation && answer.sdp) {
        await this.pc.setRemoteDescription({ type: "offer", sdp: answer.sdp });
        await this.pc.setLocalDescription(await this.pc.createAnswer());
        await this.call("PUT", "renegotiate", { sdp: this.pc.localDescription!.sdp });
      }
    });
  }

  /** Stops receiving a peer that left. */
  drop(peer: string): Promise<void> {
    return this.serial(async () => {
      const mids = [...this.midPeer].filter(([, p]) => p === peer).map(([mid]) => mid);
      for (const key of [...this.pulled]) if (key.startsWith(`${peer}/`)) this.pulled.delete(key);
      this.streams.delete(peer);
      if (mids.length === 0) return;
      for (const t of this.pc.getTransceivers()) if (t.mid && mids.includes(t.mid)) t.stop();
      for (const mid of mids) this.midPeer.delete(mid);
      await this.pc.setLocalDescription(await this.pc.createOffer());
      const answer = await this.call<{ sdp: string | null }>("PUT", "close", { mids, sdp: this.pc.localDescription!.sdp });
      if (answer.sdp) await this.pc.setRemoteDescription({ type: "answer", sdp: answer.sdp });
    });
  }

  /** Swaps the sent video (camera ↔ screen) without renegotiating. */
  async replaceVideo(track: MediaStreamTrack | null) {
    await this.video?.replaceTrack(track);
  }

  close() {
    this.closed = true;
    this.pc.close();
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(() => (this.closed ? (undefined as T) : task()));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async call<T>(method: "POST" | "PUT", action: string, body: Record<string, unknown>): Promise<T> {
    const res = await fetch(`/api/meeting/rooms/${encodeURIComponent(this.roomId)}/sfu/${action}`, {
      method,
      headers: { "Content-Type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify({ peer: this.peer, ...body }),
    });
    const json = (await res.json().catch(() => null)) as (T & { detail?: string }) | null;
    if (!res.ok || !json) throw new Error(json?.detail ?? `SFU ${action} failed (${res.status})`);
    return json;
  }
}
