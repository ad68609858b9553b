/**
 * Caching of public pages. A guest's page is the same for everyone with the same URL, so it
 * carries an ETag built from its data (never from its bytes: each render has a fresh CSP nonce)
 * and the browser revalidates it every time: the Worker answers 304 when nothing changed
 * (workers/app.ts `notModified`), so a published post shows at once. A signed-in visitor's page
 * has their name in it and is neither shared nor given an ETag.
 */
import { readCookie } from "../../domain/i18n/languages";
import { SESSION_COOKIE } from "../../workers/services/sessions";

export function publicCacheHeaders(request: Request, version: string): Record<string, string> {
  if (readCookie(request.headers.get("Cookie"), SESSION_COOKIE)) return { "Cache-Control": "private, no-cache", Vary: "Cookie" };
  return { "Cache-Control": "public, max-age=0, must-revalidate", Vary: "Cookie, Accept-Language", ETag: `W/"${version}"` };
}
