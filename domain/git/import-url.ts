/**
 * Which URLs a repository may be imported from: http or https only, without credentials in the
 * URL, and never an address of a private, loopback, link-local or otherwise internal network
 * (the server fetches it: an import must not become a way to reach what sits beside it). Tests
 * allow loopback alone (`GIT_IMPORT_ALLOW_LOOPBACK`) for a local `git http-backend`.
 */

export type ImportUrl = { ok: true; url: string } | { ok: false; reason: "git_import_url_invalid" | "git_import_url_private" };

function ipv4(host: string): number[] | null {
  const parts = host.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const n = parts.map(Number);
  return n.every((x) => x <= 255) ? n : null;
}

const loopback4 = (n: number[]) => n[0] === 127;

/** Private, shared, link-local, unspecified, multicast and reserved IPv4 ranges. */
function internal4(n: number[]): boolean {
  const [a, b] = n as [number, number];
  return a === 0 || a === 10 || a === 127 || (a === 100 && b >= 64 && b < 128) || (a === 169 && b === 254) || (a === 172 && b >= 16 && b < 32) || (a === 192 && b === 168) || (a === 198 && (b === 18 || b === 19)) || a >= 224;
}

/** Whether a bracketless IPv6 literal is loopback (`::1`) or internal (unspecified, unique-local, link-local, mapped IPv4 internal). */
function internal6(host: string): { loopback: boolean; internal: boolean } {
  const h = host.toLowerCase();
  const mapped = h.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped) {
    const n = ipv4(mapped[1]!);
    return { loopback: n !== null && loopback4(n), internal: n === null || internal4(n) };
  }
  if (h === "::1") return { loopback: true, internal: true };
  return { loopback: false, internal: h === "::" || /^f[cd]/.test(h) || /^fe[89ab]/.test(h) || h.startsWith("::ffff:") || h.startsWith("ff") };
}

/** Checks an import URL; answers it normalised (no trailing slash, no query or fragment). */
export function checkImportUrl(raw: string, allowLoopback: boolean): ImportUrl {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: "git_import_url_invalid" };
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.username || url.password || !url.hostname) return { ok: false, reason: "git_import_url_invalid" };
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, "");
  let loopback = false;
  let internal = false;
  const v4 = ipv4(host);
  if (v4) {
    loopback = loopback4(v4);
    internal = internal4(v4);
  } else if (host.includes(":")) {
    ({ loopback, internal } = internal6(host));
  } else {
    loopback = host === "localhost" || host.endsWith(".localhost");
    // Names that only mean something inside a network.
    internal = loopback || !host.includes(".") || /\.(local|internal|lan|home|corp|intranet)$/.test(host);
  }
  if (internal && !(loopback && allowLoopback)) return { ok: false, reason: "git_import_url_private" };
  return { ok: true, url: `${url.origin}${url.pathname.replace(/\/+$/, "")}` };
}
