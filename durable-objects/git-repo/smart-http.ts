/**
 * git's smart HTTP protocol, versions 0 and 1 (gitprotocol-http, gitprotocol-pack), served from
 * a `RepoStore`: the ref advertisement, `git-upload-pack` (negotiation with multi_ack_detailed,
 * then a pack over side-band-64k) and `git-receive-pack` (ref commands, then a pack that is
 * indexed and exploded into loose objects, then compare-and-swap on each ref). git clients that
 * ask for protocol v2 fall back to v0 because v2 is never advertised.
 */
import git from "isomorphic-git";
import { type BranchGuard, PROTECTED_REASON } from "../../domain/git/limits";
import { MENTION_SCAN_CAP } from "../../domain/git/mentions";
import { isBranchName } from "../../domain/git/schemas";
import {
  FLUSH,
  type RefCommand,
  SIDEBAND_CHUNK,
  ZERO_OID,
  concat,
  parseReceiveRequest,
  parseUploadRequest,
  pktLine,
  sideband,
} from "../../domain/git/pkt-line";
import { inflate } from "./objects";
import { PackWriter, parseHeaders, readPack, treeLinks } from "./pack";
import { GITDIR, type RepoStore } from "./store";

export type Service = "git-upload-pack" | "git-receive-pack";
const AGENT = "agent=planning-workspace";

function gitResponse(body: Uint8Array, type: string, status = 200): Response {
  return new Response(body as Uint8Array<ArrayBuffer>, { status, headers: { "Content-Type": type, "Cache-Control": "no-cache" } });
}

/** `GET info/refs?service=…`: the refs with our capabilities on the first line. */
export async function advertise(store: RepoStore, service: Service): Promise<Response> {
  const heads = await store.refs("heads");
  const tags = await store.refs("tags");
  const refs: [string, string][] = [];
  const head = await store.headBranch();
  const headOid = head ? heads.find((h) => h.name === head)?.hexsha : undefined;
  const caps =
    service === "git-upload-pack"
      ? ["multi_ack_detailed", "side-band-64k", "ofs-delta", "no-progress", ...(headOid ? [`symref=HEAD:refs/heads/${head}`] : []), AGENT]
      : ["report-status", "delete-refs", "no-thin", "ofs-delta", AGENT];
  if (service === "git-upload-pack" && headOid) refs.push([headOid, "HEAD"]);
  for (const h of heads) refs.push([h.hexsha, `refs/heads/${h.name}`]);
  for (const t of tags) refs.push([t.hexsha, `refs/tags/${t.name}`]);
  const lines = [pktLine(`# service=${service}\n`), FLUSH];
  if (refs.length === 0) lines.push(pktLine(`${ZERO_OID} capabilities^{}\0${caps.join(" ")}\n`));
  refs.forEach(([oid, name], i) => lines.push(pktLine(i === 0 ? `${oid} ${name}\0${caps.join(" ")}\n` : `${oid} ${name}\n`)));
  lines.push(FLUSH);
  return gitResponse(concat(lines), `application/x-${service}-advertisement`);
}

/**
 * Trees and blobs under `roots`, breadth first, reading each level a hundred trees a statement;
 * `skip` holds what is not wanted (and collects what was visited).
 */
function walkTrees(store: RepoStore, roots: string[], skip: Set<string>, out: string[]): void {
  let level = roots.filter((oid) => !skip.has(oid));
  while (level.length) {
    for (const oid of level) skip.add(oid);
    out.push(...level);
    const stored = store.objects.storedMany(level);
    const trees: string[] = [];
    const blobs: string[] = [];
    for (const oid of level) {
      const found = stored.get(oid);
      if (found?.type === "tree") treeLinks(inflate(found.z), trees, blobs);
    }
    for (const blob of blobs) if (!skip.has(blob)) (skip.add(blob), out.push(blob));
    level = [...new Set(trees)].filter((oid) => !skip.has(oid));
  }
}

/**
 * The objects a client needs for `wants` when it already holds `haves` (a superset is fine):
 * commits from the commit index, then their trees and blobs level by level.
 */
