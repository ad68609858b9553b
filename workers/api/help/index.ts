/** The help centre's API: search and the "was this helpful" vote (pages: app/routes/help*.tsx). */
import { Hono } from "hono";
import { helpArticlePath } from "../../../domain/help/articles";
import { helpSearchQuery, helpVoteBody } from "../../../domain/help/schemas";
import { RATE_LIMITS } from "../../../domain/rate-limit";
import { helpfulVotes, recordHelpfulVote } from "../../services/feedback";
import { hitRateLimit } from "../../services/rate-limit";
import { trustedClientIp } from "../../services/sign-in-guard";
import { helpArticle, searchHelp } from "../../services/site-content";
import { ApiProblem } from "../problem";
import type { AppEnv } from "../types";
import { parseWith, readJson } from "../validate";

export const helpRoutes = new Hono<AppEnv>()
  .get("/v1/help/search", (c) => {
    const { q } = parseWith(helpSearchQuery, c.req.query());
    const results = searchHelp(c.get("lang"), q).map(({ article, snippet }) => ({
      category: article.category,
      slug: article.slug,
      title: article.title,
      summary: article.summary,
      snippet,
      path: helpArticlePath(article),
    }));
    return c.json({ results });
  })
  .post("/v1/help/vote", async (c) => {
    const body = await readJson(c, helpVoteBody);
    // Slugs are the same in every language; the article must exist in the caller's.
    if (!helpArticle(c.get("lang"), body.category, body.article)) throw new ApiProblem(404, "help_article_not_found");
    const ip = trustedClientIp(c.req.raw.headers);
    const decision = await hitRateLimit(c.env.DB, `helpvote:ip:${ip ?? "unknown"}`, RATE_LIMITS.helpVoteIp);
    if (!decision.allowed) throw new ApiProblem(429, "rate_limited", undefined, { "Retry-After": String(decision.retryAfterSeconds) });
    const path = helpArticlePath({ category: body.category, slug: body.article });
    await recordHelpfulVote(c.get("db"), path, body.vote, { userId: c.get("user")?.id, ip });
    return c.json({ ok: true, votes: await helpfulVotes(c.get("db"), path) });
  });
