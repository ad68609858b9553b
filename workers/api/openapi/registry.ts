/**
 * The API's operations as data: the one list that the OpenAPI document, the reference page,
 * the authorization matrix and the fuzzer are built from. Every body and query schema here is
 * the very zod object its handler validates with (`readJson(c, schema)`, `parseWith(schema, …)`),
 * so the document cannot drift from the validation. `tests/integration/openapi.test.ts` fails
 * when a route of the Hono app is missing here, or an entry here has no route.
 */
import type { z } from "zod";

export type Method = "get" | "post" | "put" | "patch" | "delete";

/** Who may call an operation; the matrix test derives each actor's expected outcome from it. */
export const ACCESS_LEVELS = {
  public: "Anyone, without an account.",
  "share-link": "Anyone holding a document's read-only share link; no account.",
  "room-link": "Anyone holding the room's link: the room's preview and joining it.",
  "signed-in": "A signed-in user (session cookie or Bearer token).",
  read: "A verified participant of the project with read access (also write and root).",
  write: "A verified participant of the project with write access (also root).",
  root: "A verified root of the project.",
  "room-seat": "An admitted member of the room: a participant of its project or an admitted guest.",
  "room-writer": "An admitted member of the room who may act: not read-only.",
  "room-owner": "The room's owner (its facilitator).",
  "site-admin": "A site administrator (`users.site_admin`, granted by the operator's `npm run admin -- grant`).",
  development: "Only while APP_ENV is development (local runs, benchmarks); 404 everywhere else.",
} as const;
export type Access = keyof typeof ACCESS_LEVELS;

/** A multipart form: field name → what it holds. */
export type MultipartFields = Record<string, { kind: "file" | "text"; required: boolean; description?: string }>;

export interface Operation {
  method: Method;
  /** Under `/api`, Hono style (`/v1/project/:id`); the document writes `{id}`. */
  path: string;
  tag: string;
  summary: string;
  access: Access;
  /** More on who may do what, when `access` alone does not say it all. */
  accessNote?: string;
  query?: z.ZodType;
  body?: {
    json?: z.ZodType;
    multipart?: MultipartFields;
    /** A raw body of this media type. */
    binary?: string;
    /** The body may be left out. */
    optional?: boolean;
  };
  /** The success answer: its status and, unless 204, what it carries. */
  ok: { status: 200 | 201 | 204; description: string; media?: string };
  /** Refusals beyond those every operation of its access level and body kind has. */
  errors?: Partial<Record<400 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 503 | 504, readonly string[]>>;
}

/** Meanings of the path parameters, by name. */
export const PATH_PARAMS: Record<string, string> = {
  id: "Guid of the project.",
  accessGuid: "Guid of a participant (access) of the project.",
  inviteGuid: "Guid of an invitation.",
  link: "The invitation link's secret.",
  fieldGuid: "Guid of a field of the project.",
  optionGuid: "Guid of an option of the field.",
  issueUid: "Guid of a task of the project.",
  taskUid: "Guid of a task of the project.",
  commentGuid: "Guid of a comment on the task.",
  sprintGuid: "Guid of a sprint of the project.",
  docGuid: "Guid of a document of the project.",
  versionGuid: "Guid of a saved version of the document.",
  segment: "The kind segment of a share link (the document's kind).",
  shareId: "The share link's id.",
  fileGuid: "Guid of an image of the shared document.",
  linkGuid: "Guid of a link between two tasks.",
  guid: "Guid of the object named by the path.",
  filterGuid: "Guid of a saved filter of the caller.",
  workflowGuid: "Guid of a workflow of the project.",
  importGuid: "Guid of a Jira import into the project.",
  valGuid: "Guid of a custom deck of the project.",
  rid: "Guid of a poker or retro room.",
  run: "Client-chosen guid of an AI answer.",
  roomId: "Guid of a video meeting room.",
  userId: "Guid of a user.",
  gitGuid: "Guid of a git repository of the project.",
  hexsha: "A commit's full 40-digit hexadecimal id.",
  ref: "A branch, tag or commit id (a branch name with `/` is URL-encoded as one segment).",
  tokenId: "Id of one of the caller's personal access tokens.",
  path: "A path inside the repository (the rest of the URL; may hold `/`).",
  slug: "Slug of a blog category (`/v1/category`, `/v1/posts`, `/v1/allposts`) or post (`/v1/post`).",
  cover: "File name of a blog post's cover image, as its `cover.url` gives it.",
  priceGuid: "Guid of a price of a plan (`GET /v1/tariffs`).",
  tariffGuid: "Guid of a plan.",
  payGuid: "Guid of one of the caller's payments.",
  file: "File name of the avatar: `{guid}.{png|jpg|gif|webp}`.",
};

/** `/v1/project/:id` → `/v1/project/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, "{$1}").replace(/\/\*$/, "/{path}");

/** The path's parameter names, in order. */
export const pathParams = (path: string) => [...[...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!), ...(path.endsWith("/*") ? ["path"] : [])];

/** A stable id: method and path, e.g. `put_v1_project_id_issue_taskUid`. */
export const operationId = (op: Pick<Operation, "method" | "path">) =>
  `${op.method}${op.path.replace(/\/\*$/, "/path").replace(/[/:{}-]+/g, "_").replace(/_+$/, "")}`;
