/**
 * A smart-HTTP git client over `fetch` (protocol v0, gitprotocol-http): reads a remote's refs,
 * then asks for all of them at once (no haves) and takes the pack from side-band-64k. Every
 * answer is read under a byte cap. The caller has checked the URL (domain/git/import-url.ts).
 * Credentials for a private repository go into the two requests' `Authorization` header and
 * nowhere else: never stored, logged or answered.
 */
import { type ImportPhase, remoteProgress } from "../../domain/git/import-progress";
import { FLUSH, ZERO_OID, concat, isOid, pktLine, splitCapabilities } from "../../domain/git/pkt-line";

export type ImportFailure = "git_import_unreachable" | "git_import_not_git" | "git_import_private_repo" | "git_import_credentials_refused" | "git_import_too_large";
export type Fetched = { ok: true; refs: { ref: string; oid: string }[]; head: string | null; pack: Uint8Array | null } | { ok: false; reason: ImportFailure };

const TIMEOUT_MS = 30_000;
const AGENT = "agent=planning-workspace";
const decoder = new TextDecoder();

/** A stream's bytes, or null once they pass `max` (pushes received and packs fetched alike). */
export async function readCapped(stream: ReadableStream<Uint8Array> | null, max: number): Promise<Uint8Array | null> {
  if (!stream) return new Uint8Array();
  const parts: Uint8Array[] = [];
  let size = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    parts.push(value);
  }
  return concat(parts);
}

/** Splits pkt-lines; null when the bytes are not pkt-lines. `0000` is an empty array. */
function packets(buf: Uint8Array): Uint8Array[] | null {
  const out: Uint8Array[] = [];
  let at = 0;
  while (at + 4 <= buf.length) {
    const head = decoder.decode(buf.subarray(at, at + 4));
    if (!/^[0-9a-f]{4}$/i.test(head)) return null;
    const len = parseInt(head, 16);
    if (len === 0) {
      out.push(new Uint8Array());
      at += 4;
      continue;
    }
    if (len < 4 || at + len > buf.length) return null;
    out.push(buf.subarray(at + 4, at + len));
    at += len;
  }
  return at === buf.length ? out : null;
}

async function get(url: string, init?: RequestInit): Promise<Response | null> {
  try {
    return await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    return null;
  }
}

/** HTTP Basic credentials for a private repository (a user name and a token or password). */
export interface RemoteAuth {
  username: string;
  token: string;
}

/** Reports of how far a fetch got: a phase and the fraction of it done. */
export type OnProgress = (phase: ImportPhase, fraction: number) => void;

/** Splits side-band frames as they arrive, under a byte cap on the whole answer. */
async function readSideband(
  stream: ReadableStream<Uint8Array> | null,
  max: number,
  onProgress: OnProgress,
): Promise<{ ok: true; pack: Uint8Array } | { ok: false; reason: ImportFailure }> {
  if (!stream) return { ok: false, reason: "git_import_not_git" };
  const reader = stream.getReader();
  const data: Uint8Array[] = [];
  let pending: Uint8Array = new Uint8Array();
  let size = 0;
  let receiving = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel();
      return { ok: false, reason: "git_import_too_large" };
    }
    pending = pending.length ? concat([pending, value]) : value;
    let at = 0;
    while (at + 4 <= pending.length) {
      const head = decoder.decode(pending.subarray(at, at + 4));
      if (!/^[0-9a-f]{4}$/i.test(head)) return { ok: false, reason: "git_import_not_git" };
      const len = parseInt(head, 16);
      if (len === 0) {
        at += 4;
        continue;
      }
      if (len < 4) return { ok: false, reason: "git_import_not_git" };
      if (at + len > pending.length) break;
      const frame = pending.subarray(at + 4, at + len);
      at += len;
      const word = decoder.decode(frame.subarray(0, 3));
      if (word === "NAK" || word === "ACK") continue;
      if (frame[0] === 1) {
        data.push(frame.slice(1));
        if (!receiving) (receiving = true), onProgress("receiving", 0);
      } else if (frame[0] === 2) {
        const report = remoteProgress(decoder.decode(frame.subarray(1)));
        if (report) onProgress(report.phase, report.fraction);
      } else if (frame[0] === 3) return { ok: false, reason: "git_import_unreachable" };
    }
    pending = pending.slice(at);
  }
  if (pending.length) return { ok: false, reason: "git_import_not_git" };
  onProgress("receiving", 1);
  return { ok: true, pack: concat(data) };
}

