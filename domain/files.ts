/** Recognises an image by its first bytes; the declared content type of an upload is not trusted. */
export function sniffImageType(bytes: Uint8Array): "image/png" | "image/jpeg" | "image/gif" | "image/webp" | undefined {
  const at = (i: number) => bytes[i];
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) return "image/png";
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return "image/jpeg";
  if (at(0) === 0x47 && at(1) === 0x49 && at(2) === 0x46 && at(3) === 0x38) return "image/gif";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  return undefined;
}

export const IMAGE_EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
};

/** Files attached to tasks (`/entity-file`): at most 10 MB each. */
export const FILE_MAX_BYTES = 10 * 1024 * 1024;
export const FILE_NAME_MAX = 200;

/** Images we show in the page itself; every other type is only ever downloaded. */
export const INLINE_TYPES: ReadonlySet<string> = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

/** Names whose extension runs code on the machine that opens them, whatever the bytes look like. */
const EXECUTABLE_EXTENSIONS = new Set([
  "exe", "dll", "com", "scr", "msi", "msp", "bat", "cmd", "ps1", "vbs", "vbe", "wsf", "wsh", "hta", "cpl", "lnk", "jar", "apk", "app", "sh", "bash", "command", "run", "bin", "deb", "rpm", "dmg", "pkg",
]);
const HTML_EXTENSIONS = new Set(["html", "htm", "xhtml", "shtml", "mht", "mhtml", "xht"]);

const OFFICE_ZIP: Record<string, string> = {
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  odt: "application/vnd.oasis.opendocument.text",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
  odp: "application/vnd.oasis.opendocument.presentation",
};
const OFFICE_LEGACY: Record<string, string> = { doc: "application/msword", xls: "application/vnd.ms-excel", ppt: "application/vnd.ms-powerpoint" };
const TEXT_TYPES: Record<string, string> = { csv: "text/csv", md: "text/markdown", markdown: "text/markdown", json: "application/json", log: "text/plain", txt: "text/plain" };

export const extensionOf = (name: string) => /\.([a-z0-9]{1,10})$/i.exec(name)?.[1]?.toLowerCase() ?? "";

/**
 * An uploaded file's name made safe to store and to send back in a header: no path, no
 * control characters, at most 200 characters (the extension kept).
 */
export function safeFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? "";
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, "").replace(/\s+/g, " ").trim();
  if (clean === "" || clean === "." || clean === "..") return "file";
  if (clean.length <= FILE_NAME_MAX) return clean;
  const ext = extensionOf(clean);
  return ext ? `${clean.slice(0, FILE_NAME_MAX - ext.length - 1)}.${ext}` : clean.slice(0, FILE_NAME_MAX);
}

export type SniffedFile = { ok: true; type: string } | { ok: false; reason: "file_type_refused" };

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));

/** Looks like HTML to a browser that sniffs (the WHATWG list of opening tags), or is SVG. */
function markupKind(text: string): "html" | "svg" | undefined {
  const head = text.replace(/^\uFEFF/, "").trimStart().slice(0, 1024).toLowerCase();
  const body = head.replace(/^(<\?xml[^>]*>\s*|<!--[\s\S]*?-->\s*|<!doctype svg[^>]*>\s*)*/, "");
  if (/^<svg[\s>/]/.test(body) || /^<!doctype svg/.test(head)) return "svg";
  if (/^<(!doctype html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p|!--)[\s>]/.test(body)) return "html";
  return undefined;
}

/** SVG can carry script: in elements, event attributes, `javascript:` links or foreign HTML. */
export const svgHasScript = (text: string) => /<script[\s>/]|<foreignobject[\s>/]|\son[a-z]+\s*=|javascript:|<iframe|<embed|<object/i.test(text);

/**
 * Decides a file's content type by its bytes (the declared type is not trusted), using the
 * name only to tell apart formats that share a container (zip-based office files, CSV vs
 * plain text). Refuses executables, HTML, SVG with script and anything it does not recognise:
 * what we store we can name, and nothing we store is ever rendered as a page.
 */
export function sniffFileType(bytes: Uint8Array, name: string): SniffedFile {
  const ext = extensionOf(name);
  if (EXECUTABLE_EXTENSIONS.has(ext) || HTML_EXTENSIONS.has(ext)) return { ok: false, reason: "file_type_refused" };
  const image = sniffImageType(bytes);
  if (image) return { ok: true, type: image };
  // Programs: Windows (MZ), ELF, Mach-O (both byte orders, fat), scripts with an interpreter line.
  if (startsWith(bytes, [0x4d, 0x5a]) || startsWith(bytes, [0x7f, 0x45, 0x4c, 0x46]) || startsWith(bytes, [0x23, 0x21])) return { ok: false, reason: "file_type_refused" };
  if ([[0xfe, 0xed, 0xfa, 0xce], [0xfe, 0xed, 0xfa, 0xcf], [0xce, 0xfa, 0xed, 0xfe], [0xcf, 0xfa, 0xed, 0xfe], [0xca, 0xfe, 0xba, 0xbe]].some((s) => startsWith(bytes, s))) {
    return { ok: false, reason: "file_type_refused" };
  }
  if (bytes.length >= 5 && ascii(bytes, 0, 5) === "%PDF-") return { ok: true, type: "application/pdf" };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return { ok: true, type: OFFICE_ZIP[ext] ?? "application/zip" };
  // The OLE container of old Office files also carries installers (.msi): only by its Office names.
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return OFFICE_LEGACY[ext] ? { ok: true, type: OFFICE_LEGACY[ext] } : { ok: false, reason: "file_type_refused" };
  if (startsWith(bytes, [0x1f, 0x8b])) return { ok: true, type: "application/gzip" };
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === "ftyp") return { ok: true, type: ascii(bytes, 8, 10) === "qt" ? "video/quicktime" : "video/mp4" };
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return { ok: true, type: "video/webm" };
  return sniffText(bytes, ext);
}

function sniffText(bytes: Uint8Array, ext: string): SniffedFile {
  if (bytes.length === 0 || bytes.includes(0)) return { ok: false, reason: "file_type_refused" };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, reason: "file_type_refused" };
  }
  // Binary formats we do not know fail here: text has no control characters besides
  // whitespace and the escape of coloured terminal logs.
  if (/[\u0000-\u0008\u000e-\u001a\u001c-\u001f\u007f]/.test(text.slice(0, 64 * 1024))) return { ok: false, reason: "file_type_refused" };
  const markup = markupKind(text);
  if (markup === "html") return { ok: false, reason: "file_type_refused" };
  if (markup === "svg") return svgHasScript(text) ? { ok: false, reason: "file_type_refused" } : { ok: true, type: "image/svg+xml" };
  return { ok: true, type: TEXT_TYPES[ext] ?? "text/plain" };
}

/**
 * `Content-Disposition` for a stored file: `inline` only for the images we show, `attachment`
 * for everything else; the name in RFC 5987 form so any language survives, with an ASCII
 * fallback for old clients.
 */
export function contentDisposition(name: string, type: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\;]/g, "_");
  return `${INLINE_TYPES.has(type) ? "inline" : "attachment"}; filename="${fallback}"; filename*=UTF-8''${rfc5987(name)}`;
}

/** Percent-encoding of RFC 5987, which also escapes the characters encodeURIComponent leaves. */
const rfc5987 = (value: string) => encodeURIComponent(value).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
