// `npm run admin -- grant|revoke <e-mail> [--remote] [--persist-to <dir>]` and `npm run admin -- list`:
// the operator's command for site administrators (`users.site_admin`), who write the blog.
// Local D1 by default (the state of `npm start`); `--remote` changes the deployed database.
import { spawnSync } from "node:child_process";
import { root, toolEnv } from "./lib.mjs";

const USAGE = `Usage:
  npm run admin -- grant <e-mail> [--remote] [--persist-to <dir>]
  npm run admin -- revoke <e-mail> [--remote] [--persist-to <dir>]
  npm run admin -- list [--remote] [--persist-to <dir>]`;

function fail(message) {
  console.error(`✗ ${message}`);
  process.exit(1);
}

const args = process.argv.slice(2);
const remote = args.includes("--remote");
const persistAt = args.indexOf("--persist-to");
const persistTo = persistAt >= 0 ? args[persistAt + 1] : ".wrangler/state";
if (persistAt >= 0 && !persistTo) fail(USAGE);
const positional = args.filter((a, i) => !a.startsWith("--") && (persistAt < 0 || i !== persistAt + 1));
const [action, rawEmail] = positional;

if (!["grant", "revoke", "list"].includes(action ?? "")) fail(USAGE);
// Stored addresses are trimmed and lower-cased (domain/auth/schemas `email`).
const email = (rawEmail ?? "").trim().toLowerCase();
if (action !== "list" && !/^[^\s@'"\\]+@[^\s@'"\\]+\.[^\s@'"\\]+$/.test(email)) fail(`Give the account's e-mail address.\n${USAGE}`);

/** Whether wrangler's answer says the local database was locked by the running app. */
const isBusy = (result) => /SQLITE_BUSY|database is locked/i.test(`${result.stdout}${result.stderr}`);

/**
 * Runs one SQL statement on D1 through wrangler and returns its rows. Beside a running
 * `npm start` the app may hold the local database's write lock for a moment: a locked answer
 * means nothing ran, so the statement is tried again after a short pause.
 */
function query(sql) {
  const target = remote ? ["--remote"] : ["--local", "--persist-to", persistTo];
  let result;
  for (let attempt = 0; attempt < 6; attempt++) {
    if (attempt > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200 * attempt);
    result = spawnSync("wrangler", ["d1", "execute", "DB", "--config", "wrangler.toml", ...target, "--json", "--command", sql], { cwd: root, env: toolEnv, encoding: "utf8" });
    if (result.status === 0 || !isBusy(result)) break;
  }
  if (result.status !== 0) fail(`wrangler d1 execute failed:\n${result.stderr || result.stdout}`);
  try {
    return JSON.parse(result.stdout)[0]?.results ?? [];
  } catch {
    fail(`Unexpected answer from wrangler:\n${result.stdout}`);
  }
}

// The address passed the pattern above (no quotes or backslashes), so quoting it is enough.
const quoted = `'${email}'`;
if (action === "list") {
  const rows = query("SELECT email, name FROM users WHERE site_admin = 1 ORDER BY email");
  if (rows.length === 0) console.log("No site administrators.");
  for (const row of rows) console.log(`${row.email}\t${row.name}`);
} else {
  const flag = action === "grant" ? 1 : 0;
  const rows = query(`UPDATE users SET site_admin = ${flag}, updated_at = unixepoch() * 1000 WHERE email = ${quoted} RETURNING email`);
  if (rows.length === 0) fail(`No account with the e-mail ${email}${remote ? "" : ` in the local database (${persistTo})`}.`);
  console.log(action === "grant" ? `✓ ${email} is now a site administrator: the blog editor is at /blog/write.` : `✓ ${email} is no longer a site administrator.`);
}
