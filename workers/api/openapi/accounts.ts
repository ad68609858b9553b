/** Accounts, sessions, notifications and the development helpers. */
import * as auth from "../../../domain/auth/schemas";
import { preferencesBody } from "../../../domain/notifications/preferences";
import { bulkBody, publishBody } from "../dev";
import { limitQuery } from "../notifications";
import type { Operation } from "./registry";

const OK = { status: 200, description: "Done: `{ok: true}`." } as const;

export const accountOperations: Operation[] = [
  {
    method: "post", path: "/v1/auth", tag: "Accounts", access: "public",
    summary: "Sign in with e-mail and password; sets the session cookie.",
    body: { json: auth.signInBody },
    ok: { status: 200, description: "`{access_token, user}`; the session cookie is set." },
    errors: { 400: ["credentials_invalid"], 429: ["rate_limited"] },
  },
  { method: "post", path: "/v1/exit", tag: "Accounts", access: "signed-in", summary: "Sign out: revokes this session.", ok: OK },
  { method: "get", path: "/v2/whoami", tag: "Accounts", access: "signed-in", summary: "The signed-in user.", ok: { status: 200, description: "The user (`WhoAmI`)." } },
  {
    method: "post", path: "/v1/tour/seen", tag: "Accounts", access: "signed-in",
    summary: "Remember on the account that the product tour was shown, so no other device shows it again (`WhoAmI.tour_seen`).",
    ok: OK,
  },
  {
    method: "put", path: "/v1/changingme", tag: "Accounts", access: "signed-in",
    summary: "Change one's profile (name and colour, the open tab, name and e-mail) or upload an avatar.",
    body: { json: auth.changingMeBody, multipart: { avatar: { kind: "file", required: true, description: "PNG, JPEG, WebP or GIF, at most 2 MB." } } },
    ok: { status: 200, description: "The user (`WhoAmI`); a new e-mail is `pending_email` until confirmed." },
    errors: { 400: ["avatar_invalid", "password_required", "old_password_wrong"], 409: ["email_taken"], 413: ["avatar_too_large"], 429: ["rate_limited"] },
  },
  {
    method: "post", path: "/v1/changingme/confirm", tag: "Accounts", access: "signed-in",
    summary: "Confirm a new e-mail address with the link mailed to it; only then does the address change.",
    body: { json: auth.confirmEmailBody }, ok: { status: 200, description: "The user (`WhoAmI`)." },
    errors: { 400: ["link_invalid"], 403: ["email_link_other_account"], 409: ["email_taken"] },
  },
  {
    method: "put", path: "/v1/changepass", tag: "Accounts", access: "signed-in",
    summary: "Change one's password; other sessions are revoked.",
    body: { json: auth.changePasswordBody }, ok: OK, errors: { 400: ["old_password_wrong"] },
  },
  {
    method: "post", path: "/v1/respas", tag: "Accounts", access: "public",
    summary: "Ask for a password reset link by mail (answers alike for unknown addresses).",
    body: { json: auth.resetRequestBody }, ok: { status: 200, description: "`{ok, detail}`." }, errors: { 429: ["rate_limited"] },
  },
  {
    method: "post", path: "/v1/respasgen", tag: "Accounts", access: "public",
    summary: "Set a new password from a mailed link; signs in.",
    body: { json: auth.setPasswordBody }, ok: { status: 200, description: "`{access_token, user}`; the session cookie is set." }, errors: { 400: ["link_invalid"] },
  },
  {
    method: "post", path: "/v1/qstart", tag: "Accounts", access: "public",
    summary: "Quick start: an account and a first project, confirmed by mail.",
    body: { json: auth.quickStartBody }, ok: { status: 200, description: "`{ok, detail}`." }, errors: { 429: ["rate_limited"] },
  },
  {
    method: "post", path: "/v1/feedback", tag: "Accounts", access: "public",
    summary: "Send feedback to the team (stored and mailed to FEEDBACK_TO). A filled `website` honeypot is answered as sent and dropped.",
    body: { json: auth.feedbackBody }, ok: { status: 200, description: "`{ok, detail}`." }, errors: { 429: ["rate_limited"] },
  },
  {
    method: "get", path: "/v1/avatar/:userId/:file", tag: "Accounts", access: "public",
    summary: "A user's uploaded avatar image.",
    ok: { status: 200, description: "The image.", media: "image/*" }, errors: { 404: ["not_found"] },
  },
  {
    method: "get", path: "/v1/my-notifications", tag: "Notifications", access: "signed-in",
    summary: "The caller's notifications, newest first.", query: limitQuery,
    ok: { status: 200, description: "The notifications." },
  },
  { method: "delete", path: "/v1/my-notifications", tag: "Notifications", access: "signed-in", summary: "Clear all of the caller's notifications.", ok: { status: 204, description: "Cleared." } },
  {
    method: "delete", path: "/v1/my-notification/:guid", tag: "Notifications", access: "signed-in",
    summary: "Delete one of the caller's notifications.", ok: { status: 204, description: "Deleted." }, errors: { 404: ["not_found"] },
  },
  {
    method: "get", path: "/v1/project/:id/notifications", tag: "Notifications", access: "read",
    summary: "The caller's notification preferences for the project.", ok: { status: 200, description: "`{in_app, email}`." },
  },
  {
    method: "put", path: "/v1/project/:id/notifications", tag: "Notifications", access: "read",
    summary: "Set the caller's notification preferences for the project.",
    body: { json: preferencesBody }, ok: { status: 200, description: "`{in_app, email}`." },
  },
  {
    method: "get", path: "/dev/mails", tag: "Development", access: "development",
    summary: "The last 50 mails the local mailer kept (`?to=` narrows to one address).",
    ok: { status: 200, description: "The mails." },
  },
  {
    method: "post", path: "/dev/seed", tag: "Development", access: "development",
    summary: "Without a body: fill the demo project. With `{tasks, project}`: a large project for the benchmarks.",
    body: { json: bulkBody, optional: true }, ok: { status: 201, description: "What was seeded (200 for the demo plan)." },
  },
  {
    method: "post", path: "/dev/doc-room/:docGuid/restart", tag: "Development", access: "development",
    summary: "Restart a document's object, so the next join is a cold start (benchmarks).",
    ok: { status: 204, description: "Restarted." },
  },
  {
    method: "get", path: "/dev/board-queries/:id", tag: "Development", access: "development",
    summary: "The SQL and parameters of the planning board page's reads (session, project layout, board) as the project's owner, for the benchmark's SQLite floor.",
    ok: { status: 200, description: "`{statements: [{sql, params}]}`." },
  },
  {
    method: "post", path: "/dev/publish/:id", tag: "Development", access: "development",
    summary: "Send the project's room the `tasks_changed` notice a write sends, naming `task`, without a write: the card move's publish on its own (benchmarks).",
    body: { json: publishBody }, ok: { status: 204, description: "Published; `Server-Timing: publish;dur=<ms>` is the call's time." },
  },
];
