/** What the repository browser shows: trees, files, and a commit's changes with their diffs. */
import { unifiedDiff } from "../../domain/git/diff";
import type { ChangedFile, CommitRow, FileView, TreeItem } from "../../domain/wire/git";
import { parseHeaders, parseTree } from "./pack";
import type { RepoStore } from "./store";

/** Files larger than this are not sent as text (offered for download instead). */
export const MAX_TEXT_BYTES = 1024 * 1024;
/** A commit page shows at most this many changed files. */
export const MAX_DIFF_FILES = 300;

export type { ChangedFile, FileView, TreeItem };

export const isBinary = (bytes: Uint8Array) => bytes.subarray(0, 8000).includes(0);

async function entries(store: RepoStore, tree: string): Promise<{ path: string; oid: string; type: string }[]> {
  const found = await store.read(tree);
  if (found?.type !== "tree") throw new Error(`missing tree ${tree}`);
  return parseTree(found.object);
}

async function blobOf(store: RepoStore, oid: string): Promise<Uint8Array> {
  const found = await store.read(oid);
  if (found?.type !== "blob") throw new Error(`missing blob ${oid}`);
  return found.object;
}

/** The tree or file at `path` of a commit; null when the path does not exist. */
export async function at(store: RepoStore, commit: string, path: string): Promise<{ kind: "tree"; items: TreeItem[] } | { kind: "file"; file: FileView } | null> {
  const row = store.commitRow(commit);
  const read = row ? null : await store.read(commit);
  const root = row ? row.tree : read?.type === "commit" ? parseHeaders(read.object).tree : undefined;
  if (!root) return null;
  let oid: string = root;
  let type = "tree";
  const parts = path.split("/").filter(Boolean);
  for (const part of parts) {
    if (type !== "tree") return null;
    const found = (await entries(store, oid)).find((e) => e.path === part);
    if (!found) return null;
    oid = found.oid;
    type = found.type;
  }
  const prefix = parts.length ? parts.join("/") + "/" : "";
  if (type === "tree") {
    const items = (await entries(store, oid)).map((e) => ({ name: e.path, path: prefix + e.path, contentType: e.type as TreeItem["contentType"], hexsha: e.oid, content: null }));
    items.sort((a, b) => (a.contentType === "tree") === (b.contentType === "tree") ? a.name.localeCompare(b.name) : a.contentType === "tree" ? -1 : 1);
    return { kind: "tree", items };
  }
  if (type !== "blob") return null;
  const blob = await blobOf(store, oid);
  const binary = isBinary(blob);
  return {
    kind: "file",
    file: { name: parts[parts.length - 1]!, path: parts.join("/"), contentType: "blob", hexsha: oid, size: blob.length, binary, content: !binary && blob.length <= MAX_TEXT_BYTES ? new TextDecoder().decode(blob) : null },
  };
}

/** The raw bytes of a file at a commit, or null. */
export async function rawFile(store: RepoStore, commit: string, path: string): Promise<Uint8Array | null> {
  const found = await at(store, commit, path);
  if (!found || found.kind !== "file") return null;
  return blobOf(store, found.file.hexsha);
}

/** Every file of a tree, path → blob id. */
async function flatten(store: RepoStore, tree: string | null, prefix = "", out = new Map<string, string>()): Promise<Map<string, string>> {
  if (!tree) return out;
  for (const e of await entries(store, tree)) {
    if (e.type === "tree") await flatten(store, e.oid, `${prefix}${e.path}/`, out);
    else if (e.type === "blob") out.set(prefix + e.path, e.oid);
  }
  return out;
}

/** A commit with the files it changed against its first parent, and their diffs. */
export async function commitChanges(store: RepoStore, row: CommitRow): Promise<{ commit: CommitRow; files: ChangedFile[]; truncated: boolean }> {
  const parent = row.parents[0] ? store.commitRow(row.parents[0]) : null;
  const before = await flatten(store, parent?.tree ?? null);
  const after = await flatten(store, row.tree);
  const paths = [...new Set([...before.keys(), ...after.keys()])].filter((p) => before.get(p) !== after.get(p)).sort();
  const files: ChangedFile[] = [];
  const text = async (oid: string | undefined) => (oid ? await blobOf(store, oid) : new Uint8Array());
  for (const path of paths.slice(0, MAX_DIFF_FILES)) {
    const a = await text(before.get(path));
    const b = await text(after.get(path));
    const status = !before.has(path) ? "added" : !after.has(path) ? "deleted" : "modified";
    const binary = isBinary(a) || isBinary(b);
    const diff = binary || a.length > MAX_TEXT_BYTES || b.length > MAX_TEXT_BYTES ? null : unifiedDiff(new TextDecoder().decode(a), new TextDecoder().decode(b));
    files.push({ path, status, binary, additions: diff?.additions ?? 0, deletions: diff?.deletions ?? 0, patch: diff?.patch ?? null });
  }
  return { commit: row, files, truncated: paths.length > MAX_DIFF_FILES };
}
