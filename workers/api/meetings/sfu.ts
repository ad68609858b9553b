/**
 * The SFU proxy of a meeting in SFU mode (issue 21): the browser's one `RTCPeerConnection` to
 * Cloudflare Realtime is negotiated through these calls, so the app token and every Realtime
 * session id stay on the server. Each call: signed in → reads the meeting's project → a valid
 * body → the room object confirms the named peer is the caller's own open socket, the room is in
 * SFU mode and the peer's allowance of calls is not spent → one Realtime call.
 */
import { type Context, Hono } from "hono";
import type { z } from "zod";
import { sfuCloseInput, sfuPublishInput, sfuPullInput, sfuRenegotiateInput } from "../../../domain/meetings/sfu";
import { meetingStub, readableMeeting } from "../../services/meetings";
import { closeTracks, newSession, pullTracks, pushTracks, type RealtimeResult, realtimeConfig, renegotiate } from "../../services/realtime";
import { ApiProblem } from "../problem";
import type { AppEnv } from "../types";
import { readJson } from "../validate";

/** Authorises one proxy call and reads its body; the peer's session (null before its first publish). */
async function sfuCall<S extends z.ZodType<{ peer: string }>>(c: Context<AppEnv>, roomId: string, schema: S) {
  const user = c.get("user");
  if (!user) throw new ApiProblem(401, "unauthorized");
  const room = await readableMeeting(c.get("db"), user.id, roomId);
  if (!room) throw new ApiProblem(404, "meeting_not_found");
  const config = realtimeConfig(c.env);
  if (!config) throw new ApiProblem(503, "meeting_sfu_not_configured");
  const input = (await readJson(c, schema)) as z.output<S>;
  const stub = await meetingStub(c.env, room.id);
  const check = await stub.sfuPeer(input.peer, user.id, JSON.stringify(input).length);
  if (!check.ok) {
    if (check.reason === "peer") throw new ApiProblem(404, "meeting_peer_not_found");
    if (check.reason === "mode") throw new ApiProblem(409, "meeting_not_sfu");
    throw new ApiProblem(429, "meeting_sfu_rate_limited", undefined, { "Retry-After": "1" });
  }
  return { user, input, config, stub, session: check.session };
}

const needSession = (session: string | null): string => {
  if (!session) throw new ApiProblem(409, "meeting_sfu_no_session");
  return session;
};

function upstream<T>(result: RealtimeResult<T>): T {
  if (!result.ok) throw new ApiProblem(502, "meeting_sfu_failed");
  return result.value;
}

export const meetingSfuRoutes = new Hono<AppEnv>()
  // Publishes the caller's tracks with its offer (the first call opens its Realtime session).
  .post("/meeting/rooms/:roomId/sfu/publish", async (c) => {
    const { user, input, config, stub, session } = await sfuCall(c, c.req.param("roomId"), sfuPublishInput);
    const id = session ?? upstream(await newSession(config));
    const answer = upstream(await pushTracks(config, id, input.sdp, input.tracks));
    if (answer.sessionDescription?.type !== "answer") throw new ApiProblem(502, "meeting_sfu_failed");
    await stub.sfuPublished(input.peer, user.id, id, input.tracks.map((t) => t.trackName));
    return c.json({ sdp: answer.sessionDescription.sdp, tracks: input.tracks });
  })
  // Pulls other peers' tracks by the names the roster announced; the SFU's offer comes back.
  .post("/meeting/rooms/:roomId/sfu/pull", async (c) => {
    const { input, config, stub, session } = await sfuCall(c, c.req.param("roomId"), sfuPullInput);
    const id = needSession(session);
    const found = await stub.sfuSources(input.tracks);
    if (!found.ok) throw new ApiProblem(404, "meeting_sfu_track_not_found");
    const answer = upstream(await pullTracks(config, id, found.sources));
    const peerOf = (t: { sessionId?: string; trackName?: string }) => found.sources.find((s) => s.sessionId === t.sessionId && s.trackName === t.trackName)?.peer;
    const tracks = (answer.tracks ?? []).flatMap((t) => {
      const peer = peerOf(t);
      return peer && t.mid && t.trackName ? [{ mid: t.mid, peer, trackName: t.trackName }] : [];
    });
    return c.json({ requiresImmediateRenegotiation: answer.requiresImmediateRenegotiation ?? false, sdp: answer.sessionDescription?.sdp ?? null, tracks });
  })
  // The browser's answer to the SFU's offer.
  .put("/meeting/rooms/:roomId/sfu/renegotiate", async (c) => {
    const { input, config, session } = await sfuCall(c, c.req.param("roomId"), sfuRenegotiateInput);
    upstream(await renegotiate(config, needSession(session), input.sdp));
    return c.json({ ok: true });
  })
  // Closes transceivers the browser stopped (a peer left); with an offer, the SFU's answer comes back.
  .put("/meeting/rooms/:roomId/sfu/close", async (c) => {
    const { input, config, session } = await sfuCall(c, c.req.param("roomId"), sfuCloseInput);
    const answer = upstream(await closeTracks(config, needSession(session), input.mids, input.sdp));
    return c.json({ sdp: answer.sessionDescription?.type === "answer" ? answer.sessionDescription.sdp : null });
  });
