/** Git hosting over REST and smart HTTP (issue 12); the real git CLI drives tests/e2e/git.spec.ts. */
import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { Env } from "../../workers/env";
import { repoStub } from "../../workers/services/git";
import { call, fetchRaw } from "../fixtures/http";
import { buildTeam, type Team } from "../fixtures/projects";

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
