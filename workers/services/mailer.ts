/**
 * The one way mail leaves the product. Locally (MAIL_PROVIDER=local) mails are kept in D1 and
 * shown at /dev/mail; deployed, they are posted to an HTTP mail API (Resend's `POST /emails`
 * shape: {from, to, subject, text, html}) configured by the MAIL_HTTP_URL/MAIL_HTTP_TOKEN secrets.
 */
import type { Db } from "../db/client";
import { mails } from "../db/schema";
import type { Env } from "../env";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

/** A plain mail with one call-to-action link, in text and HTML. */
export function linkMail(to: string, subject: string, lines: string[], link?: { href: string; label: string }): Mail {
  const text = [...lines, ...(link ? ["", `${link.label}: ${link.href}`] : [])].join("\n");
  const html = [
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`] : []),
  ].join("\n");
  return { to, subject, text, html };
}

export async function sendMail(env: Env, db: Db, mail: Mail): Promise<void> {
  if (env.MAIL_PROVIDER === "http") {
    if (!env.MAIL_HTTP_URL || !env.MAIL_HTTP_TOKEN) throw new Error("MAIL_HTTP_URL and MAIL_HTTP_TOKEN must be set");
    const res = await fetch(env.MAIL_HTTP_URL, {
      method: "POST",
      headers: { Authorization: `Bearer ${env.MAIL_HTTP_TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ from: env.MAIL_FROM, ...mail }),
    });
    if (!res.ok) throw new Error(`mail provider answered ${res.status}`);
    return;
  }
  await db.insert(mails).values(mail);
}

/**
 * Sends a mail as part of a user's request. A provider failure is logged, not raised: the
 * request's own change stands, and answers such as "if the address exists we sent a link" must
 * not differ between addresses (a failure only for real accounts would reveal them).
 */
export async function deliver(env: Env, db: Db, mail: Mail): Promise<boolean> {
  try {
    await sendMail(env, db, mail);
    return true;
  } catch (err) {
    console.error("mail delivery failed", mail.subject, err);
    return false;
  }
}
