/**
 * git's pkt-line framing (gitprotocol-common): four hex digits of length (including themselves)
 * then the payload; `0000` is a flush. Pure: the smart HTTP server in the GitRepo object and
 * its unit tests share it.
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The longest payload one pkt-line can carry (65520 − 4). */
export const MAX_PKT_PAYLOAD = 65516;
/** Side-band-64k carries at most this much data per packet (one byte goes to the band). */
export const SIDEBAND_CHUNK = 65515;

export const FLUSH = encoder.encode("0000");

/** One pkt-line holding `payload` (a string is UTF-8 encoded). */
export function pktLine(payload: string | Uint8Array): Uint8Array {
  const body = typeof payload === "string" ? encoder.encode(payload) : payload;
  if (body.length > MAX_PKT_PAYLOAD) throw new RangeError("pkt-line payload too long");
  const out = new Uint8Array(body.length + 4);
  out.set(encoder.encode((body.length + 4).toString(16).padStart(4, "0")));
  out.set(body, 4);
  return out;
}

/** One packet of side-band `band` (1 data, 2 progress, 3 error). */
export function sideband(band: 1 | 2 | 3, data: Uint8Array): Uint8Array {
  const body = new Uint8Array(data.length + 1);
  body[0] = band;
  body.set(data, 1);
  return pktLine(body);
}

/** Joins byte arrays. */
export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A decoded line: text without its trailing newline, or a flush. */
export type PktLine = { kind: "flush" } | { kind: "data"; text: string; bytes: Uint8Array };

/**
 * Reads pkt-lines from the start of `buf` until it runs out or meets something that is not a
 * pkt-line (the pack that follows a receive-pack's commands). Answers the lines and where the
 * reading stopped; a malformed length is an error.
 */
export function readPktLines(buf: Uint8Array, stopAfterFlush = false): { lines: PktLine[]; rest: number } {
  const lines: PktLine[] = [];
  let at = 0;
  while (at + 4 <= buf.length) {
    const head = decoder.decode(buf.subarray(at, at + 4));
    if (head === "PACK") break;
    if (!/^[0-9a-f]{4}$/i.test(head)) throw new SyntaxError("bad pkt-line length");
    const len = parseInt(head, 16);
    if (len === 0) {
      lines.push({ kind: "flush" });
      at += 4;
      if (stopAfterFlush) break;
      continue;
    }
    // 0001 (delim) and 0002 (response end) belong to protocol v2, which we do not speak.
    if (len < 4 || at + len > buf.length) throw new SyntaxError("bad pkt-line length");
    const bytes = buf.subarray(at + 4, at + len);
    lines.push({ kind: "data", bytes, text: decoder.decode(bytes).replace(/\n$/, "") });
    at += len;
  }
  return { lines, rest: at };
}

/** Splits `text\0capabilities` (the first line of a request or an advertisement). */
export function splitCapabilities(text: string): { text: string; capabilities: string[] } {
  const nul = text.indexOf("\0");
  if (nul < 0) return { text, capabilities: [] };
  return { text: text.slice(0, nul), capabilities: text.slice(nul + 1).trim().split(/\s+/).filter(Boolean) };
}

export const ZERO_OID = "0".repeat(40);
export const isOid = (v: string) => /^[0-9a-f]{40}$/.test(v);

/** An upload-pack request: what the client wants, has, and whether it is done negotiating. */
export interface UploadRequest {
  wants: string[];
  haves: string[];
  done: boolean;
  capabilities: string[];
}

export function parseUploadRequest(buf: Uint8Array): UploadRequest {
  const { lines } = readPktLines(buf);
  const req: UploadRequest = { wants: [], haves: [], done: false, capabilities: [] };
  for (const line of lines) {
    if (line.kind === "flush") continue;
    const { text, capabilities } = splitCapabilities(line.text);
    const [verb, arg] = text.split(" ");
    if (verb === "want" && arg && isOid(arg)) {
      if (req.wants.length === 0) req.capabilities = capabilities.length ? capabilities : text.split(" ").slice(2);
      req.wants.push(arg);
    } else if (verb === "have" && arg && isOid(arg)) req.haves.push(arg);
    else if (verb === "done") req.done = true;
    else throw new SyntaxError(`unexpected line: ${verb}`);
  }
  return req;
}

/** One ref update a push asks for. */
export interface RefCommand {
  old: string;
  new: string;
  ref: string;
}

/** A receive-pack request: its commands, capabilities and the offset where the pack starts. */
export function parseReceiveRequest(buf: Uint8Array): { commands: RefCommand[]; capabilities: string[]; packAt: number } {
  const { lines, rest } = readPktLines(buf, true);
  const commands: RefCommand[] = [];
  let capabilities: string[] = [];
  for (const line of lines) {
    if (line.kind === "flush") continue;
    const split = splitCapabilities(line.text);
    if (commands.length === 0) capabilities = split.capabilities;
    const [old, next, ref] = split.text.split(" ");
    if (!old || !next || !ref || !isOid(old) || !isOid(next)) throw new SyntaxError("bad command");
    commands.push({ old, new: next, ref });
  }
  return { commands, capabilities, packAt: rest };
}
