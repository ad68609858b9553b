/** The help centre's API: search in the caller's language and "was this helpful" votes. */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { feedback } from "../../workers/db/schema";
import { helpfulVotes } from "../../workers/services/feedback";
import { call } from "../fixtures/http";
import { expectProblem } from "../fixtures/problems";
import { db, signedIn } from "../fixtures/users";

const POKER = "/help/estimation/planning-poker-room";
const votesOn = (path: string) => db().select().from(feedback).where(eq(feedback.pageSend, path)).all();

describe("GET /api/v1/help/search", () => {
  it("finds articles in the caller's language, best match first, with a path and a snippet", async () => {
    const res = await call("GET", "/api/v1/help/search?q=deck&lng=en");
    expect(res.status, res.text).toBe(200);
    expect(res.json.results[0]).toEqual(
      expect.objectContaining({ category: "estimation", slug: "planning-poker-room", title: "Run a planning poker session", path: POKER }),
    );
    expect(res.json.results[0].snippet).toContain("deck");

    const ru = await call("GET", "/api/v1/help/search?q=колоду", { headers: { "Accept-Language": "ru" } });
    expect(ru.json.results.map((r: { path: string }) => r.path)).toEqual([POKER]);
    const de = await call("GET", "/api/v1/help/search?q=Glocke&lng=de");
    expect(de.json.results.map((r: { path: string }) => r.path)).toEqual(["/help/account/notifications"]);
  });

  it("answers an empty list when nothing matches", async () => {
    const res = await call("GET", "/api/v1/help/search?q=zeppelin&lng=en");
    expect(res.json).toEqual({ results: [] });
  });

  it.each([
    ["no query", "", "help_query_required"],
    ["a blank query", "?q=%20%20", "help_query_required"],
    ["a query over 200 characters", `?q=${"a".repeat(201)}`, "help_query_too_long"],
  ] as const)("refuses %s", async (_, query, code) => {
    expectProblem(await call("GET", `/api/v1/help/search${query}`), 400, code);
  });
});

describe("POST /api/v1/help/vote", () => {
  it("stores each answer under the article's path and answers the counts", async () => {
    const before = await helpfulVotes(db(), "/help/account/notifications");
    const yes = await call("POST", "/api/v1/help/vote", { body: { category: "account", article: "notifications", vote: "yes" } });
    expect(yes.status, yes.text).toBe(200);
    expect(yes.json).toEqual({ ok: true, votes: { yes: before.yes + 1, no: before.no } });
    const user = await signedIn();
    const no = await call("POST", "/api/v1/help/vote", { cookie: user.cookie, body: { category: "account", article: "notifications", vote: "no" } });
    expect(no.json.votes).toEqual({ yes: before.yes + 1, no: before.no + 1 });
    const mine = await db()
      .select()
      .from(feedback)
      .where(and(eq(feedback.pageSend, "/help/account/notifications"), eq(feedback.userId, user.id)))
      .all();
    expect(mine).toEqual([expect.objectContaining({ text: "helpful:no", nameSender: "", email: "" })]);
  });

  it.each([
    ["an article that does not exist", { category: "account", article: "no-such-article", vote: "yes" }, 404, "help_article_not_found"],
    ["an article filed under another category", { category: "planning", article: "notifications", vote: "yes" }, 404, "help_article_not_found"],
    ["a slug with a path in it", { category: "account", article: "../../etc", vote: "yes" }, 400, "help_article_not_found"],
    ["an answer other than yes or no", { category: "account", article: "notifications", vote: "maybe" }, 400, "help_vote_invalid"],
  ] as const)("refuses %s and stores nothing", async (_, body, status, code) => {
    const path = `/help/${body.category}/${body.article}`;
    const before = (await votesOn(path)).length;
    expectProblem(await call("POST", "/api/v1/help/vote", { body }), status, code);
    expect(await votesOn(path)).toHaveLength(before);
  });

  it("refuses votes beyond the hourly limit of one client", async () => {
    const ip = `192.0.2.${Math.floor(Math.random() * 250)}`;
    const body = { category: "planning", article: "custom-fields", vote: "yes" };
    for (let i = 0; i < 30; i++) expect((await call("POST", "/api/v1/help/vote", { body, ip })).status).toBe(200);
    expectProblem(await call("POST", "/api/v1/help/vote", { body, ip }), 429, "rate_limited");
  });
});
