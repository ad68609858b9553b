/**
 * Bindings and variables of the Worker (wrangler.toml). The objects' namespaces are typed with
 * their RPC interfaces (`durable-objects/stubs.ts`), never with the classes: the objects import
 * `Env`, so importing them here would make a circle.
 */
import type { DocRoomObject, JiraImportObject, ProjectRoomObject, RoomServerObject, UserHubObject } from "../durable-objects/stubs";

export interface Env {
  UserHub: DurableObjectNamespace<UserHubObject>;
  ProjectRoom: DurableObjectNamespace<ProjectRoomObject>;
  RoomServer: DurableObjectNamespace<RoomServerObject>;
  DocRoom: DurableObjectNamespace<DocRoomObject>;
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
