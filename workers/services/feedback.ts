/**
 * Messages from visitors (the feedback dialog, the `/contacts` form) and the help centre's
 * "was this helpful" votes. Both are rows of the `feedback` table: a vote is a row whose text
 * is `helpful:yes|no` and whose page is the article's path (see docs/decisions.md).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { FEEDBACK_HONEYPOT, type feedbackBody } from "../../domain/auth/schemas";
import { HELPFUL_VOTES, type HelpfulVote } from "../../domain/help/articles";
import { type Decision, RATE_LIMITS } from "../../domain/rate-limit";
import type { z } from "zod";
import type { Db } from "../db/client";
import { feedback } from "../db/schema";
import type { Env } from "../env";
import { newGuid, sha256Hex } from "./ids";
import { deliver, linkMail } from "./mailer";
import { hitRateLimit } from "./rate-limit";
import { trustedClientIp } from "./sign-in-guard";

/** The sender's address is kept only as a hash (spam review, rate limits), never in clear. */
export async function hashClientIp(ip: string | undefined): Promise<string | null> {
  return ip ? sha256Hex(`client-ip:${ip}`) : null;
}

export interface FeedbackInput {
  name_sender: string;
  email: string;
  number_mobile: string;
  text: string;
  page_send: string;
}

/**
 * The one path of a visitor's message, from the API and from the `/contacts` form posted without
 * JavaScript: counted against the client's allowance, then stored and mailed unless the spam
 * trap was filled (a robot is answered as a person is, so it learns nothing).
 */
export async function acceptFeedback(env: Env, db: Db, sender: { userId?: string; headers: Headers }, input: z.output<typeof feedbackBody>): Promise<Decision> {
  const ip = trustedClientIp(sender.headers);
  const decision = await hitRateLimit(env.DB, `feedback:ip:${ip ?? "unknown"}`, RATE_LIMITS.feedbackIp);
  if (!decision.allowed) return decision;
  const { [FEEDBACK_HONEYPOT]: trap, ...body } = input;
  if (!trap) await submitFeedback(env, db, { userId: sender.userId, ip }, body);
  return decision;
}

/** Stores a message and mails it to the team's inbox (`FEEDBACK_TO`). */
export async function submitFeedback(env: Env, db: Db, sender: { userId?: string; ip?: string }, input: FeedbackInput): Promise<void> {
  await db.insert(feedback).values({
    id: newGuid(),
    userId: sender.userId ?? null,
    nameSender: input.name_sender,
    email: input.email,
    numberMobile: input.number_mobile,
    text: input.text,
    pageSend: input.page_send,
    clientIpHash: await hashClientIp(sender.ip),
  });
  await deliver(
    env,
    db,
    linkMail(env.FEEDBACK_TO, `Feedback: ${input.name_sender}`, [
      `${input.name_sender} <${input.email}> ${input.number_mobile}`.trim(),
      `Page: ${input.page_send}`,
      input.text,
    ]),
  );
}

/** Records one reader's vote under a help article. Votes are counted, not mailed. */
export async function recordHelpfulVote(db: Db, articlePath: string, vote: HelpfulVote, sender: { userId?: string; ip?: string }): Promise<void> {
  await db.insert(feedback).values({
    id: newGuid(),
    userId: sender.userId ?? null,
    nameSender: "",
    email: "",
    text: HELPFUL_VOTES[vote],
    pageSend: articlePath,
    clientIpHash: await hashClientIp(sender.ip),
  });
}

/** How many readers found an article helpful and how many did not. */
export async function helpfulVotes(db: Db, articlePath: string): Promise<Record<HelpfulVote, number>> {
  const rows = await db
    .select({ text: feedback.text, count: sql<number>`count(*)` })
    .from(feedback)
    .where(and(eq(feedback.pageSend, articlePath), inArray(feedback.text, Object.values(HELPFUL_VOTES))))
    .groupBy(feedback.text)
    .all();
  const count = (text: string) => rows.find((r) => r.text === text)?.count ?? 0;
  return { yes: count(HELPFUL_VOTES.yes), no: count(HELPFUL_VOTES.no) };
}