/**
 * Fetches every branch and tag of the repository at `base` (`…/name.git`), its pack at most
 * `maxBytes`, with `auth` when the repository is private.
 */
export async function fetchRemote(base: string, maxBytes: number, auth: RemoteAuth | null = null, onProgress: OnProgress = () => undefined): Promise<Fetched> {
  const authorization: Record<string, string> = auth ? { Authorization: `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(`${auth.username}:${auth.token}`)))}` } : {};
  onProgress("connecting", 0);
  const adv = await get(`${base}/info/refs?service=git-upload-pack`, { headers: { "Git-Protocol": "version=0", "User-Agent": "git/2.39 planning-workspace", ...authorization } });
  if (!adv) return { ok: false, reason: "git_import_unreachable" };
  if (adv.status === 401 || adv.status === 403) return { ok: false, reason: auth ? "git_import_credentials_refused" : "git_import_private_repo" };
  if (adv.status !== 200 || adv.headers.get("Content-Type") !== "application/x-git-upload-pack-advertisement") return { ok: false, reason: adv.status >= 500 ? "git_import_unreachable" : "git_import_not_git" };
  const body = await readCapped(adv.body, 8 * 1024 * 1024);
  const lines = body && packets(body);
  if (!lines || lines.length < 2 || decoder.decode(lines[0]) !== "# service=git-upload-pack\n") return { ok: false, reason: "git_import_not_git" };
  const refs: { ref: string; oid: string }[] = [];
  let head: string | null = null;
  for (const line of lines.slice(2)) {
    if (line.length === 0) continue;
    const { text, capabilities } = splitCapabilities(decoder.decode(line).replace(/\n$/, ""));
    const symref = capabilities.find((c) => c.startsWith("symref=HEAD:refs/heads/"));
    if (symref) head = symref.slice("symref=HEAD:refs/heads/".length);
    const [oid, ref] = text.split(" ");
    if (!oid || !ref || !isOid(oid) || oid === ZERO_OID || ref.endsWith("^{}")) continue;
    if (ref.startsWith("refs/heads/") || ref.startsWith("refs/tags/")) refs.push({ ref, oid });
  }
  if (refs.length === 0) return { ok: true, refs, head, pack: null };
  const wants = [...new Set(refs.map((r) => r.oid))];
  const request = concat([...wants.map((oid, i) => pktLine(`want ${oid}${i === 0 ? ` side-band-64k ofs-delta ${AGENT}` : ""}\n`)), FLUSH, pktLine("done\n")]);
  onProgress("connecting", 1);
  const res = await get(`${base}/git-upload-pack`, {
    method: "POST",
    headers: { "Content-Type": "application/x-git-upload-pack-request", Accept: "application/x-git-upload-pack-result", ...authorization },
    body: request as Uint8Array<ArrayBuffer>,
  });
  if (!res) return { ok: false, reason: "git_import_unreachable" };
  if (res.status !== 200) return { ok: false, reason: "git_import_not_git" };
  // The pack plus framing: five bytes per 64 KiB packet, the NAK and the remote's progress lines.
  const answer = await readSideband(res.body, maxBytes + Math.ceil(maxBytes / 65515) * 5 + 64 * 1024, onProgress);
  if (!answer.ok) return answer;
  const { pack } = answer;
  if (pack.length > maxBytes) return { ok: false, reason: "git_import_too_large" };
  if (decoder.decode(pack.subarray(0, 4)) !== "PACK") return { ok: false, reason: "git_import_not_git" };
  return { ok: true, refs, head, pack };
}
