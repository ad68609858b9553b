/** Git hosting over REST and smart HTTP (issue 12); the real git CLI drives tests/e2e/git.spec.ts. */
import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { Env } from "../../workers/env";
import { repoStub } from "../../workers/services/git";
import { licences, tariffs } from "../../workers/db/schema";
import { commitsOfTask } from "../../workers/services/git-mentions";
import { type GitObject, ZERO_OID, commit, push } from "../fixtures/git";
import { PRIVATE_GIT } from "../fixtures/git-private";
import { call, fetchRaw } from "../fixtures/http";
import { listen } from "../fixtures/live";
import { buildTeam, type Team } from "../fixtures/projects";
import { newTask } from "../fixtures/tasks";
import { db } from "../fixtures/users";

const workerEnv = env as unknown as Env;
let team: Team;
const base = () => `/api/v1/project/${team.projectId}/git`;
let made = 0;
const uniqueName = (prefix = "repo") => `${prefix}-${Date.now().toString(36)}-${++made}`;

async function newRepo(readme = true, name = uniqueName()) {
  const res = await call("POST", base(), { cookie: team.cookies.write, body: { name, readme } });
  expect(res.status, res.text).toBe(201);
  return res.json as { guid: string; name: string; clone_url: string };
}

async function token(cookie: string | undefined) {
  const res = await call("POST", "/api/v1/tokens", { cookie, body: { name: "cli" } });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string; token: string };
}

const basic = (secret: string) => ({ Authorization: `Basic ${btoa(`git:${secret}`)}` });
const gitPath = (name: string, service = "git-upload-pack") => `/git/${team.projectId}/${name}.git/info/refs?service=${service}`;

beforeAll(async () => {
  team = await buildTeam();
});

