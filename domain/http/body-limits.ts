/**
 * How large a request body the API reads at all, decided from the path before any byte is
 * parsed. Routes that take files keep their own exact limits (and their own error keys); this
 * one only stops what none of them would accept.
 */
import { AVATAR_MAX_BYTES } from "../auth/schemas";
import { FILE_MAX_BYTES } from "../files";

/** JSON bodies: the largest legitimate one (a board reorder at its ceiling) is far below this. */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;
/** Room for the multipart envelope around a file of the largest allowed size. */
export const MULTIPART_ENVELOPE_BYTES = 64 * 1024;
/** Imports are whole documents (`/docs/{guid}/import`): a generous cap, far above any Markdown file a person writes. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export interface BodyLimit {
  maxBytes: number;
  /** The error key of the refusal: the route's own wording for uploads. */
  code: string;
}

/** Paths under /api that take a file, the most each may carry, and how a refusal reads. */
const UPLOADS: readonly [RegExp, BodyLimit][] = [
  [/^\/api\/v1\/project\/[^/]+\/entity-file$/, { maxBytes: FILE_MAX_BYTES + MULTIPART_ENVELOPE_BYTES, code: "file_too_large" }],
  [/^\/api\/v1\/project\/[^/]+\/docs\/[^/]+\/images$/, { maxBytes: FILE_MAX_BYTES + MULTIPART_ENVELOPE_BYTES, code: "file_too_large" }],
  [/^\/api\/v1\/project\/[^/]+\/docs\/[^/]+\/import$/, { maxBytes: IMPORT_MAX_BYTES, code: "import_too_large" }],
  [/^\/api\/v1\/changingme$/, { maxBytes: AVATAR_MAX_BYTES + MULTIPART_ENVELOPE_BYTES, code: "avatar_too_large" }],
];

const JSON_LIMIT: BodyLimit = { maxBytes: JSON_BODY_MAX_BYTES, code: "body_too_large" };

/** The most bytes a request body to `pathname` may have, and the key of the 413 above it. */
export function bodyLimitOf(pathname: string): BodyLimit {
  return UPLOADS.find(([pattern]) => pattern.test(pathname))?.[1] ?? JSON_LIMIT;
}
