/**
 * Reading git objects' raw form and writing a pack (gitformat-pack, version 2, no deltas) from
 * objects already read: a clone reads each object once, where isomorphic-git's `packObjects`
 * would read every object again.
 */
const TYPE_CODE: Record<string, number> = { commit: 1, tree: 2, blob: 3, tag: 4 };
const decoder = new TextDecoder();
const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

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

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A pack of `objects`, each whole (no deltas), with its SHA-1 trailer. */
export async function writePack(objects: { type: string; object: Uint8Array }[]): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  const header = new Uint8Array(12);
  header.set([0x50, 0x41, 0x43, 0x4b, 0, 0, 0, 2]);
  new DataView(header.buffer).setUint32(8, objects.length);
  parts.push(header);
  for (const { type, object } of objects) {
    // Type and size: 3 bits of type and 4 of size in the first byte, then 7 bits a byte.
    let size = object.length;
    const head = [((TYPE_CODE[type] ?? 3) << 4) | (size & 0x0f)];
    size = Math.floor(size / 16);
    while (size > 0) {
      head[head.length - 1]! |= 0x80;
      head.push(size & 0x7f);
      size = Math.floor(size / 128);
    }
    parts.push(new Uint8Array(head), await deflate(object));
  }
  const total = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(total + 20);
  let at = 0;
  for (const p of parts) (out.set(p, at), (at += p.length));
  out.set(new Uint8Array(await crypto.subtle.digest("SHA-1", out.subarray(0, total))), total);
  return out;
}