describe("git repositories over REST", () => {
  it("refuses unsafe and duplicate names with a clear error, creating nothing", async () => {
    for (const name of ["bad name", "x.git", "../up", "", ".hidden"]) {
      const res = await call("POST", base(), { cookie: team.cookies.write, body: { name } });
      expect([res.status, res.json.code], name).toEqual([400, "git_name_invalid"]);
    }
    const repo = await newRepo(false);
    const again = await call("POST", base(), { cookie: team.cookies.write, body: { name: repo.name } });
    expect([again.status, again.json.code]).toEqual([409, "git_name_taken"]);
    const branch = await call("POST", base(), { cookie: team.cookies.write, body: { name: uniqueName(), default_branch: "a..b" } });
    expect([branch.status, branch.json.code]).toEqual([400, "git_branch_invalid"]);
    const list = await call("GET", base(), { cookie: team.cookies.read });
    expect((list.json.results as { name: string }[]).filter((r) => r.name === repo.name)).toHaveLength(1);
  });

  it("creates a repository with a README whose commit, tree, file and diff the API shows", async () => {
    const repo = await newRepo(true);
    expect(repo.clone_url).toBe(`http://localhost:8787/git/${team.projectId}/${repo.name}.git`);
    const detail = await call("GET", `${base()}/${repo.guid}`, { cookie: team.cookies.read });
    expect(detail.status).toBe(200);
    const hexsha = detail.json.last_commit.hexsha as string;
    expect(detail.json.heads).toEqual([{ name: "main", hexsha }]);
    expect(detail.json.tree.items.map((i: { name: string; contentType: string }) => [i.name, i.contentType])).toEqual([["README.md", "blob"]]);
    const log = await call("GET", `${base()}/${repo.guid}/commits?limit=10&offset=0`, { cookie: team.cookies.read });
    expect([log.json.totalCount, log.json.items[0].hexsha]).toEqual([1, hexsha]);
    const commit = await call("GET", `${base()}/${repo.guid}/commit/${hexsha}`, { cookie: team.cookies.read });
    expect(commit.json.files).toEqual([{ path: "README.md", status: "added", binary: false, additions: 1, deletions: 0, patch: `@@ -0,0 +1 @@\n+# ${repo.name}` }]);
    const file = await call("GET", `${base()}/${repo.guid}/tree/main/README.md`, { cookie: team.cookies.read });
    expect([file.json.kind, file.json.file.content]).toEqual(["file", `# ${repo.name}\n`]);
    const root = await call("GET", `${base()}/${repo.guid}/tree/main`, { cookie: team.cookies.read });
    expect(root.json.items).toHaveLength(1);
  });

  it("answers 404 for an unknown ref, path or commit, and 400 for a page size out of range", async () => {
    const repo = await newRepo(true);
    const at = (path: string) => call("GET", `${base()}/${repo.guid}${path}`, { cookie: team.cookies.read });
    expect((await at("/tree/main/nothing.txt")).json.code).toBe("git_path_not_found");
    expect((await at("/tree/no-branch")).json.code).toBe("git_path_not_found");
    expect((await at(`/commit/${"0".repeat(40)}`)).json.code).toBe("git_commit_not_found");
    expect((await at("/commit/nothex")).status).toBe(404);
    expect((await at("/commits?ref=nope")).json.code).toBe("git_ref_not_found");
    expect((await at("/commits?limit=1000")).status).toBe(400);
    const empty = await newRepo(false);
    expect((await call("GET", `${base()}/${empty.guid}/commits`, { cookie: team.cookies.read })).json).toEqual({ items: [], totalCount: 0 });
  });

  it("lets a writer rename, refuses a default branch that does not exist, and lets only a root delete", async () => {
    const repo = await newRepo(true);
    const name = uniqueName("renamed");
    const renamed = await call("PATCH", `${base()}/${repo.guid}`, { cookie: team.cookies.write, body: { name } });
    expect([renamed.status, renamed.json.clone_url]).toEqual([200, `http://localhost:8787/git/${team.projectId}/${name}.git`]);
    const branch = await call("PATCH", `${base()}/${repo.guid}`, { cookie: team.cookies.write, body: { default_branch: "develop" } });
    expect([branch.status, branch.json.code]).toEqual([404, "git_branch_not_found"]);
    expect((await call("DELETE", `${base()}/${repo.guid}`, { cookie: team.cookies.write })).status).toBe(403);
    expect((await call("DELETE", `${base()}/${repo.guid}`, { cookie: team.cookies.root })).status).toBe(204);
    expect((await call("GET", `${base()}/${repo.guid}`, { cookie: team.cookies.root })).json.code).toBe("git_not_found");
  });

  it("keeps refs, objects and the commit index when its object restarts", async () => {
    const repo = await newRepo(true);
    const before = await call("GET", `${base()}/${repo.guid}/commits`, { cookie: team.cookies.read });
    await evictDurableObject(repoStub(workerEnv, repo.guid));
    const after = await call("GET", `${base()}/${repo.guid}/commits`, { cookie: team.cookies.read });
    expect(after.json).toEqual(before.json);
    const file = await call("GET", `${base()}/${repo.guid}/tree/main/README.md`, { cookie: team.cookies.read });
    expect(file.json.file.content).toBe(`# ${repo.name}\n`);
  });
});

describe("personal access tokens", () => {
  it("shows a token once, lists it without the secret, and revokes only one's own", async () => {
    const made = await token(team.cookies.write);
    expect(made.token).toMatch(/^pwt_/);
    const list = await call("GET", "/api/v1/tokens", { cookie: team.cookies.write });
    expect(list.text).not.toContain(made.token);
    expect(list.json.results.map((t: { id: string }) => t.id)).toContain(made.id);
    expect((await call("DELETE", `/api/v1/tokens/${made.id}`, { cookie: team.cookies.read })).json.code).toBe("token_not_found");
    expect((await call("DELETE", `/api/v1/tokens/${made.id}`, { cookie: team.cookies.write })).status).toBe(204);
    expect((await call("GET", "/api/v1/tokens", { cookie: team.cookies.write })).json.results.map((t: { id: string }) => t.id)).not.toContain(made.id);
    const blank = await call("POST", "/api/v1/tokens", { cookie: team.cookies.write, body: { name: " " } });
    expect([blank.status, blank.json.code]).toEqual([400, "token_name_required"]);
  });
});

