/**
 * Git hosting with the real git client (issue 12): the served app is the remote. Most of it
 * needs no browser: accounts and repositories through the API, then `git` itself for clone,
 * fetch and push. One journey then looks at the result in the browser.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { APIRequestContext } from "@playwright/test";
import { PASSWORD_LINK, createProjectFromList, expect, hydrated, open, person, test, uniqueEmail } from "./fixtures";

const run = promisify(execFile);

let people = 0;
interface Person {
  email: string;
  headers: Record<string, string>;
}

/** A fresh account, signed in by Bearer token (no cookies), from its own client address. */
async function account(request: APIRequestContext, baseURL: string): Promise<Person> {
  people += 1;
  const ip = { "CF-Connecting-IP": `10.212.${test.info().workerIndex % 250}.${people}` };
  const email = uniqueEmail("git");
  expect((await request.post("/api/v1/qstart", { data: { name: "Coder", email, company_size: "2-10" }, headers: { Origin: baseURL, ...ip } })).status()).toBe(200);
  const mails = (await (await request.get(`/api/dev/mails?to=${encodeURIComponent(email)}`)).json()) as { text: string }[];
  const uuid = mails[0]!.text.match(PASSWORD_LINK)![0].split("/").pop();
  const signed = await request.post("/api/v1/respasgen", { data: { uuid, newpass: "first-password-1", repeatnewpass: "first-password-1" }, headers: { Origin: baseURL, ...ip } });
  const { access_token } = (await signed.json()) as { access_token: string };
  return { email, headers: { ...ip, Authorization: `Bearer ${access_token}` } };
}

async function api<T = Record<string, unknown>>(request: APIRequestContext, who: Person, method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string, data?: unknown, status = method === "POST" ? 201 : 200): Promise<T> {
  const res = await request.fetch(`/api${path}`, { method, headers: who.headers, data });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(status);
  return (res.status() === 204 ? {} : await res.json()) as T;
}

