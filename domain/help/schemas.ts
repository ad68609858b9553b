/** Wire schemas of the help centre's calls (spec §7); messages are keys of the `errors` namespace. */
import { z } from "zod";
import { HELP_QUERY_MAX } from "./articles";

const slug = z.string({ error: "help_article_not_found" }).regex(/^[a-z0-9-]{1,80}$/, "help_article_not_found");

/** `POST /v1/help/vote`: one reader's answer to "was this article helpful?". */
export const helpVoteBody = z.object({
  category: slug,
  article: slug,
  vote: z.enum(["yes", "no"], { error: "help_vote_invalid" }),
});

/** `GET /v1/help/search?q=`: the words to look for, in the caller's language. */
export const helpSearchQuery = z.object({
  q: z.string({ error: "help_query_required" }).trim().min(1, "help_query_required").max(HELP_QUERY_MAX, "help_query_too_long"),
});
