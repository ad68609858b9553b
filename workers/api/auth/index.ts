/** Accounts and sessions: spec §7 "Auth/user". */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import {
  AVATAR_MAX_BYTES,
  changePasswordBody,
  changingMeBody,
  feedbackBody,
  quickStartBody,
  resetRequestBody,
  setPasswordBody,
  signInBody,
} from "../../../domain/auth/schemas";
import { RATE_LIMITS, type RateLimitRule } from "../../../domain/rate-limit";
import {
  changePassword,
  quickStart,
  requestPasswordReset,
  saveAvatar,
  setPasswordFromLink,
  signIn,
  submitFeedback,
  toWhoAmI,
  updateUser,
} from "../../services/accounts";
import { hitRateLimit } from "../../services/rate-limit";
import { clearedSessionCookie, revokeSession, sessionCookie } from "../../services/sessions";
import { closeUserSockets } from "../../services/user-sockets";
import { requireUser } from "../middleware";
import { ApiProblem } from "../problem";
import type { AppEnv } from "../types";
import { readJson } from "../validate";
import type { Context } from "hono";

const clientIp = (c: Context<AppEnv>) => c.req.header("CF-Connecting-IP") ?? "local";

async function limit(c: Context<AppEnv>, key: string, rule: RateLimitRule) {
  const decision = await hitRateLimit(c.env.DB, key, rule);
  if (!decision.allowed) {
    throw new ApiProblem(429, "rate_limited", undefined, { "Retry-After": String(decision.retryAfterSeconds) });
  }
}

/** The origin that links in mails point to: the one the request came to. */
const originOf = (c: Context<AppEnv>) => new URL(c.req.url).origin;

export const authRoutes = new Hono<AppEnv>()
  .post("/v1/auth", async (c) => {
    const body = await readJson(c, signInBody);
    await limit(c, `signin:ip:${clientIp(c)}`, RATE_LIMITS.signInIp);
    await limit(c, `signin:email:${body.email}`, RATE_LIMITS.signInEmail);
    const result = await signIn(c.get("db"), body.email, body.password, c.req.header("User-Agent") ?? null);
    if (!result.ok) throw new ApiProblem(400, result.reason);
    c.header("Set-Cookie", sessionCookie(result.token));
    return c.json({ access_token: result.token, user: toWhoAmI(result.user) });
  })
  .post("/v1/exit", requireUser, async (c) => {
    await revokeSession(c.get("db"), c.get("sessionHash")!);
    await closeUserSockets(c.env, c.get("user")!.id, "logout");
    c.header("Set-Cookie", clearedSessionCookie());
    return c.json({ ok: true });
  })
  .get("/v2/whoami", requireUser, (c) => c.json(toWhoAmI(c.get("user")!)))
  .put("/v1/changingme", requireUser, bodyLimit({ maxSize: AVATAR_MAX_BYTES + 64 * 1024, onError: () => { throw new ApiProblem(413, "avatar_too_large"); } }), async (c) => {
    const user = c.get("user")!;
    const db = c.get("db");
    const type = c.req.header("Content-Type") ?? "";
    let result;
    if (type.startsWith("multipart/form-data")) {
      let form: FormData;
      try {
        form = await c.req.formData();
      } catch {
        throw new ApiProblem(400, "body_invalid");
      }
      const file = form.get("avatar");
      if (!(file instanceof File)) throw new ApiProblem(400, "avatar_invalid", { avatar: "avatar_invalid" });
      result = await saveAvatar(c.env, db, user, file);
    } else {
      const body = await readJson(c, changingMeBody);
      result = await updateUser(db, user.id, body);
    }
    if (!result.ok) throw new ApiProblem(result.reason === "email_taken" ? 409 : 400, result.reason);
    return c.json(toWhoAmI(result.user));
  })
  .put("/v1/changepass", requireUser, async (c) => {
    const body = await readJson(c, changePasswordBody);
    const result = await changePassword(c.get("db"), c.get("user")!, c.get("sessionHash"), body.oldpass, body.newpass);
    if (!result.ok) throw new ApiProblem(400, result.reason, { [result.reason === "old_password_wrong" ? "oldpass" : "newpass"]: result.reason });
    await closeUserSockets(c.env, c.get("user")!.id, "password_changed");
    return c.json({ ok: true });
  })
  .post("/v1/respas", async (c) => {
    const body = await readJson(c, resetRequestBody);
    await limit(c, `mail:ip:${clientIp(c)}`, RATE_LIMITS.mailIp);
    await limit(c, `mail:email:${body.email}`, RATE_LIMITS.mailEmail);
    await requestPasswordReset(c.env, c.get("db"), body.email, originOf(c), c.get("i18n").t);
    return c.json({ ok: true, detail: c.get("i18n").t("auth:reset.sent") });
  })
  .post("/v1/respasgen", async (c) => {
    const body = await readJson(c, setPasswordBody);
    const result = await setPasswordFromLink(c.get("db"), body.uuid, body.newpass, c.req.header("User-Agent") ?? null);
    if (!result.ok) throw new ApiProblem(400, result.reason);
    await closeUserSockets(c.env, result.user.id, "password_reset");
    c.header("Set-Cookie", sessionCookie(result.token));
    return c.json({ access_token: result.token, user: toWhoAmI(result.user) });
  })
  .post("/v1/qstart", async (c) => {
    const body = await readJson(c, quickStartBody);
    await limit(c, `mail:ip:${clientIp(c)}`, RATE_LIMITS.mailIp);
    await limit(c, `mail:email:${body.email}`, RATE_LIMITS.mailEmail);
    await quickStart(c.env, c.get("db"), body, originOf(c), c.get("i18n").t);
    return c.json({ ok: true, detail: c.get("i18n").t("auth:quickstart.sent") });
  })
  .post("/v1/feedback", async (c) => {
    const body = await readJson(c, feedbackBody);
    await limit(c, `mail:ip:${clientIp(c)}`, RATE_LIMITS.mailIp);
    await submitFeedback(c.env, c.get("db"), c.get("user")?.id, body);
    return c.json({ ok: true, detail: c.get("i18n").t("common:feedback.sent") });
  })
  .get("/v1/avatar/:userId/:file", async (c) => {
    const { userId, file } = c.req.param();
    if (!/^[0-9a-f-]{36}$/.test(userId) || !/^[0-9a-f-]{36}\.(png|jpg|gif|webp)$/.test(file)) throw new ApiProblem(404, "not_found");
    const object = await c.env.FILES.get(`avatars/${userId}/${file}`);
    if (!object) throw new ApiProblem(404, "not_found");
    return new Response(object.body, {
      headers: {
        "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
      },
    });
  });
