/**
 * git's object and pack formats: parsing trees, commits and tags; writing a pack (version 2, no
 * deltas) piece by piece from stored zlib streams; reading a received pack with its deltas.
 */
import { createHash } from "node:crypto";
import { inflateSync } from "node:zlib";
import { concat } from "../../domain/git/pkt-line";
import { deflate, objectId, type ObjectType } from "./objects";

const TYPE_CODE: Record<string, number> = { commit: 1, tree: 2, blob: 3, tag: 4 };
const decoder = new TextDecoder();
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));
export const hex = (bytes: Uint8Array) => {
  let out = "";
  for (let i = 0; i < bytes.length; i++) out += HEX[bytes[i]!];
  return out;
};

export interface TreeEntry {
  mode: string;
  path: string;
  oid: string;
  type: "tree" | "blob" | "commit";
}

/** A tree object's entries: `<mode> <name>\0<20-byte id>` each. */
export function parseTree(bytes: Uint8Array): TreeEntry[] {
  const out: TreeEntry[] = [];
  let at = 0;
  while (at < bytes.length) {
    const space = bytes.indexOf(0x20, at);
    const nul = bytes.indexOf(0, space);
    if (space < 0 || nul < 0 || nul + 21 > bytes.length) throw new Error("corrupt tree");
    const mode = decoder.decode(bytes.subarray(at, space));
    out.push({ mode, path: decoder.decode(bytes.subarray(space + 1, nul)), oid: hex(bytes.subarray(nul + 1, nul + 21)), type: mode === "40000" ? "tree" : mode === "160000" ? "commit" : "blob" });
    at = nul + 21;
  }
  return out;
}

/** A tree's subtrees and blobs (names not decoded, gitlinks left out): what a clone walks. */
export function treeLinks(bytes: Uint8Array, trees: string[], blobs: string[]): void {
  let at = 0;
  while (at < bytes.length) {
    const nul = bytes.indexOf(0, at);
    if (nul < 0 || nul + 21 > bytes.length) throw new Error("corrupt tree");
    const oid = hex(bytes.subarray(nul + 1, nul + 21));
    // "40000 " is a tree, "160000 " a gitlink (another repository's commit), the rest blobs.
    if (bytes[at] === 0x34 && bytes[at + 5] === 0x20) trees.push(oid);
    else if (!(bytes[at] === 0x31 && bytes[at + 1] === 0x36)) blobs.push(oid);
    at = nul + 21;
  }
}

/** The header fields of a commit or tag: `tree`, `parent`s, `object`. */
export function parseHeaders(bytes: Uint8Array): { tree?: string; parents: string[]; object?: string } {
  const text = decoder.decode(bytes);
  const head = text.slice(0, text.indexOf("\n\n") >= 0 ? text.indexOf("\n\n") : text.length);
  const out: { tree?: string; parents: string[]; object?: string } = { parents: [] };
  for (const line of head.split("\n")) {
    const [key, value] = [line.slice(0, line.indexOf(" ")), line.slice(line.indexOf(" ") + 1)];
    if (key === "tree") out.tree = value;
    else if (key === "parent") out.parents.push(value);
    else if (key === "object") out.object = value;
  }
  return out;
}

/** A commit's fields as the commit index keeps them (isomorphic-git's reading, without it). */
export function parseCommit(bytes: Uint8Array): { tree: string; parents: string[]; author: Person; committer: Person; message: string } {
  const text = decoder.decode(bytes);
  const split = text.indexOf("\n\n");
  const lines: string[] = [];
  for (const line of (split >= 0 ? text.slice(0, split) : text).split("\n")) {
    if (line.startsWith(" ") && lines.length) lines[lines.length - 1] += `\n${line.slice(1)}`;
    else lines.push(line);
  }
  const value = (key: string) => lines.find((l) => l.startsWith(`${key} `))?.slice(key.length + 1);
  const { tree, parents } = parseHeaders(bytes);
  if (!tree) throw new Error("corrupt commit");
  const message = split >= 0 ? text.slice(split + 2).replace(/\r/g, "").replace(/^\n+/, "").replace(/\n+$/, "") + "\n" : "\n";
  return { tree, parents, author: person(value("author")), committer: person(value("committer") ?? value("author")), message };
}

