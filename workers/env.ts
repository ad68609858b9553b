/**
 * Bindings and variables of the Worker (wrangler.toml). The objects' namespaces are typed with
 * their RPC interfaces (`durable-objects/stubs.ts`), never with the classes: the objects import
 * `Env`, so importing them here would make a circle.
 */
import type { DocRoomObject, GitRepoObject, JiraImportObject, MeetingRoomObject, ProjectRoomObject, RoomServerObject, UserHubObject } from "../durable-objects/stubs";

export interface Env {
  UserHub: DurableObjectNamespace<UserHubObject>;
  ProjectRoom: DurableObjectNamespace<ProjectRoomObject>;
  RoomServer: DurableObjectNamespace<RoomServerObject>;
  DocRoom: DurableObjectNamespace<DocRoomObject>;
  GitRepo: DurableObjectNamespace<GitRepoObject>;
  MeetingRoom: DurableObjectNamespace<MeetingRoomObject>;
  JiraImport: DurableObjectNamespace<JiraImportObject>;
  DB: D1Database;
  FILES: R2Bucket;
  ASSETS?: Fetcher;
  /** "development" enables the local mail inbox page. */
  APP_ENV: string;
  /** "local" keeps mail in D1; "http" posts it to MAIL_HTTP_URL (Resend-compatible API). */
  MAIL_PROVIDER: string;
  MAIL_FROM: string;
  FEEDBACK_TO: string;
  MAIL_HTTP_URL?: string;
  /** The operator's company details printed on the legal pages and `/contacts`. */
  OPERATOR_NAME: string;
  OPERATOR_ADDRESS: string;
  /** The public contact address shown on the site (messages themselves go to FEEDBACK_TO). */
  OPERATOR_EMAIL: string;
  /**
   * The public origin of the app (`https://plan.example.com`): links in mails are built from it,
   * never from the request's Host. Outside development, mails with links are refused without it.
   */
  APP_ORIGIN?: string;
  /** Days of inactivity after which a session ends (14 when unset). */
  SESSION_IDLE_DAYS?: string;
  MAIL_HTTP_TOKEN?: string;
  /** The AI helper's OpenAI-compatible endpoint (`…/v1`), model and key; unset: not configured. */
  AI_BASE_URL?: string;
  AI_MODEL?: string;
  AI_API_KEY?: string;
  /** Milliseconds an answer may take (60000 when unset). */
  AI_TIMEOUT_MS?: string;
  /** AI requests per user per hour (60 when unset). */
  AI_HOURLY_LIMIT?: string;
  /** "sandbox" (development only) or "stripe"; unset: sandbox in development, Stripe elsewhere. */
  PAYMENT_PROVIDER?: string;
  /** Stripe's API key and webhook signing secret (`wrangler secret put`). */
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /** Where Stripe's API answers (`https://api.stripe.com` when unset; a fake Stripe in tests). */
  STRIPE_API_URL?: string;
  /** The sandbox provider's signing secret (a fixed local one when unset). */
  SANDBOX_WEBHOOK_SECRET?: string;
  /** Overrides the git repository size cap (bytes); tests set a small one. */
  GIT_REPO_MAX_BYTES?: string;
  /** "1": repositories may be imported from loopback addresses (tests with a local `git http-backend`); never in production. */
  GIT_IMPORT_ALLOW_LOOPBACK?: string;
  /**
   * Video meetings' ICE servers (`GET /api/meeting/ice-servers`): STUN URLs, comma-separated
   * (a plain variable, a public STUN server by default); TURN URLs and their credentials are
   * secrets (`wrangler secret put MEETING_TURN_URLS` …), served only when all three are set.
   */
  MEETING_STUN_URLS?: string;
  MEETING_TURN_URLS?: string;
  MEETING_TURN_USERNAME?: string;
  MEETING_TURN_CREDENTIAL?: string;
  /**
   * Cloudflare Realtime (SFU) for meetings above the mesh's size: the app id and its token are
   * secrets (`wrangler secret put REALTIME_APP_ID`, `… REALTIME_APP_TOKEN`); without both, rooms
   * stay meshes and say when they are full. `REALTIME_API_URL` (default
   * `https://rtc.live.cloudflare.com/v1`) points tests at a fake Realtime API on loopback.
   */
  REALTIME_APP_ID?: string;
  REALTIME_APP_TOKEN?: string;
  REALTIME_API_URL?: string;
  /** Atlassian OAuth 2.0 (3LO) and Jira Cloud endpoints; tests point them at a fake on loopback. */
  JIRA_AUTH_URL?: string;
  JIRA_TOKEN_URL?: string;
  JIRA_RESOURCES_URL?: string;
  /** Base of the per-site API: `<base>/<cloudId>/rest/api/3/…`. */
  JIRA_API_URL?: string;
  JIRA_CLIENT_ID?: string;
  /** Secret (`wrangler secret put`). */
  JIRA_CLIENT_SECRET?: string;
  /** Secret sealing the Jira tokens the browser and the import object keep (docs/decisions.md). */
  JIRA_TOKEN_KEY?: string;
  /** Only present under vitest: the SQL migrations to apply to the test database. */
  TEST_MIGRATIONS?: unknown;
}