/** Runs git without prompts or the machine's configuration; answers its output, or its failure. */
async function git(cwd: string, ...args: string[]): Promise<{ ok: boolean; out: string }> {
  const env = { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null", GIT_AUTHOR_NAME: "Coder", GIT_AUTHOR_EMAIL: "coder@example.com", GIT_COMMITTER_NAME: "Coder", GIT_COMMITTER_EMAIL: "coder@example.com" };
  try {
    const { stdout, stderr } = await run("git", ["-c", "init.defaultBranch=main", "-c", "protocol.version=2", ...args], { cwd, env, timeout: 30_000 });
    return { ok: true, out: stdout + stderr };
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return { ok: false, out: (e.stdout ?? "") + (e.stderr ?? "") };
  }
}

/** The clone URL with a token as the Basic password. */
const withToken = (url: string, token: string) => url.replace("://", `://git:${token}@`);

async function commitFile(dir: string, file: string, text: string, message: string) {
  await writeFile(join(dir, file), text);
  expect((await git(dir, "add", "-A")).ok).toBe(true);
  expect((await git(dir, "commit", "-q", "-m", message)).ok).toBe(true);
}

test("the real git client clones, pushes and fetches, and each role gets what it may", async ({ request, baseURL }) => {
  test.setTimeout(90_000);
  const tmp = await mkdtemp(join(tmpdir(), "git-e2e-"));
  try {
    const owner = await account(request, baseURL!);
    const reader = await account(request, baseURL!);
    const outsider = await account(request, baseURL!);
    const project = await api<{ guid: string }>(request, owner, "POST", "/v1/project", { name: "Code" });
    const repo = await api<{ guid: string; clone_url: string }>(request, owner, "POST", `/v1/project/${project.guid}/git`, { name: "app" });
    const token = (await api<{ token: string }>(request, owner, "POST", "/v1/tokens", { name: "laptop" })).token;
    const url = withToken(repo.clone_url, token);

    // Without credentials git is challenged (401), and with none to give it fails.
    const anonymous = await request.get(`${repo.clone_url}/info/refs?service=git-upload-pack`);
    expect(anonymous.status()).toBe(401);
    expect(anonymous.headers()["www-authenticate"]).toMatch(/^Basic/);

    // Clone of the empty repository, then a first push.
    const a = join(tmp, "a");
    expect((await git(tmp, "clone", url, "a")).out).toContain("empty repository");
    await commitFile(a, "README.md", "# App\n", "First commit");
    await commitFile(a, "main.ts", Array.from({ length: 40 }, (_, i) => `export const v${i} = ${i};`).join("\n") + "\n", "Add main");
    expect((await git(a, "push", "-u", "origin", "main")).ok).toBe(true);

    // A second clone, then a second push from the first and a fetch with haves in the second.
    const b = join(tmp, "b");
    expect((await git(tmp, "clone", url, "b")).ok).toBe(true);
    await commitFile(a, "main.ts", Array.from({ length: 40 }, (_, i) => `export const v${i} = ${i === 20 ? "twenty" : i};`).join("\n") + "\n", "Change one line");
    expect((await git(a, "push")).ok).toBe(true);
    const fetched = await git(b, "fetch", "origin");
    expect(fetched.ok, fetched.out).toBe(true);
    expect((await git(b, "rev-parse", "origin/main")).out.trim()).toBe((await git(a, "rev-parse", "HEAD")).out.trim());
    const log = await api<{ totalCount: number; items: { message: string }[] }>(request, owner, "GET", `/v1/project/${project.guid}/git/${repo.guid}/commits?limit=2`);
    expect(log.totalCount).toBe(3);
    expect(log.items[0]!.message.trim()).toBe("Change one line");

    // A new branch and a tag, then the branch deleted.
    expect((await git(a, "push", "origin", "main:feature")).out).toContain("[new branch]");
    expect((await git(a, "tag", "v1")).ok).toBe(true);
    expect((await git(a, "push", "origin", "v1")).out).toContain("[new tag]");
    expect((await git(b, "ls-remote", "origin")).out).toMatch(/refs\/heads\/feature[\s\S]*refs\/tags\/v1/);
    expect((await git(a, "push", "origin", ":feature")).out).toContain("[deleted]");
    expect((await git(b, "ls-remote", "origin")).out).not.toContain("refs/heads/feature");

    // A diverged history is refused by the server even when forced: git prints its reason.
    await commitFile(b, "other.txt", "diverged\n", "Diverge");
    const forced = await git(b, "push", "--force", "origin", "HEAD:main");
    expect(forced.ok).toBe(false);
    expect(forced.out).toContain("[remote rejected] HEAD -> main (non-fast-forward)");

    // A protected default branch: rewriting or deleting it is refused as such; adding to it is not.
    await api(request, owner, "PATCH", `/v1/project/${project.guid}/git/${repo.guid}`, { protect_default_branch: true });
    expect((await git(b, "push", "--force", "origin", "HEAD:main")).out).toContain("[remote rejected] HEAD -> main (protected branch)");
    expect((await git(a, "push", "origin", ":main")).out).toContain("[remote rejected] main (protected branch)");
    await commitFile(a, "more.txt", "more\n", "More on a protected branch");
    expect((await git(a, "push", "origin", "main")).ok).toBe(true);

    // A read participant clones but may not push.
    const [invite] = await api<{ guid: string }[]>(request, owner, "POST", `/v1/project/${project.guid}/invite`, [{ email: reader.email, value: "viewer" }]);
    await api(request, reader, "PUT", `/v1/project/invited/${invite!.guid}`, { successfully: true });
    const readerToken = (await api<{ token: string }>(request, reader, "POST", "/v1/tokens", { name: "reader" })).token;
    const c = join(tmp, "c");
    expect((await git(tmp, "clone", withToken(repo.clone_url, readerToken), "c")).ok).toBe(true);
    await commitFile(c, "reader.txt", "no\n", "Reader's change");
    const refused = await git(c, "push", "origin", "main");
    expect(refused.ok).toBe(false);
    expect(refused.out).toContain("403");

    // Someone outside the project: not found, the same as a repository that does not exist.
    const outsiderToken = (await api<{ token: string }>(request, outsider, "POST", "/v1/tokens", { name: "outsider" })).token;
    expect((await git(tmp, "clone", withToken(repo.clone_url, outsiderToken), "d")).out).toContain("not found");
    expect((await git(tmp, "clone", withToken(repo.clone_url.replace("/app.git", "/nothing.git"), token), "e")).out).toContain("not found");

    // A revoked token is a dead password: 401.
    const tokens = await api<{ results: { id: string; name: string }[] }>(request, owner, "GET", "/v1/tokens");
    await api(request, owner, "DELETE", `/v1/tokens/${tokens.results.find((t) => t.name === "laptop")!.id}`, undefined, 204);
    const revoked = await git(a, "fetch", "origin");
    expect(revoked.ok).toBe(false);
    expect(revoked.out).toMatch(/Authentication failed|401/);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
});

test("a repository made in the browser shows what the command line pushed: commit, tree, file and diff", async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const me = await person(browser, "Coder");
  const page = me.page;
  const shot = async (name: string) => process.env.GIT_SCREENS && (await page.screenshot({ path: `${process.env.GIT_SCREENS}/${name}.png`, fullPage: true }));
  const projectPath = await createProjectFromList(page, "Code");
  await page.getByRole("link", { name: "Code", exact: true }).click();
  await expect(page.getByTestId("no-repos")).toBeVisible();
  await page.getByTestId("create-repo").getByLabel("Name").fill("site");
  await page.getByTestId("create-repo").getByRole("checkbox").uncheck();
  await shot("code-list");
  await page.getByTestId("create-repo").getByRole("button").click();
  await expect(page.getByTestId("repo-empty")).toBeVisible();
  await shot("repo-empty");
  const cloneUrl = await page.getByTestId("clone-url").inputValue();
  expect(cloneUrl).toBe(`${baseURL}/git${projectPath.replace("/project", "")}/site.git`);

  // A token from the settings page.
  await open(page, "/settings/tokens");
  await page.getByTestId("tokens").getByLabel("Token name").fill("laptop");
  await page.getByTestId("tokens").getByRole("button", { name: "Create token" }).click();
  const token = await page.getByTestId("token-secret").locator("input").inputValue();
  await expect(page.getByTestId("token-row")).toHaveCount(1);
  await shot("tokens");

  const tmp = await mkdtemp(join(tmpdir(), "git-e2e-"));
  const dir = join(tmp, "site");
  try {
    expect((await git(tmp, "clone", withToken(cloneUrl, token), "site")).ok).toBe(true);
    await commitFile(dir, "README.md", "# Site\n\nHello **world**.\n", "Start the site");
    await commitFile(dir, "app.ts", "export function greet(name: string) {\n  return `Hello ${name}`;\n}\n", "Greet people");
    expect((await git(dir, "push", "origin", "main")).ok).toBe(true);

    await page.goBack();
    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId("readme")).toContainText("Hello world.");
    await expect(page.getByTestId("last-commit")).toContainText("Greet people");
    await shot("repo-tree");
    await page.getByTestId("tree-item").filter({ hasText: "app.ts" }).click();
    await expect(page.locator("[data-testid=file-code][data-highlighted=true]")).toContainText("export function greet");
    await shot("file");
    await page.getByTestId("commits-tab").click();
    await expect(page.getByTestId("commit-count")).toHaveText("2 commits");
    await shot("commits");
    await page.getByTestId("commit-row").first().click();
    await expect(page.getByTestId("commit-title")).toHaveText("Greet people");
    await expect(page.getByTestId("diff-file")).toContainText("app.ts");
    await expect(page.locator("[data-testid=diff-file] tr[data-kind=add]")).toHaveCount(3);
    await shot("commit");
    await page.getByRole("button", { name: "Split" }).click();
    await shot("commit-split");

    // The commit list open in the browser shows a new push without a reload.
    await page.goBack();
    await expect(page.getByTestId("commit-count")).toHaveText("2 commits");
    await commitFile(dir, "app.ts", "export function greet(name: string) {\n  return `Hi ${name}`;\n}\n", "Say hi");
    expect((await git(dir, "push", "origin", "main")).ok).toBe(true);
    await expect(page.getByTestId("commit-count")).toHaveText("3 commits");
    await expect(page.getByTestId("commit-row").first()).toContainText("Say hi");
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  await me.context.close();
});
