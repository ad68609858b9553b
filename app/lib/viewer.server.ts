/** Who is looking at a page: the session cookie read on the server, as the API reads it. */
import { readCookie } from "../../domain/i18n/languages";
import { getDb } from "../../workers/db/client";
import type { Env } from "../../workers/env";
import { toWhoAmI } from "../../workers/services/accounts";
import { SESSION_COOKIE, userForToken } from "../../workers/services/sessions";

export async function viewerOf(request: Request, env: Env) {
  const token = readCookie(request.headers.get("Cookie"), SESSION_COOKIE);
  if (!token) return null;
  const session = await userForToken(getDb(env.DB), token, env);
  return session ? toWhoAmI(session.user) : null;
}

export { getDb };