describe("git smart HTTP access", () => {
  it("challenges a client without credentials or with a dead token, and hides the repository from outsiders", async () => {
    const repo = await newRepo(true);
    const anonymous = await fetchRaw(gitPath(repo.name));
    expect([anonymous.status, anonymous.headers.get("WWW-Authenticate")]).toEqual([401, 'Basic realm="git", charset="UTF-8"']);
    expect((await fetchRaw(gitPath(repo.name), { headers: basic("pwt_made-up") })).status).toBe(401);
    const revoked = await token(team.cookies.read);
    await call("DELETE", `/api/v1/tokens/${revoked.id}`, { cookie: team.cookies.read });
    expect((await fetchRaw(gitPath(repo.name), { headers: basic(revoked.token) })).status).toBe(401);
    const outsider = await token(team.cookies.outsider);
    expect((await fetchRaw(gitPath(repo.name), { headers: basic(outsider.token) })).status).toBe(404);
    const unverified = await token(team.cookies.unverified);
    expect((await fetchRaw(gitPath(repo.name), { headers: basic(unverified.token) })).status).toBe(404);
    const member = await token(team.cookies.write);
    expect((await fetchRaw(gitPath("no-such-repo"), { headers: basic(member.token) })).status).toBe(404);
  });

  it("advertises refs to a reader for fetching but refuses them the push service", async () => {
    const repo = await newRepo(true);
    const reader = await token(team.cookies.read);
    const upload = await fetchRaw(gitPath(repo.name), { headers: basic(reader.token) });
    expect([upload.status, upload.headers.get("Content-Type")]).toEqual([200, "application/x-git-upload-pack-advertisement"]);
    const text = await upload.text();
    expect(text.startsWith("001e# service=git-upload-pack\n0000")).toBe(true);
    expect(text).toContain("refs/heads/main");
    expect(text).toContain("symref=HEAD:refs/heads/main");
    expect((await fetchRaw(gitPath(repo.name, "git-receive-pack"), { headers: basic(reader.token) })).status).toBe(403);
    const writer = await token(team.cookies.write);
    expect((await fetchRaw(gitPath(repo.name, "git-receive-pack"), { headers: basic(writer.token) })).status).toBe(200);
  });

  it("answers a malformed upload-pack request with 400, not a failure", async () => {
    const repo = await newRepo(true);
    const writer = await token(team.cookies.write);
    const res = await fetchRaw(`/git/${team.projectId}/${repo.name}.git/git-upload-pack`, { method: "POST", headers: basic(writer.token), body: "zzzz-not-pkt" });
    expect(res.status).toBe(400);
  });
});