async function objectsFor(store: RepoStore, wants: string[], haves: string[]): Promise<string[]> {
  const out: string[] = [];
  const tips: string[] = [];
  const seen = new Set<string>();
  for (let oid of wants) {
    // Annotated tags: send the tag objects and what they point at.
    for (let hops = 0; hops < 10; hops++) {
      const found = await store.read(oid);
      if (found?.type !== "tag") break;
      if (!seen.has(oid)) (seen.add(oid), out.push(oid));
      oid = parseHeaders(found.object).object ?? oid;
    }
    const type = await store.typeOf(oid);
    if (type === "commit") tips.push(oid);
    else if (type === "tree") walkTrees(store, [oid], seen, out);
    else if (type === "blob" && !seen.has(oid)) (seen.add(oid), out.push(oid));
  }
  await store.indexCommits(tips);
  const held = store.reachable(haves);
  // What the client's own tips hold need not be sent again.
  const skip = new Set<string>(seen);
  walkTrees(store, haves.map((h) => store.commitRow(h)?.tree).filter((t): t is string => !!t), skip, []);
  const commits = [...store.reachable(tips)].filter((oid) => !held.has(oid));
  out.push(...commits);
  walkTrees(store, store.treesOf(commits), skip, out);
  return out;
}

/** `POST git-upload-pack`: one negotiation round, or the pack once the client is done. */
export async function uploadPack(store: RepoStore, body: Uint8Array): Promise<Response> {
  const req = parseUploadRequest(body);
  const type = "application/x-git-upload-pack-result";
  const lines: Uint8Array[] = [];
  const common: string[] = [];
  for (const have of req.haves) {
    if ((await store.typeOf(have)) !== "commit") continue;
    common.push(have);
    lines.push(pktLine(`ACK ${have} common\n`));
  }
  if (!req.done) {
    lines.push(pktLine("NAK\n"));
    return gitResponse(concat(lines), type);
  }
  lines.push(pktLine(common.length ? `ACK ${common[common.length - 1]}\n` : "NAK\n"));
  for (const want of req.wants) if (!(await store.typeOf(want))) return gitResponse(concat([pktLine(`ERR upload-pack: not our ref ${want}\n`)]), type);
  const oids = await objectsFor(store, req.wants, common);
  const sideband64 = req.capabilities.includes("side-band-64k");
  const framed = sideband64 || req.capabilities.includes("side-band");
  return new Response(packStream(store, oids, concat(lines), framed ? (sideband64 ? SIDEBAND_CHUNK : 999) : 0), { headers: { "Content-Type": type, "Cache-Control": "no-cache" } });
}

/** Bytes of pack gathered before a chunk goes out. */
const PACK_BATCH = 256 * 1024;

/**
 * The negotiation's last lines, then a pack of `oids` streamed from the stored zlib streams
 * (nothing is inflated or deflated), in side-band frames of `frame` bytes when `frame` > 0.
 */
function packStream(store: RepoStore, oids: string[], lead: Uint8Array, frame: number): ReadableStream<Uint8Array> {
  const writer = new PackWriter(oids.length);
  let next = 0;
  let started = false;
  const out = (bytes: Uint8Array): Uint8Array => {
    if (!frame) return bytes;
    const parts: Uint8Array[] = [];
    for (let at = 0; at < bytes.length; at += frame) parts.push(sideband(1, bytes.subarray(at, at + frame)));
    return concat(parts);
  };
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const parts: Uint8Array[] = [];
      let size = 0;
      if (!started) {
        started = true;
        controller.enqueue(lead);
        parts.push(writer.header());
      }
      while (next < oids.length && size < PACK_BATCH) {
        const batch = oids.slice(next, next + 100);
        next += batch.length;
        const stored = store.objects.storedMany(batch);
        for (const oid of batch) {
          const found = stored.get(oid);
          if (!found) {
            controller.error(new Error(`missing object ${oid}`));
            return;
          }
          const entry = writer.entry(found.type, found.size, found.z);
          parts.push(entry);
          size += entry.length;
        }
      }
      if (next >= oids.length) parts.push(writer.trailer());
      if (parts.length) controller.enqueue(out(concat(parts)));
      if (next >= oids.length) {
        if (frame) controller.enqueue(FLUSH);
        controller.close();
      }
    },
  });
}

/** What a push did, for the Worker to record in D1. */
export interface PushOutcome {
  updated: number;
}

/**
 * Receives a pack: every object it carries becomes a row, whole objects with the zlib stream the
 * client sent, deltas resolved (against the pack or the repository) and compressed once.
 */
