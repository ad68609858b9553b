/** The help centre: search and "was this helpful" votes. */
import { helpSearchQuery, helpVoteBody } from "../../../domain/help/schemas";
import type { Operation } from "./registry";

export const helpOperations: Operation[] = [
  {
    method: "get", path: "/v1/help/search", tag: "Help", access: "public",
    summary: "Full-text search over the help articles in the caller's language (the `/help?q=` page does the same on the server).",
    query: helpSearchQuery,
    ok: { status: 200, description: "`{results: [{category, slug, title, summary, snippet, path}]}`, best match first." },
    errors: { 400: ["help_query_required", "help_query_too_long"] },
  },
  {
    method: "post", path: "/v1/help/vote", tag: "Help", access: "public",
    summary: "Answer \"was this article helpful?\"; stored as a feedback row with the article's path.",
    body: { json: helpVoteBody },
    ok: { status: 200, description: "`{ok, votes: {yes, no}}`: the article's counts after this vote." },
    errors: { 400: ["help_vote_invalid"], 404: ["help_article_not_found"], 429: ["rate_limited"] },
  },
];
