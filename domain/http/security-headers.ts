/**
 * Security headers of every answer (pages, API, redirects). Pure: the Worker passes what it
 * knows about the request and the deployment.
 */

/** Powerful features are denied everywhere but where a page needs them (`MEDIA_PAGES`). */
export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), display-capture=()";

/** Video meeting pages use the camera, the microphone and screen sharing, from this origin only. */
export const MEETING_PERMISSIONS_POLICY = "camera=(self), microphone=(self), geolocation=(), payment=(), usb=(), display-capture=(self)";

/**
 * The pages a meeting runs on: the meeting itself, and the poker and retro rooms that open their
 * meeting beside the board.
 */
const MEDIA_PAGES = [/^\/meeting\/[^/]+\/?$/, /^\/project\/[^/]+\/room\/(poker|retro)\/[^/]+\/?$/];

/** The Permissions-Policy of a page at `pathname`. */
export function permissionsPolicyFor(pathname: string): string {
  return MEDIA_PAGES.some((re) => re.test(pathname)) ? MEETING_PERMISSIONS_POLICY : PERMISSIONS_POLICY;
}

/** Two years, the preload list's minimum; only sent where the site is served over HTTPS. */
export const HSTS = "max-age=63072000; includeSubDomains";

export interface PageSecurity {
  /** Fresh per response: the only inline scripts allowed are those that carry it. */
  nonce: string;
  /** The page's own origin, e.g. `https://plan.example`; sockets connect to its ws(s) twin. */
  origin: string;
  /** Vite's dev server injects inline scripts without a nonce (HMR, React refresh). */
  viteDevServer?: boolean;
}

/**
 * The page policy, from what the app really loads: scripts and module chunks from this origin
 * (inline only with the nonce), styles inline too (TipTap, Excalidraw, bpmn-js, tooltips and
 * toasts set style attributes), images and fonts from this origin and data:/blob: (editors'
 * canvases, exports), workers from blob: (Excalidraw, Mermaid), fetch and sockets to this
 * origin only. Nothing may frame the app, and forms post only here.
 */
export function contentSecurityPolicy({ nonce, origin, viteDevServer }: PageSecurity): string {
  const socketOrigin = origin.replace(/^http/, "ws");
  const script = viteDevServer ? "'self' 'unsafe-inline'" : `'self' 'nonce-${nonce}'`;
  return [
    "default-src 'self'",
    `script-src ${script}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${socketOrigin}${viteDevServer ? " ws: wss:" : ""}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** API answers are data, never documents to render: no sources at all. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Headers common to every answer; HSTS only for a deployed Worker (a local http:// server
 * would otherwise teach the browser to refuse localhost without TLS).
 */
export function baseSecurityHeaders(deployed: boolean, permissionsPolicy: string = PERMISSIONS_POLICY): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": permissionsPolicy,
    "Cross-Origin-Opener-Policy": "same-origin",
    ...(deployed ? { "Strict-Transport-Security": HSTS } : {}),
  };
}

/** A nonce of 128 random bits, base64 — as CSP wants it. */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}