export async function unpack(store: RepoStore, pack: Uint8Array, onProgress?: (read: number, count: number) => void): Promise<void> {
  const objects = await readPack(pack, (oid) => store.objects.read(oid), onProgress);
  for (const { type, content, z } of objects) store.objects.write(type, content, z);
  store.fresh();
}

/** Why a ref update is refused, in the words `git push` prints after `[remote rejected]`. */
async function check(store: RepoStore, cmd: RefCommand, head: string | null, guard: BranchGuard): Promise<string | null> {
  const branch = cmd.ref.startsWith("refs/heads/") ? cmd.ref.slice(11) : null;
  const tag = cmd.ref.startsWith("refs/tags/") ? cmd.ref.slice(10) : null;
  if (!(branch && isBranchName(branch)) && !(tag && isBranchName(tag))) return "funny refname";
  const current = (await store.resolve(cmd.ref)) ?? ZERO_OID;
  if (current !== cmd.old) return "failed to update ref (stale info)";
  const guarded = branch !== null && branch === head && guard !== "open";
  if (guarded && guard === "locked") return PROTECTED_REASON.locked;
  if (guarded && cmd.new === ZERO_OID) return PROTECTED_REASON.history;
  if (guarded && cmd.old !== ZERO_OID && (await store.typeOf(cmd.new)) === "commit" && !store.isAncestor(cmd.old, cmd.new)) return PROTECTED_REASON.history;
  if (cmd.new === ZERO_OID) return branch && branch === head ? "deletion of the current branch prohibited" : null;
  const type = await store.typeOf(cmd.new);
  if (!type) return "missing necessary objects";
  if (branch && type !== "commit") return "branch must point at a commit";
  if (branch && cmd.old !== ZERO_OID && !store.isAncestor(cmd.old, cmd.new)) return "non-fast-forward";
  return null;
}

/**
 * `POST git-receive-pack`. `maxBytes` caps the repository's size: a push that would pass it is
 * refused whole, with a message git prints as `remote unpack failed`. `guard` protects the
 * default branch. Branches that moved have their new commits read for task names (at most
 * `MENTION_SCAN_CAP` commits per push); `mentions` says how many wait in the outbox.
 */
export async function receivePack(store: RepoStore, body: Uint8Array, maxBytes: number, guard: BranchGuard = "open"): Promise<{ response: Response; updated: number; mentions: number }> {
  const { commands, packAt } = parseReceiveRequest(body);
  const pack = body.subarray(packAt);
  let unpackError: string | null = null;
  if (pack.length > 0) {
    if (store.size() + pack.length > maxBytes) unpackError = `repository size limit of ${maxBytes >= 1048576 ? `${Math.round(maxBytes / 1048576)} MiB` : `${Math.ceil(maxBytes / 1024)} KiB`} exceeded`;
    else
      try {
        await unpack(store, pack);
      } catch (err) {
        unpackError = `index-pack failed: ${err instanceof Error ? err.message.slice(0, 200) : "bad pack"}`;
      }
  }
  const head = await store.headBranch();
  const report = [pktLine(unpackError ? `unpack ${unpackError}\n` : "unpack ok\n")];
  let updated = 0;
  let budget = MENTION_SCAN_CAP;
  for (const cmd of commands) {
    let reason: string | null = unpackError ? "unpacker error" : null;
    if (!reason && cmd.new !== ZERO_OID && (await store.typeOf(cmd.new)) === "commit") await store.indexCommits([cmd.new]);
    reason ??= await check(store, cmd, head, guard);
    if (!reason) {
      if (cmd.new === ZERO_OID) await git.deleteRef({ fs: store.fs, gitdir: GITDIR, ref: cmd.ref });
      else {
        await git.writeRef({ fs: store.fs, gitdir: GITDIR, ref: cmd.ref, value: cmd.new, force: true });
        if (cmd.ref.startsWith("refs/heads/")) budget -= store.scanForMentions(cmd.new, budget);
      }
      updated++;
    }
    report.push(pktLine(reason ? `ng ${cmd.ref} ${reason}\n` : `ok ${cmd.ref}\n`));
  }
  report.push(FLUSH);
  return { response: gitResponse(concat(report), "application/x-git-receive-pack-result"), updated, mentions: store.mentionCount() };
}
