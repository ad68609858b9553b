/**
 * Page data of the signed-in person and their account: what the page loaders ask before they
 * render. Each function reads D1 here so that nothing under app/ holds a query.
 */
import { desc } from "drizzle-orm";
import { readCookie } from "../../../domain/i18n/languages";
import { getDb } from "../../db/client";
import { mails } from "../../db/schema";
import type { Env } from "../../env";
import type { feedbackBody } from "../../../domain/auth/schemas";
import type { Decision } from "../../../domain/rate-limit";
import type { z } from "zod";
import { confirmedHolder, emailChangeByLink, pendingEmailOf, toWhoAmI } from "../accounts";
import { acceptFeedback } from "../feedback";
import { inviteByLink } from "../invites";
import { SESSION_COOKIE, liveSessionOfRows, sessionRows, tokenHash, userForToken } from "../sessions";
import { pageEnv } from "./page-reads";

/** Who is looking at a page: the session in the request's cookie, as the API reads it. */
export function viewerOf(request: Request, env: Env): Promise<Viewer | null> {
  let viewer = viewers.get(request);
  if (!viewer) {
    viewer = readViewer(request, env);
    viewers.set(request, viewer);
  }
  return viewer;
}

type Viewer = ReturnType<typeof toWhoAmI>;

/**
 * One session lookup per request: React Router hands every loader of a page the same Request,
 * and the root, the signed-in layout, the project layout and the page each ask who is looking
 * (four D1 round trips of a board page's nine before, issue 17).
 */
const viewers = new WeakMap<Request, Promise<Viewer | null>>();

/** The hash of the request's session token (null: no token, or not one), once per request. */
export function sessionHashOf(request: Request): Promise<string | null> {
  let hash = hashes.get(request);
  if (!hash) {
    const token = readCookie(request.headers.get("Cookie"), SESSION_COOKIE);
    hash = token ? tokenHash(token) : Promise.resolve(null);
    hashes.set(request, hash);
  }
  return hash;
}

const hashes = new WeakMap<Request, Promise<string | null>>();

/**
 * The session is read as a batch through the page's shared binding (`pageEnv`): a project
 * page's reads keyed by the same session (`PageSession`) go to D1 in the same round trip.
 */
async function readViewer(request: Request, env: Env): Promise<Viewer | null> {
  const hash = await sessionHashOf(request);
  if (!hash) return null;
  const db = getDb(pageEnv(request, env).DB);
  const { times, user } = await sessionRows(db, hash);
  // An expired session is deleted, a used one touched: writes, not through the shared binding.
  const session = await liveSessionOfRows(getDb(env.DB), hash, times, user, env);
  return session ? toWhoAmI(session.user) : null;
}

/**
 * A project page's reader: the hash its rows are read by (the participant row of the session's
 * holder, in SQL) and the signed-in viewer they are then judged for. The rows go out without
 * waiting for the session's read, so both travel in one D1 round trip; they count only once the
 * viewer is known (`accessOf` for `viewer.guid`). Guests are sent to sign in.
 */
export interface PageSession {
  hash: string;
  viewer: Promise<Viewer>;
}

export async function pageSession(request: Request, env: Env, signIn: () => never): Promise<PageSession> {
  const viewer = viewerOf(request, env).then((found) => found ?? signIn());
  // Handled here too: a page's reader awaits it only once its rows are back, and the sign-in
  // redirect must not count as an unhandled rejection meanwhile.
  viewer.catch(() => {});
  const hash = await sessionHashOf(request);
  if (!hash) await viewer;
  return { hash: hash!, viewer };
}

/** The address a user asked to change to and has not confirmed yet, if any. */
export const pendingEmailPage = (env: Env, userId: string) => pendingEmailOf(getDb(env.DB), userId);

/** The confirmation link of an e-mail change, as the signed-in `userId` may use it. */
export async function emailConfirmPage(env: Env, userId: string, link: string) {
  const change = await emailChangeByLink(getDb(env.DB), link);
  if (!change) return { state: "invalid" as const, email: null };
  if (change.userId !== userId) return { state: "otherAccount" as const, email: null };
  return { state: "ready" as const, email: change.email };
}

/** An invitation link: the invite (or null) and whether its address already has a confirmed account. */
export async function invitePage(env: Env, link: string) {
  const db = getDb(env.DB);
  const found = await inviteByLink(db, link);
  if (!found) return { invite: null, hasAccount: false };
  // Only a confirmed holder of the address signs in; anyone else may register with the link.
  const account = await confirmedHolder(db, found.invite.email);
  return { invite: found.view, hasAccount: Boolean(account) };
}

/** The local inbox of development: the newest mails the product "sent" (never read when deployed). */
export const devInbox = (env: Env) => getDb(env.DB).select().from(mails).orderBy(desc(mails.id)).limit(100);

/** A message posted by the `/contacts` form without JavaScript, sent as the API sends it. */
export async function feedbackFromPage(env: Env, request: Request, input: z.output<typeof feedbackBody>): Promise<Decision> {
  const db = getDb(env.DB);
  const token = readCookie(request.headers.get("Cookie"), SESSION_COOKIE);
  const session = token ? await userForToken(db, token, env) : null;
  return acceptFeedback(env, db, { userId: session?.user.id, headers: request.headers }, input);
}
