/**
 * Atlassian OAuth 2.0 (3LO) for the Jira import: the authorisation URL with `state` and PKCE,
 * the code and refresh-token exchanges, the accessible-resources lookup, and the sealing of
 * what the browser keeps (docs/decisions.md "Jira import"). Endpoints come from the Worker's
 * vars so tests and local runs point them at a fake Jira Cloud.
 */
import { cloudIdOf, type JiraTokenGrant } from "../../domain/jira/token-schedule";
import { sealToken, sealingKey, unsealToken } from "../../domain/jira/seal";
import type { Env } from "../env";
import { base64url, randomToken } from "./ids";

const SCOPES = "read:jira-work read:jira-user offline_access";
/** How long an authorisation started here may take to come back. */
export const OAUTH_COOKIE_SECONDS = 600;
export const OAUTH_COOKIE = "jira_oauth";
const CALL_TIMEOUT_MS = 15_000;

export interface JiraConfig {
  authUrl: string;
  tokenUrl: string;
  resourcesUrl: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  tokenKey: string;
}

/** The configuration, or null when this deployment has no Jira app set up. */
export function jiraConfig(env: Env): JiraConfig | null {
  const dev = env.APP_ENV === "development";
  const tokenKey = env.JIRA_TOKEN_KEY || (dev ? "development-only-jira-token-key" : "");
  const { JIRA_AUTH_URL, JIRA_TOKEN_URL, JIRA_RESOURCES_URL, JIRA_API_URL, JIRA_CLIENT_ID, JIRA_CLIENT_SECRET } = env;
  if (!JIRA_AUTH_URL || !JIRA_TOKEN_URL || !JIRA_RESOURCES_URL || !JIRA_API_URL || !JIRA_CLIENT_ID || !JIRA_CLIENT_SECRET || !tokenKey) return null;
  return { authUrl: JIRA_AUTH_URL, tokenUrl: JIRA_TOKEN_URL, resourcesUrl: JIRA_RESOURCES_URL, apiUrl: JIRA_API_URL.replace(/\/$/, ""), clientId: JIRA_CLIENT_ID, clientSecret: JIRA_CLIENT_SECRET, tokenKey };
}

const keys = new Map<string, Promise<CryptoKey>>();
const keyOf = (config: JiraConfig) => {
  let key = keys.get(config.tokenKey);
  if (!key) keys.set(config.tokenKey, (key = sealingKey(config.tokenKey)));
  return key;
};

/** Where Atlassian sends the user back: the spec's `/jira-callback` page. */
export const redirectUri = (origin: string) => `${origin}/jira-callback`;

/** Starts an authorisation: the URL to open, and the sealed `{state, verifier}` for the cookie. */
export async function startAuthorisation(config: JiraConfig, bindTo: string, origin: string): Promise<{ url: string; cookieValue: string }> {
  const state = randomToken();
  const verifier = randomToken();
  const challenge = base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
  const url = new URL(config.authUrl);
  url.search = new URLSearchParams({
    audience: "api.atlassian.com",
    client_id: config.clientId,
    scope: SCOPES,
    redirect_uri: redirectUri(origin),
    state,
    response_type: "code",
    prompt: "consent",
    code_challenge: challenge,
    code_challenge_method: "S256",
  }).toString();
  const cookieValue = await sealToken(await keyOf(config), bindTo, "oauth", JSON.stringify({ state, verifier, exp: Date.now() + OAUTH_COOKIE_SECONDS * 1000 }));
  return { url: url.href, cookieValue };
}

/** The verifier of the authorisation this session started with `state`, or null. */
export async function verifierFor(config: JiraConfig, bindTo: string, cookieValue: string | undefined, state: string): Promise<string | null> {
  if (!cookieValue) return null;
  const plain = await unsealToken(await keyOf(config), bindTo, "oauth", cookieValue);
  if (!plain) return null;
  try {
    const saved = JSON.parse(plain) as { state?: unknown; verifier?: unknown; exp?: unknown };
    if (saved.state !== state || typeof saved.verifier !== "string" || typeof saved.exp !== "number" || saved.exp < Date.now()) return null;
    return saved.verifier;
  } catch {
    return null;
  }
}

export type TokenExchange = { ok: true; grant: JiraTokenGrant } | { ok: false; status: number };

interface AtlassianTokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

async function tokenCall(config: JiraConfig, body: Record<string, string>): Promise<{ ok: true; tokens: AtlassianTokens } | { ok: false; status: number }> {
  let res: Response;
  try {
    res = await fetch(config.tokenUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ client_id: config.clientId, client_secret: config.clientSecret, ...body }),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  } catch {
    return { ok: false, status: 408 };
  }
  if (!res.ok) return { ok: false, status: res.status };
  const data = (await res.json().catch(() => null)) as Partial<AtlassianTokens> | null;
  if (!data || typeof data.access_token !== "string" || typeof data.refresh_token !== "string" || typeof data.expires_in !== "number") return { ok: false, status: 502 };
  return { ok: true, tokens: data as AtlassianTokens };
}

/** The first accessible resource's id (spec §4), with the Bearer access token. */
export async function fetchCloudId(config: JiraConfig, accessToken: string): Promise<string | undefined> {
  try {
    const res = await fetch(config.resourcesUrl, { headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" }, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
    return res.ok ? cloudIdOf(await res.json()) : undefined;
  } catch {
    return undefined;
  }
}

async function sealedGrant(config: JiraConfig, userId: string, tokens: AtlassianTokens): Promise<JiraTokenGrant> {
  const key = await keyOf(config);
  return {
    jira_token: await sealToken(key, userId, "access", tokens.access_token),
    jira_refresh_token: await sealToken(key, userId, "refresh", tokens.refresh_token),
    expires_in: tokens.expires_in,
    jira_cloudID: await fetchCloudId(config, tokens.access_token),
  };
}

/** Exchanges the code (with the PKCE verifier) for tokens, sealed for `userId`. */
export async function exchangeCode(config: JiraConfig, userId: string, code: string, verifier: string, origin: string): Promise<TokenExchange> {
  const result = await tokenCall(config, { grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: redirectUri(origin) });
  return result.ok ? { ok: true, grant: await sealedGrant(config, userId, result.tokens) } : result;
}

/** Refreshes with a sealed refresh token of `userId`; a token not sealed for them is a 400. */
export async function refreshTokens(config: JiraConfig, userId: string, sealedRefresh: string): Promise<TokenExchange> {
  const refresh = await unsealToken(await keyOf(config), userId, "refresh", sealedRefresh);
  if (!refresh) return { ok: false, status: 400 };
  const result = await tokenCall(config, { grant_type: "refresh_token", refresh_token: refresh });
  return result.ok ? { ok: true, grant: await sealedGrant(config, userId, result.tokens) } : result;
}

/** The plain token behind a sealed one of `userId`, for server-side calls only. */
export async function unsealFor(config: JiraConfig, userId: string, kind: "access" | "refresh", sealed: string): Promise<string | null> {
  return unsealToken(await keyOf(config), userId, kind, sealed);
}

/** Seals a plain token for `userId` (the import object after its own refresh). */
export async function sealFor(config: JiraConfig, userId: string, kind: "access" | "refresh", token: string): Promise<string> {
  return sealToken(await keyOf(config), userId, kind, token);
}
