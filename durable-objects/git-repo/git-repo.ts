/**
 * `GitRepo`, one per git repository (named by the repository's guid): its objects, refs and
 * commit index live in this object's SQLite; its single thread makes every push's ref
 * compare-and-swap atomic. The Worker has already authenticated and authorised the caller:
 * `fetch` serves smart HTTP, the RPC methods serve the REST API and the pages.
 */
import { DurableObject } from "cloudflare:workers";
import git from "isomorphic-git";
import { GIT_HEADERS, REPO_SIZE_CAP, branchGuard, repoCap } from "../../domain/git/limits";
import { concat } from "../../domain/git/pkt-line";
import { isBranchName } from "../../domain/git/schemas";
import type { Env } from "../../workers/env";
import type { MentioningCommit, RepoSummary } from "../../domain/wire/git";
import type { GitRepoRpc } from "../stubs";
import { at, commitChanges, rawFile } from "./browse";
import { importPercent, type ImportPhase } from "../../domain/git/import-progress";
import { fetchRemote, type ImportFailure, type RemoteAuth, readCapped } from "./import";
import { advertise, receivePack, type Service, unpack, uploadPack } from "./smart-http";
import { GITDIR, RepoStore } from "./store";

const SERVICES = new Set<Service>(["git-upload-pack", "git-receive-pack"]);

async function readBody(request: Request, max: number): Promise<Uint8Array | null> {
  let stream = request.body;
  if (stream && request.headers.get("Content-Encoding") === "gzip") stream = stream.pipeThrough(new DecompressionStream("gzip"));
  return readCapped(stream, max);
}

