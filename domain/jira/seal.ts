/**
 * Sealing of Jira tokens (docs/decisions.md "Jira import"): AES-256-GCM with the server's
 * `JIRA_TOKEN_KEY`, bound by the additional data to one user and one kind of token. A sealed
 * token is what the browser keeps and what the import object stores; Atlassian would not accept
 * it, another site cannot unseal it, and the server refuses it for any other user.
 */

const enc = new TextEncoder();

function b64url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromB64url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const bin = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
    return Uint8Array.from(bin, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

export type SealedKind = "access" | "refresh" | "oauth";

/** The AES key from the configured secret (base64 or any text: hashed to 256 bits). */
export async function sealingKey(secret: string): Promise<CryptoKey> {
  const raw = await crypto.subtle.digest("SHA-256", enc.encode(`jira-token-key:${secret}`));
  return crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
}

const aad = (userId: string, kind: SealedKind) => enc.encode(`jira:${kind}:${userId}`);

/** `v1.<iv>.<ciphertext>`, base64url. */
export async function sealToken(key: CryptoKey, userId: string, kind: SealedKind, token: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: aad(userId, kind) }, key, enc.encode(token)));
  return `v1.${b64url(iv)}.${b64url(ct)}`;
}

/** The token, or null when the text was not sealed by this key for this user and kind. */
export async function unsealToken(key: CryptoKey, userId: string, kind: SealedKind, sealed: string): Promise<string | null> {
  const [version, ivText, ctText, ...rest] = sealed.split(".");
  if (version !== "v1" || !ivText || !ctText || rest.length) return null;
  const iv = fromB64url(ivText);
  const ct = fromB64url(ctText);
  if (!iv || iv.length !== 12 || !ct) return null;
  try {
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: iv as BufferSource, additionalData: aad(userId, kind) }, key, ct as BufferSource);
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