export interface Person {
  name: string;
  email: string;
  timestamp: number;
}

function person(line: string | undefined): Person {
  const m = line?.match(/^(.*) <(.*)> (\d+) [+-]\d{4}$/);
  return m ? { name: m[1]!, email: m[2]!, timestamp: Number(m[3]) } : { name: line ?? "", email: "", timestamp: 0 };
}

const TYPE_NAME: ObjectType[] = ["blob", "commit", "tree", "blob", "tag"];

/** The first byte(s) of a pack entry: 3 bits of type and 4 of size, then 7 bits a byte. */
export function entryHeader(type: ObjectType, size: number): Uint8Array {
  const head = [((TYPE_CODE[type] ?? 3) << 4) | (size & 0x0f)];
  size = Math.floor(size / 16);
  while (size > 0) {
    head[head.length - 1]! |= 0x80;
    head.push(size & 0x7f);
    size = Math.floor(size / 128);
  }
  return new Uint8Array(head);
}

/** A pack of `objects`, each whole (no deltas), with its SHA-1 trailer (test pushes use it). */
export async function writePack(objects: { type: string; object: Uint8Array }[]): Promise<Uint8Array> {
  const writer = new PackWriter(objects.length);
  const parts = [writer.header()];
  for (const { type, object } of objects) parts.push(writer.entry(type as ObjectType, object.length, deflate(object)));
  parts.push(writer.trailer());
  return concat(parts);
}

/** Writes a pack piece by piece (header, entries, trailer), hashing as it goes. */
export class PackWriter {
  private readonly hash = createHash("sha1");
  constructor(private readonly count: number) {}

  header(): Uint8Array {
    const header = new Uint8Array(12);
    header.set([0x50, 0x41, 0x43, 0x4b, 0, 0, 0, 2]);
    new DataView(header.buffer).setUint32(8, this.count);
    this.hash.update(header);
    return header;
  }

  /** One whole object: its header and its zlib stream. */
  entry(type: ObjectType, size: number, z: Uint8Array): Uint8Array {
    const head = entryHeader(type, size);
    const out = new Uint8Array(head.length + z.length);
    out.set(head);
    out.set(z, head.length);
    this.hash.update(out);
    return out;
  }

  trailer(): Uint8Array {
    return new Uint8Array(this.hash.digest());
  }
}

/** An object a pack carried, whole: `z` is its zlib stream when the pack had it undeltified. */
export interface PackedObject {
  type: ObjectType;
  content: Uint8Array;
  z?: Uint8Array;
}

/**
 * Reads every object of a pack (gitformat-pack v2/v3), resolving ofs- and ref-deltas; a ref-delta
 * may name an object already in the repository through `base`. Throws on a corrupt pack.
 */
