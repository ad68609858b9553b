/**
 * Cloudflare Realtime's SFU over its documented HTTPS API (`https://rtc.live.cloudflare.com/v1`,
 * `Authorization: Bearer <app token>`): the Worker's side of meetings above the mesh's size.
 * The app id and token are secrets (`REALTIME_APP_ID`, `REALTIME_APP_TOKEN`); `REALTIME_API_URL`
 * points tests at a fake on loopback. Nothing here ever returns the token or a raw upstream body.
 */
import type { z } from "zod";
import { realtimeFailure, realtimeNewSession, realtimeRenegotiate, realtimeTracks, type RealtimeTracks } from "../../domain/meetings/sfu";
import type { Env } from "../env";

export const REALTIME_DEFAULT_URL = "https://rtc.live.cloudflare.com/v1";
/** An SFU call that takes longer than this is a failure (Realtime itself waits up to 5 s for a connection). */
const TIMEOUT_MS = 10_000;

export interface RealtimeConfig {
  base: string;
  appId: string;
  token: string;
}

/** The deployment's Realtime app, or null when it has none (meetings then stay meshes). */
export function realtimeConfig(env: Pick<Env, "REALTIME_APP_ID" | "REALTIME_APP_TOKEN" | "REALTIME_API_URL">): RealtimeConfig | null {
  const appId = env.REALTIME_APP_ID?.trim();
  const token = env.REALTIME_APP_TOKEN?.trim();
  if (!appId || !token) return null;
  return { base: (env.REALTIME_API_URL?.trim() || REALTIME_DEFAULT_URL).replace(/\/+$/, ""), appId, token };
}

export type RealtimeResult<T> = { ok: true; value: T } | { ok: false; reason: "sfu_failed" | "sfu_unreachable" };

async function callRealtime<S extends z.ZodType>(config: RealtimeConfig, method: "POST" | "PUT", path: string, body: unknown, schema: S): Promise<RealtimeResult<z.output<S>>> {
  let res: Response;
  try {
    res = await fetch(`${config.base}/apps/${encodeURIComponent(config.appId)}${path}`, {
      method,
      headers: { Authorization: `Bearer ${config.token}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { ok: false, reason: "sfu_unreachable" };
  }
  let raw: unknown;
  try {
    raw = await res.json();
  } catch {
    raw = undefined;
  }
  const parsed = schema.safeParse(raw);
  if (!res.ok || !parsed.success || realtimeFailure(parsed.data as { errorCode?: string })) {
    console.warn("realtime call failed", { path: path.replace(/sessions\/[^/]+/, "sessions/…"), status: res.status, code: (raw as { errorCode?: unknown } | undefined)?.errorCode });
    return { ok: false, reason: "sfu_failed" };
  }
  return { ok: true, value: parsed.data };
}

/** Opens a session: one browser `RTCPeerConnection` to the SFU. */
export async function newSession(config: RealtimeConfig): Promise<RealtimeResult<string>> {
  const res = await callRealtime(config, "POST", "/sessions/new", undefined, realtimeNewSession);
  return res.ok ? { ok: true, value: res.value.sessionId } : res;
}

/** Publishes local tracks with the browser's offer; the answer comes back. */
export function pushTracks(config: RealtimeConfig, session: string, sdp: string, tracks: { mid: string; trackName: string }[]): Promise<RealtimeResult<RealtimeTracks>> {
  return callRealtime(config, "POST", `/sessions/${encodeURIComponent(session)}/tracks/new`, { sessionDescription: { type: "offer", sdp }, tracks: tracks.map((t) => ({ location: "local", ...t })) }, realtimeTracks);
}

/** Pulls other sessions' tracks; the SFU answers with an offer to renegotiate. */
export function pullTracks(config: RealtimeConfig, session: string, sources: { sessionId: string; trackName: string }[]): Promise<RealtimeResult<RealtimeTracks>> {
  return callRealtime(config, "POST", `/sessions/${encodeURIComponent(session)}/tracks/new`, { tracks: sources.map((s) => ({ location: "remote", sessionId: s.sessionId, trackName: s.trackName })) }, realtimeTracks);
}

/** Sends the browser's answer to the SFU's offer. */
export async function renegotiate(config: RealtimeConfig, session: string, sdp: string): Promise<RealtimeResult<null>> {
  const res = await callRealtime(config, "PUT", `/sessions/${encodeURIComponent(session)}/renegotiate`, { sessionDescription: { type: "answer", sdp } }, realtimeRenegotiate);
  return res.ok ? { ok: true, value: null } : res;
}

/** Closes transceivers; with the browser's offer the SFU answers, without it only the data stops (`force`). */
export function closeTracks(config: RealtimeConfig, session: string, mids: string[], sdp: string | undefined): Promise<RealtimeResult<RealtimeTracks>> {
  const body = sdp ? { tracks: mids.map((mid) => ({ mid })), sessionDescription: { type: "offer", sdp }, force: false } : { tracks: mids.map((mid) => ({ mid })), force: true };
  return callRealtime(config, "PUT", `/sessions/${encodeURIComponent(session)}/tracks/close`, body, realtimeTracks);
}
