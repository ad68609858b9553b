/** Accounts and sessions: spec §7 "Auth/user". */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import {
  AVATAR_MAX_BYTES,
  changePasswordBody,
  changingMeBody,
  confirmEmailBody,
  feedbackBody,
  quickStartBody,
  resetRequestBody,
  setPasswordBody,
  signInBody,
} from "../../../domain/auth/schemas";
import { EMAIL_CHECK_LIMITS } from "../../../domain/auth/email-change";
import { type Decision, RATE_LIMITS, type RateLimitRule } from "../../../domain/rate-limit";
import {
  changePassword,
  confirmEmailChange,
  quickStart,
  requestEmailChange,
  requestPasswordReset,
  saveAvatar,
  setPasswordFromLink,
  signIn,
  markTourSeen,
  toWhoAmI,
  updateUser,
} from "../../services/accounts";
import { acceptFeedback } from "../../services/feedback";
import { hitRateLimit } from "../../services/rate-limit";
import { admitSignIn, admitSignInClient, recordSignIn, trustedClientIp } from "../../services/sign-in-guard";
import { clearedSessionCookie, revokeSession, sessionCookie } from "../../services/sessions";
import { closeUserSockets } from "../../services/user-sockets";
import { mailOrigin } from "../mail-origin";
import { requireUser } from "../middleware";
import { ApiProblem } from "../problem";
import type { AppEnv } from "../types";
import { readJson } from "../validate";
import type { Context } from "hono";

/** The client for mail limits: the platform's address, or one shared bucket when it sent none (local only). */
const clientIp = (c: Context<AppEnv>) => trustedClientIp(c.req.raw.headers) ?? "unknown";

function refuseUnless(decision: Decision) {
  if (!decision.allowed) {
    throw new ApiProblem(429, "rate_limited", undefined, { "Retry-After": String(decision.retryAfterSeconds) });
  }
}

async function limit(c: Context<AppEnv>, key: string, rule: RateLimitRule) {
  refuseUnless(await hitRateLimit(c.env.DB, key, rule));
}

/**
 * Requests that may answer `email_taken` count per account and per client IP, the IP taken only
 * from the platform's `CF-Connecting-IP` (no header: the account's limit alone applies).
 */
async function limitEmailChecks(c: Context<AppEnv>, userId: string) {
  await limit(c, `emailcheck:user:${userId}`, EMAIL_CHECK_LIMITS.user);
  const ip = trustedClientIp(c.req.raw.headers);
  if (ip) await limit(c, `emailcheck:ip:${ip}`, EMAIL_CHECK_LIMITS.ip);
}

function emailProblem(reason: string): ApiProblem {
  if (reason === "email_taken") return new ApiProblem(409, reason, { email: reason });
  if (reason === "email_link_other_account") return new ApiProblem(403, reason);
  if (reason === "password_required" || reason === "old_password_wrong") return new ApiProblem(400, reason, { password: reason });
  return new ApiProblem(400, reason);
}

export const authRoutes = new Hono<AppEnv>()
  .post("/v1/auth", async (c) => {
    const ip = trustedClientIp(c.req.raw.headers);
    // Counted before the body is read: a flood from one client costs no parsing and no hashing.
    refuseUnless(await admitSignInClient(c.env.DB, ip));
    const body = await readJson(c, signInBody);
    refuseUnless(await admitSignIn(c.env.DB, body.email, ip));
    const result = await signIn(c.get("db"), body.email, body.password, c.req.header("User-Agent") ?? null);
    await recordSignIn(c.env.DB, body.email, ip, result.ok);
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
  // The tour is shown once per account, whichever device shows it first.
  .post("/v1/tour/seen", requireUser, async (c) => {
    await markTourSeen(c.get("db"), c.get("user")!.id);
    return c.json({ ok: true });
  })
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
      if ("email" in body) {
        if (body.email !== user.email) await limitEmailChecks(c, user.id);
        const changed = await requestEmailChange(c.env, db, user, body, body.email === user.email ? "" : mailOrigin(c), c.get("i18n").t);
        if (!changed.ok) throw emailProblem(changed.reason);
        return c.json({ ...toWhoAmI(changed.user), pending_email: changed.pendingEmail });
      }
      result = await updateUser(db, user.id, body);
    }
    if (!result.ok) throw new ApiProblem(400, result.reason);
    return c.json(toWhoAmI(result.user));
  })
  .post("/v1/changingme/confirm", requireUser, async (c) => {
    const body = await readJson(c, confirmEmailBody);
    const result = await confirmEmailChange(c.get("db"), c.get("user")!, body.uuid);
    if (!result.ok) throw emailProblem(result.reason);
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
    await requestPasswordReset(c.env, c.get("db"), body.email, mailOrigin(c), c.get("i18n").t);
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
    await quickStart(c.env, c.get("db"), body, mailOrigin(c), c.get("i18n").t);
    return c.json({ ok: true, detail: c.get("i18n").t("auth:quickstart.sent") });
  })
  .post("/v1/feedback", async (c) => {
    const body = await readJson(c, feedbackBody);
    refuseUnless(await acceptFeedback(c.env, c.get("db"), { userId: c.get("user")?.id, headers: c.req.raw.headers }, body));
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