export async function readPack(
  pack: Uint8Array,
  base: (oid: string) => { type: ObjectType; object: Uint8Array } | null,
  onProgress?: (read: number, count: number) => void,
): Promise<PackedObject[]> {
  if (pack.length < 32 || decoder.decode(pack.subarray(0, 4)) !== "PACK") throw new Error("not a pack");
  const view = new DataView(pack.buffer, pack.byteOffset, pack.byteLength);
  const version = view.getUint32(4);
  if (version !== 2 && version !== 3) throw new Error(`pack version ${version}`);
  const count = view.getUint32(8);
  const body = pack.subarray(0, pack.length - 20);
  if (hex(createHash("sha1").update(body).digest()) !== hex(pack.subarray(pack.length - 20))) throw new Error("pack checksum mismatch");
  type Raw = { type: number; data: Uint8Array; z: Uint8Array; baseAt?: number; baseOid?: string };
  const raws = new Map<number, Raw>();
  const order: number[] = [];
  let at = 12;
  for (let i = 0; i < count; i++) {
    // Someone asking how far an import got is answered between slices of the work.
    if (onProgress && i % 256 === 0) {
      onProgress(i, count);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const start = at;
    if (at >= body.length) throw new Error("truncated pack");
    let byte = body[at++]!;
    const type = (byte >> 4) & 7;
    let size = byte & 0x0f;
    for (let shift = 4; byte & 0x80; shift += 7) {
      byte = body[at++]!;
      size += (byte & 0x7f) * 2 ** shift;
    }
    const raw: Partial<Raw> = { type };
    if (type === 6) {
      byte = body[at++]!;
      let offset = byte & 0x7f;
      while (byte & 0x80) {
        byte = body[at++]!;
        offset = (offset + 1) * 128 + (byte & 0x7f);
      }
      raw.baseAt = start - offset;
    } else if (type === 7) {
      raw.baseOid = hex(body.subarray(at, at + 20));
      at += 20;
    } else if (type < 1 || type > 4) throw new Error(`bad object type ${type}`);
    // A zlib stream is at most a little longer than what it holds: hand zlib no more than that.
    const window = body.subarray(at, Math.min(body.length, at + size + (size >> 10) + 64));
    const { buffer, engine } = inflateSync(window, { info: true }) as unknown as { buffer: Uint8Array; engine: { bytesWritten: number } };
    if (buffer.length !== size) throw new Error("object size mismatch");
    raw.data = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    raw.z = body.subarray(at, at + engine.bytesWritten);
    at += engine.bytesWritten;
    raws.set(start, raw as Raw);
    order.push(start);
  }
  if (at !== body.length) throw new Error("trailing bytes in pack");
  const done = new Map<number, { type: ObjectType; content: Uint8Array }>();
  const byOid = new Map<string, number>();
  const out: PackedObject[] = [];
  const resolve = (offset: number, depth = 0): { type: ObjectType; content: Uint8Array } => {
    const hit = done.get(offset);
    if (hit) return hit;
    const raw = raws.get(offset);
    if (!raw || depth > 4096) throw new Error("bad delta base");
    let made: { type: ObjectType; content: Uint8Array };
    if (raw.type <= 4) made = { type: TYPE_NAME[raw.type]!, content: raw.data };
    else {
      let source: { type: ObjectType; content: Uint8Array } | null = null;
      if (raw.baseAt !== undefined) source = resolve(raw.baseAt, depth + 1);
      else {
        const inPack = byOid.get(raw.baseOid!);
        const outside = inPack === undefined ? base(raw.baseOid!) : null;
        source = inPack !== undefined ? resolve(inPack, depth + 1) : outside && { type: outside.type, content: outside.object };
      }
      if (!source) throw new Error(`missing delta base ${raw.baseOid}`);
      made = { type: source.type, content: applyDelta(source.content, raw.data) };
    }
    done.set(offset, made);
    return made;
  };
  // Whole objects first, so ref-deltas can find their bases by id.
  for (const offset of order) {
    const raw = raws.get(offset)!;
    if (raw.type > 4) continue;
    const type = TYPE_NAME[raw.type]!;
    byOid.set(objectId(type, raw.data), offset);
    out.push({ type, content: raw.data, z: raw.z });
  }
  for (const offset of order) if (raws.get(offset)!.type > 4) out.push(resolve(offset));
  return out;
}

/** git's delta format: source and target sizes, then copy and insert instructions. */
export function applyDelta(source: Uint8Array, delta: Uint8Array): Uint8Array {
  let at = 0;
  const varint = () => {
    let n = 0;
    let shift = 0;
    let byte;
    do {
      byte = delta[at++]!;
      n += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return n;
  };
  if (varint() !== source.length) throw new Error("delta source size mismatch");
  const out = new Uint8Array(varint());
  let written = 0;
  while (at < delta.length) {
    const cmd = delta[at++]!;
    if (cmd & 0x80) {
      let offset = 0;
      let size = 0;
      for (let bit = 0; bit < 4; bit++) if (cmd & (1 << bit)) offset += delta[at++]! * 2 ** (8 * bit);
      for (let bit = 0; bit < 3; bit++) if (cmd & (16 << bit)) size += delta[at++]! * 2 ** (8 * bit);
      if (size === 0) size = 0x10000;
      if (offset + size > source.length || written + size > out.length) throw new Error("delta out of range");
      out.set(source.subarray(offset, offset + size), written);
      written += size;
    } else if (cmd > 0) {
      if (written + cmd > out.length || at + cmd > delta.length) throw new Error("delta out of range");
      out.set(delta.subarray(at, at + cmd), written);
      written += cmd;
      at += cmd;
    } else throw new Error("bad delta instruction");
  }
  if (written !== out.length) throw new Error("delta target size mismatch");
  return out;
}