export class GitRepo extends DurableObject<Env> implements GitRepoRpc {
  private readonly store: RepoStore;
  /** How far a running import got, in percent; memory only (a restarted import starts over). */
  private importing: number | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new RepoStore(ctx.storage.sql);
    // A repository from before the object table: its objects move before any request is served
    // (requests wait), a batch per transaction; a wake cut short leaves the rest for the next.
    if (this.store.legacy.pending()) void ctx.blockConcurrencyWhile(() => this.store.legacy.moveAll((fn) => ctx.storage.transactionSync(fn)));
  }

  /** Smart HTTP: `/info/refs?service=…`, `/git-upload-pack`, `/git-receive-pack`. */
  override async fetch(request: Request): Promise<Response> {
    this.store.fresh();
    if (!(await this.store.initialised())) return new Response("repository not found\n", { status: 404 });
    const url = new URL(request.url);
    if (url.pathname.endsWith("/info/refs")) {
      const service = url.searchParams.get("service") as Service;
      if (!SERVICES.has(service)) return new Response("dumb HTTP is not served; use git 1.6.6 or newer\n", { status: 403 });
      return advertise(this.store, service);
    }
    const service = url.pathname.slice(url.pathname.lastIndexOf("/") + 1) as Service;
    if (request.method !== "POST" || !SERVICES.has(service)) return new Response("not found\n", { status: 404 });
    const cap = repoCap(this.env.GIT_REPO_MAX_BYTES, request.headers.get(GIT_HEADERS.cap));
    const body = await readBody(request, Math.min(cap, REPO_SIZE_CAP) + 1024 * 1024);
    if (!body) return new Response(`push too large: a push may carry at most ${Math.round(Math.min(cap, REPO_SIZE_CAP) / 1048576)} MiB\n`, { status: 413 });
    try {
      if (service === "git-upload-pack") return await uploadPack(this.store, body);
      const { response, updated, mentions } = await receivePack(this.store, body, cap, branchGuard(request.headers.get(GIT_HEADERS.protect)));
      if (updated > 0) {
        const summary = await this.facts();
        response.headers.set(GIT_HEADERS.size, String(summary.size));
        response.headers.set(GIT_HEADERS.head, summary.head ?? "");
      }
      if (mentions > 0) response.headers.set(GIT_HEADERS.mentions, String(mentions));
      return response;
    } catch (err) {
      if (err instanceof SyntaxError) return new Response(`bad request: ${err.message}\n`, { status: 400 });
      throw err;
    }
  }

  private async facts(): Promise<{ size: number; head: string | null }> {
    const branch = await this.store.headBranch();
    return { size: this.store.size(), head: branch ? await this.store.resolve(`refs/heads/${branch}`) : null };
  }

  /** Creates the repository (idempotent), with a first commit holding a README if asked. */
  async create(input: { defaultBranch: string; readme: { title: string; author: { name: string; email: string } } | null }): Promise<{ size: number; head: string | null }> {
    this.store.fresh();
    if (await this.store.initialised()) return this.facts();
    await this.store.init(input.defaultBranch);
    if (input.readme) {
      const objects = this.store.objects;
      const encoder = new TextEncoder();
      const blob = objects.write("blob", encoder.encode(`# ${input.readme.title}\n`));
      const tree = objects.write("tree", concat([encoder.encode("100644 README.md\0"), Uint8Array.from(blob.match(/../g)!, (h) => parseInt(h, 16))]));
      const who = `${input.readme.author.name.replace(/[<>\n]/g, "")} <${input.readme.author.email.replace(/[<>\n]/g, "")}> ${Math.floor(Date.now() / 1000)} +0000`;
      const commit = objects.write("commit", encoder.encode(`tree ${tree}\nauthor ${who}\ncommitter ${who}\n\nInitial commit\n`));
      await git.writeRef({ fs: this.store.fs, gitdir: GITDIR, ref: `refs/heads/${input.defaultBranch}`, value: commit });
      await this.store.indexCommits([commit]);
      this.store.markScanned();
    }
    return this.facts();
  }

  /**
   * Fills a new repository with every branch and tag of the repository at `url` (checked by the
   * Worker), its pack at most `maxBytes`. On failure nothing is kept. Imported history names no
   * tasks here: it counts as read for mentions.
   */
  async importFrom(input: { url: string; maxBytes: number; fallbackBranch: string; auth?: RemoteAuth | null }): Promise<({ ok: true } & { size: number; head: string | null }) | { ok: false; reason: ImportFailure }> {
    this.store.fresh();
    if (await this.store.initialised()) return { ok: false, reason: "git_import_not_git" };
    const report = (phase: ImportPhase, fraction: number) => {
      this.importing = Math.max(this.importing ?? 0, importPercent(phase, fraction));
    };
    this.importing = 0;
    try {
      return await this.runImport(input, report);
    } finally {
      this.importing = null;
    }
  }

  /** The percentage a running import has reached, or null when none runs. */
  async importProgress(): Promise<number | null> {
    return this.importing;
  }

  private async runImport(
    input: { url: string; maxBytes: number; fallbackBranch: string; auth?: RemoteAuth | null },
    report: (phase: ImportPhase, fraction: number) => void,
  ): Promise<({ ok: true } & { size: number; head: string | null }) | { ok: false; reason: ImportFailure }> {
    const fetched = await fetchRemote(input.url, Math.min(input.maxBytes, REPO_SIZE_CAP), input.auth ?? null, report);
    if (!fetched.ok) return fetched;
    const refs = fetched.refs.filter((r) => isBranchName(r.ref.replace(/^refs\/(heads|tags)\//, "")));
    const branches = refs.filter((r) => r.ref.startsWith("refs/heads/")).map((r) => r.ref.slice(11));
    const head = fetched.head && branches.includes(fetched.head) ? fetched.head : (branches[0] ?? input.fallbackBranch);
    try {
      await this.store.init(head);
      if (fetched.pack) await unpack(this.store, fetched.pack, (read, count) => report("unpacking", read / count));
      for (const r of refs) if (await this.store.typeOf(r.oid)) await git.writeRef({ fs: this.store.fs, gitdir: GITDIR, ref: r.ref, value: r.oid, force: true });
      const tips: string[] = [];
      for (const r of refs) {
        const commit = await this.store.commitOf(r.ref);
        if (commit) tips.push(commit);
      }
      await this.store.indexCommits(tips);
      this.store.markScanned();
    } catch {
      this.store.wipe();
      return { ok: false, reason: "git_import_not_git" };
    }
    return { ok: true, ...(await this.facts()) };
  }

  /** Pushed commits that name tasks, oldest first, until `ackMentions` takes them out. */
  async pendingMentions(limit: number): Promise<MentioningCommit[]> {
    return this.store.pendingMentions(limit);
  }

  async ackMentions(hexshas: string[]): Promise<void> {
    this.store.ackMentions(hexshas);
  }

  async summary(): Promise<RepoSummary | null> {
    this.store.fresh();
    if (!(await this.store.initialised())) return null;
    const branch = await this.store.headBranch();
    const heads = await this.store.refs("heads");
    const tags = await this.store.refs("tags");
    const tip = heads.find((h) => h.name === branch)?.hexsha ?? null;
    const lastCommit = tip ? this.store.commitRow(tip) : null;
    const root = tip ? await at(this.store, tip, "") : null;
    const items = root?.kind === "tree" ? root.items : [];
    const readmeItem = items.find((i) => i.contentType === "blob" && /^readme(\.md|\.markdown|\.txt)?$/i.test(i.name));
    const readme = readmeItem && tip ? await at(this.store, tip, readmeItem.path) : null;
    return {
      default_branch: branch,
      heads,
      tags,
      last_commit: lastCommit,
      tree: { items },
      readme: readme?.kind === "file" && readme.file.content !== null ? { path: readme.file.path, content: readme.file.content } : null,
      size: this.store.size(),
    };
  }

  async log(ref: string, limit: number, offset: number) {
    this.store.fresh();
    const tip = await this.store.commitOf(ref);
    if (!tip) return null;
    return this.store.log(tip, limit, offset);
  }

  async commit(hexsha: string) {
    this.store.fresh();
    const row = this.store.commitRow(hexsha);
    return row ? commitChanges(this.store, row) : null;
  }

  async tree(ref: string, path: string) {
    this.store.fresh();
    const tip = await this.store.commitOf(ref);
    if (!tip) return null;
    const found = await at(this.store, tip, path);
    return found ? { ref, hexsha: tip, ...found } : null;
  }

  async raw(ref: string, path: string): Promise<Uint8Array | null> {
    this.store.fresh();
    const tip = await this.store.commitOf(ref);
    return tip ? rawFile(this.store, tip, path) : null;
  }

  /** Points HEAD at another existing branch. */
  async setDefaultBranch(branch: string): Promise<boolean> {
    if (!(await this.store.resolve(`refs/heads/${branch}`)) && (await this.store.refs("heads")).length > 0) return false;
    await this.store.setHeadBranch(branch);
    return true;
  }

  /** Deletes everything the repository holds. */
  async destroy(): Promise<void> {
    this.store.wipe();
  }
}