describe("pushes", () => {
  const repoPath = (name: string, projectId = team.projectId) => `/git/${projectId}/${name}.git`;
  const tipOf = async (guid: string, branch = "main") =>
    ((await call("GET", `${base()}/${guid}`, { cookie: team.cookies.read })).json.heads as { name: string; hexsha: string }[]).find((h) => h.name === branch)?.hexsha;

  it("refuses deleting or rewriting a protected default branch, and with admins only lets only admins push to it", async () => {
    const repo = await newRepo(true);
    const writer = (await token(team.cookies.write)).token;
    const admin = (await token(team.cookies.root)).token;
    const start = (await tipOf(repo.guid))!;
    const next = await commit("Second", { "README.md": "# two\n" }, [start]);
    const stray = await commit("Unrelated history", { "x.txt": "x\n" });

    // Only an admin may change the protection; a member's attempt changes nothing.
    const member = await call("PATCH", `${base()}/${repo.guid}`, { cookie: team.cookies.write, body: { protect_default_branch: true } });
    expect([member.status, member.json.code]).toEqual([403, "git_protection_admins_only"]);
    const bad = await call("PATCH", `${base()}/${repo.guid}`, { cookie: team.cookies.root, body: { protect_default_branch: "yes" } });
    expect(bad.status).toBe(400);
    const on = await call("PATCH", `${base()}/${repo.guid}`, { cookie: team.cookies.root, body: { protect_default_branch: true } });
    expect([on.status, on.json.protect_default_branch, on.json.protected_admins_only]).toEqual([200, true, false]);

    const rewrite = await push(repoPath(repo.name), writer, [{ ref: "refs/heads/main", old: start, new: stray.oid }], stray.objects);
    expect(rewrite.refs["refs/heads/main"]).toBe("protected branch");
    const remove = await push(repoPath(repo.name), admin, [{ ref: "refs/heads/main", old: start, new: ZERO_OID }]);
    expect(remove.refs["refs/heads/main"]).toBe("protected branch");
    const forward = await push(repoPath(repo.name), writer, [{ ref: "refs/heads/main", old: start, new: next.oid }], next.objects);
    expect(forward.refs["refs/heads/main"]).toBe("ok");

    expect((await call("PATCH", `${base()}/${repo.guid}`, { cookie: team.cookies.root, body: { protected_admins_only: true } })).json.protected_admins_only).toBe(true);
    const third = await commit("Third", { "README.md": "# three\n" }, [next.oid]);
    const locked = await push(repoPath(repo.name), writer, [{ ref: "refs/heads/main", old: next.oid, new: third.oid }, { ref: "refs/heads/topic", new: third.oid }], third.objects);
    expect(locked.refs).toEqual({ "refs/heads/main": "protected branch: only project admins may push", "refs/heads/topic": "ok" });
    const byAdmin = await push(repoPath(repo.name), admin, [{ ref: "refs/heads/main", old: next.oid, new: third.oid }]);
    expect(byAdmin.refs["refs/heads/main"]).toBe("ok");
    expect(await tipOf(repo.guid)).toBe(third.oid);

    // Unprotected again, the default branch is still never deleted nor rewritten, in git's own words.
    await call("PATCH", `${base()}/${repo.guid}`, { cookie: team.cookies.root, body: { protect_default_branch: false } });
    const fourth = await commit("Fourth", { "README.md": "# four\n" }, [third.oid]);
    expect((await push(repoPath(repo.name), writer, [{ ref: "refs/heads/main", old: third.oid, new: fourth.oid }], fourth.objects)).refs["refs/heads/main"]).toBe("ok");
    expect((await push(repoPath(repo.name), writer, [{ ref: "refs/heads/main", old: fourth.oid, new: stray.oid }])).refs["refs/heads/main"]).toBe("non-fast-forward");
  });

  it("refuses a push that would take the repository past the owner's plan, moving nothing", async () => {
    const own = await buildTeam();
    const tariffId = crypto.randomUUID();
    await db().batch([
      db().insert(tariffs).values({
        id: tariffId, slug: "tiny-git", name: "Tiny git", customerId: own.users.root.id,
        limitProjects: 100, limitParticipants: 100, limitStorageBytes: 1e9, limitAiRequestsPerHour: 1, limitRepositoryBytes: 64 * 1024, limitMeetingSize: 4,
      }),
      db().insert(licences).values({ userId: own.users.root.id, tariffId, typeLicense: "tiny", expiresAt: Date.now() + 86400_000 }),
    ]);
    const made = await call("POST", `/api/v1/project/${own.projectId}/git`, { cookie: own.cookies.write, body: { name: "capped", readme: true } });
    const repo = made.json as { guid: string; name: string };
    const writer = (await token(own.cookies.write)).token;
    const detail = async () => (await call("GET", `/api/v1/project/${own.projectId}/git/${repo.guid}`, { cookie: own.cookies.read })).json;
    const before = await detail();
    const start = before.last_commit.hexsha as string;

    const small = await commit("Small file", { "README.md": "# capped\n", "a.txt": "a little text\n".repeat(100) }, [start]);
    expect((await push(repoPath(repo.name, own.projectId), writer, [{ ref: "refs/heads/main", old: start, new: small.oid }], small.objects)).refs["refs/heads/main"]).toBe("ok");
    const sized = await detail();

    // Random bytes do not compress: 96 KiB of them cannot fit under 64 KiB.
    const noise = new Uint8Array(96 * 1024);
    for (let at = 0; at < noise.length; at += 65536) crypto.getRandomValues(noise.subarray(at, at + 65536));
    const big = await commit("Big file", { "README.md": "# capped\n", "noise.bin": noise }, [small.oid]);
    const refused = await push(repoPath(repo.name, own.projectId), writer, [{ ref: "refs/heads/main", old: small.oid, new: big.oid }], big.objects);
    expect(refused.unpack).toBe("unpack repository size limit of 64 KiB exceeded");
    expect(refused.refs["refs/heads/main"]).toBe("unpacker error");
    const after = await detail();
    expect([after.last_commit.hexsha, after.size]).toEqual([small.oid, sized.size]);
  });

  it("lists a commit naming tasks of the project on those tasks, logs it once in their activity, and ignores other projects' tasks", async () => {
    const repo = await newRepo(true);
    const writer = (await token(team.cookies.write)).token;
    const one = await newTask(team.projectId, team.cookies.write, "Login form");
    const two = await newTask(team.projectId, team.cookies.write, "Password reset");
    const elsewhere = await buildTeam();
    const foreign = await newTask(elsewhere.projectId, elsewhere.cookies.root, "Not ours");
    const start = (await tipOf(repo.guid))!;
    const fix = await commit(`Fix the login form (#${one.number})\n\nAlso touches ${two.guid} but not ${foreign.guid} nor #999999.`, { "login.ts": "export {};\n" }, [start]);
    const board = await listen(team.projectId, team.cookies.read!);
    try {
      expect((await push(repoPath(repo.name), writer, [{ ref: "refs/heads/main", old: start, new: fix.oid }], fix.objects)).refs["refs/heads/main"]).toBe("ok");
      const changed = await board.waitFor((m) => m.type === "tasks_changed" && m.tasks.includes(one.guid));
      expect(changed).toMatchObject({ tasks: expect.arrayContaining([one.guid, two.guid]), by: team.users.write.id });
    } finally {
      board.close();
    }

    const listed = await commitsOfTask(db(), team.projectId, one.guid);
    expect(listed).toEqual([{ repo: { guid: repo.guid, name: repo.name }, hexsha: fix.oid, title: `Fix the login form (#${one.number})`, author: "Tester", date: expect.any(Number) }]);
    expect((await commitsOfTask(db(), team.projectId, two.guid)).map((c) => c.hexsha)).toEqual([fix.oid]);
    expect(await commitsOfTask(db(), elsewhere.projectId, foreign.guid)).toEqual([]);
    const events = async (guid: string) => (await call("GET", `/api/v1/project/${team.projectId}/issue/${guid}/events`, { cookie: team.cookies.read })).json.results as { action: string; detail: Record<string, unknown>; actor: { guid: string } }[];
    const mentioned = (await events(one.guid)).filter((e) => e.action === "commit_mentioned");
    expect(mentioned).toEqual([expect.objectContaining({ detail: { repo: repo.guid, repo_name: repo.name, hexsha: fix.oid, message: `Fix the login form (#${one.number})` }, actor: expect.objectContaining({ guid: team.users.write.id }) })]);
    expect((await call("GET", `/api/v1/project/${elsewhere.projectId}/issue/${foreign.guid}/events`, { cookie: elsewhere.cookies.root })).json.results.filter((e: { action: string }) => e.action === "commit_mentioned")).toEqual([]);

    // The same commit pushed again on another branch mentions nothing twice.
    expect((await push(repoPath(repo.name), writer, [{ ref: "refs/heads/again", new: fix.oid }])).refs["refs/heads/again"]).toBe("ok");
    expect((await events(one.guid)).filter((e) => e.action === "commit_mentioned")).toHaveLength(1);
    expect(await commitsOfTask(db(), team.projectId, one.guid)).toHaveLength(1);
  });

  it("reads at most 200 commits of one push for task names, newest first", async () => {
    const repo = await newRepo(true);
    const writer = (await token(team.cookies.write)).token;
    const task = await newTask(team.projectId, team.cookies.write, "Old news");
    const start = (await tipOf(repo.guid))!;
    let parent = start;
    const objects = new Map<string, GitObject>();
    for (let i = 0; i < 205; i++) {
      // The five oldest name the task; only the newest 200 are read. One tree for all keeps the pack small.
      const made = await commit(i < 5 ? `Step ${i} for #${task.number}` : `Step ${i}`, { "n.txt": "same\n" }, [parent]);
      for (const o of made.objects) objects.set(o.oid, o);
      parent = made.oid;
    }
    expect((await push(repoPath(repo.name), writer, [{ ref: "refs/heads/main", old: start, new: parent }], [...objects.values()])).refs["refs/heads/main"]).toBe("ok");
    expect(await commitsOfTask(db(), team.projectId, task.guid)).toEqual([]);
    const last = await commit(`Finish #${task.number}`, { "n.txt": "done\n" }, [parent]);
    expect((await push(repoPath(repo.name), writer, [{ ref: "refs/heads/main", old: parent, new: last.oid }], last.objects)).refs["refs/heads/main"]).toBe("ok");
    expect((await commitsOfTask(db(), team.projectId, task.guid)).map((c) => c.hexsha)).toEqual([last.oid]);
  }, 20_000);

  it("tells the project's open pages about a push to a repository, and its list about repositories created, renamed and deleted", async () => {
    const page = await listen(team.projectId, team.cookies.read!);
    const repo = await newRepo(true);
    const writer = (await token(team.cookies.write)).token;
    const start = (await tipOf(repo.guid))!;
    const next = await commit("Live", { "live.txt": "now\n" }, [start]);
    try {
      expect(await page.waitFor((m) => m.type === "repos_changed" && m.repo === repo.guid)).toMatchObject({ project: team.projectId, by: team.users.write.id });
      const other = await newRepo(false);
      await page.waitFor((m) => m.type === "repos_changed" && m.repo === other.guid);
      let mark = page.messages.length;
      expect((await call("PATCH", `${base()}/${other.guid}`, { cookie: team.cookies.write, body: { name: uniqueName("renamed") } })).status).toBe(200);
      await page.waitFor((m, i) => i >= mark && m.type === "repos_changed" && m.repo === other.guid);
      mark = page.messages.length;
      expect((await call("DELETE", `${base()}/${other.guid}`, { cookie: team.cookies.root })).status).toBe(204);
      await page.waitFor((m, i) => i >= mark && m.type === "repos_changed" && m.repo === other.guid);
      await push(repoPath(repo.name), writer, [{ ref: "refs/heads/main", old: start, new: next.oid }], next.objects);
      const heard = await page.waitFor((m) => m.type === "git_pushed" && m.repo === repo.guid);
      expect(heard).toMatchObject({ type: "git_pushed", project: team.projectId, repo: repo.guid, by: team.users.write.id });
      // A push that moves nothing is not news.
      const count = page.messages.length;
      await push(repoPath(repo.name), writer, [{ ref: "refs/heads/main", old: start, new: next.oid }]);
      expect(page.messages.slice(count).filter((m) => m.type === "git_pushed")).toEqual([]);
    } finally {
      page.close();
    }
  });
});

