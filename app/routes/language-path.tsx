import { redirect } from "react-router";
import { languageCookie, splitLanguagePath } from "../../domain/i18n/languages";
import type { Route } from "./+types/language-path";

/**
 * `/en/...`, `/es/...`, `/de/...` (spec §9, the path-segment source of language detection):
 * stores the language in its cookie and opens the same page without the segment. Any other
 * unknown path goes to the main page, as the catch-all does.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const found = splitLanguagePath(url.pathname);
  if (!found) return redirect("/");
  return redirect(found.rest + url.search, { headers: { "Set-Cookie": languageCookie(found.language) } });
}

export default function LanguagePath() {
  return null;
}
