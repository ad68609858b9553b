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

/** Paths under /api that take a file, and the most each may carry. */
const UPLOADS: readonly [RegExp, number][] = [
  [/^\/api\/v1\/project\/[^/]+\/entity-file$/, FILE_MAX_BYTES + MULTIPART_ENVELOPE_BYTES],
  [/^\/api\/v1\/project\/[^/]+\/docs\/[^/]+\/images$/, FILE_MAX_BYTES + MULTIPART_ENVELOPE_BYTES],
  [/^\/api\/v1\/project\/[^/]+\/docs\/[^/]+\/import$/, IMPORT_MAX_BYTES],
  [/^\/api\/v1\/changingme$/, AVATAR_MAX_BYTES + MULTIPART_ENVELOPE_BYTES],
];

/** The most bytes a request body to `pathname` may have. */
export function maxBodyBytes(pathname: string): number {
  return UPLOADS.find(([pattern]) => pattern.test(pathname))?.[1] ?? JSON_BODY_MAX_BYTES;
}