describe("import by URL", () => {
  const upstream = () => (env as unknown as { FAKE_GIT_URL: string }).FAKE_GIT_URL;
  const importing = (body: unknown, cookie = team.cookies.write) => call("POST", `${base()}/import`, { cookie, body });

  it("clones every branch and tag of a public repository from a loopback git http-backend", async () => {
    const name = uniqueName("imported");
    const made = await importing({ name, url: `${upstream()}/src.git/` });
    expect(made.status, made.text).toBe(201);
    expect([made.json.name, made.json.default_branch, made.json.clone_url]).toEqual([name, "main", `http://localhost:8787/git/${team.projectId}/${name}.git`]);
    const detail = await call("GET", `${base()}/${made.json.guid}`, { cookie: team.cookies.read });
    expect(detail.json.heads.map((h: { name: string }) => h.name)).toEqual(["feature", "main"]);
    expect(detail.json.tags.map((t: { name: string }) => t.name)).toEqual(["v1"]);
    expect(detail.json.readme.content).toContain("Third (#1).");
    const log = await call("GET", `${base()}/${made.json.guid}/commits`, { cookie: team.cookies.read });
    expect([log.json.totalCount, log.json.items[0].message.trim(), log.json.items[0].author.name]).toEqual([3, "Commit 3", "Upstream"]);
    expect((await call("GET", `${base()}/${made.json.guid}/commits?ref=feature`, { cookie: team.cookies.read })).json.totalCount).toBe(2);
    // Imported history names no task here, even where its messages say "#1".
    const list = await call("GET", base(), { cookie: team.cookies.read });
    expect(list.json.results.find((r: { guid: string }) => r.guid === made.json.guid).size).toBeGreaterThan(0);
  });

  it("imports a private repository with a user name and token used for the fetch only, reporting progress meanwhile", async () => {
    const url = `${upstream()}/private/src.git`;
    const bare = await importing({ name: uniqueName("private"), url });
    expect([bare.status, bare.json.code]).toEqual([400, "git_import_private_repo"]);
    const wrong = await importing({ name: uniqueName("private"), url, username: PRIVATE_GIT.username, token: "not-it" });
    expect([wrong.status, wrong.json.code]).toEqual([400, "git_import_credentials_refused"]);
    const name = uniqueName("private");
    const running = importing({ name, url, ...PRIVATE_GIT });
    const seen: number[] = [];
    let settled = false;
    void running.finally(() => (settled = true));
    // Polled as the page does, at an interval: back-to-back in-process calls starve the import's fetch.
    for (let polls = 0; !settled && polls < 300; polls++) {
      const progress = await call("GET", `${base()}/import/progress?name=${name}`, { cookie: team.cookies.write });
      if (progress.status === 200 && typeof progress.json.percent === "number") seen.push(progress.json.percent);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const made = await running;
    expect(made.status, made.text).toBe(201);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((p) => p >= 0 && p < 100)).toBe(true);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect((await call("GET", `${base()}/import/progress?name=${name}`, { cookie: team.cookies.write })).json.percent).toBeNull();
    expect((await call("GET", `${base()}/${made.json.guid}/commits`, { cookie: team.cookies.read })).json.totalCount).toBe(3);
    // The token is in no answer about the repository.
    const answers = [made.text, (await call("GET", base(), { cookie: team.cookies.read })).text, (await call("GET", `${base()}/${made.json.guid}`, { cookie: team.cookies.read })).text];
    for (const text of answers) expect(text).not.toContain(PRIVATE_GIT.token);
  });

  it("refuses other schemes, private addresses, unreachable and non-git URLs with a clear error, keeping nothing", async () => {
    const name = uniqueName("refused");
    const cases: [string, number, string][] = [
      ["ftp://example.com/a.git", 400, "git_import_url_invalid"],
      ["http://10.0.0.8/a.git", 400, "git_import_url_private"],
      ["http://169.254.169.254/latest", 400, "git_import_url_private"],
      ["http://127.0.0.1:1/a.git", 502, "git_import_unreachable"],
      [`${upstream()}/nothing.git`, 400, "git_import_not_git"],
    ];
    for (const [url, status, code] of cases) {
      const res = await importing({ name, url });
      expect([res.status, res.json.code], url).toEqual([status, code]);
    }
    expect((await call("GET", base(), { cookie: team.cookies.read })).json.results.map((r: { name: string }) => r.name)).not.toContain(name);
    expect((await importing({ name, url: `${upstream()}/src.git` }, team.cookies.read)).status).toBe(403);
  });

  it("refuses a repository larger than the owner's plan allows", async () => {
    const own = await buildTeam();
    const tariffId = crypto.randomUUID();
    await db().batch([
      db().insert(tariffs).values({
        id: tariffId, slug: "tiny-import", name: "Tiny import", customerId: own.users.root.id,
        limitProjects: 100, limitParticipants: 100, limitStorageBytes: 1e9, limitAiRequestsPerHour: 1, limitRepositoryBytes: 200, limitMeetingSize: 4,
      }),
      db().insert(licences).values({ userId: own.users.root.id, tariffId, typeLicense: "tiny", expiresAt: Date.now() + 86400_000 }),
    ]);
    const res = await call("POST", `/api/v1/project/${own.projectId}/git/import`, { cookie: own.cookies.write, body: { name: "too-big", url: `${upstream()}/src.git` } });
    expect([res.status, res.json.code]).toEqual([413, "git_import_too_large"]);
    expect((await call("GET", `/api/v1/project/${own.projectId}/git`, { cookie: own.cookies.read })).json.results).toEqual([]);
  });
});
