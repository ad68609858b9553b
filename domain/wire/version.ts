/**
 * The version of the live protocol (every socket's frames and close codes), one number for
 * all sockets. A page sends the version it was built with as the `v` parameter of every socket
 * URL; the Worker closes a socket of any other version with `CLOSE.STALE_VERSION` before an
 * object wakes, and the page offers a reload instead of reconnecting forever.
 *
 * Raise it whenever a frame, a close code or a socket URL changes in a way an open page would
 * misread. Pages from before the check send no `v` at all and count as stale, so the one change
 * made with it (the room's "waiting" moved from 4004 to 4025) needed no raise.
 * 2: a meeting may move to the SFU (`welcome.mode`, the `mode` frame, peers' `tracks`); a page of
 * version 1 would keep offering a mesh nobody answers.
 * 3: the task board page's loader data carries its board packed (`board-pack.ts`); an open board
 * of version 2 would read its next revalidation as no board at all. Its sockets, closed by the
 * deploy, come back refused, and the page offers the reload.
 * 4: the root loader's data carries the page's translations packed (`packed-json.ts`); a page of
 * version 3 would add the packed text as a bundle on its next revalidation and show message keys.
 * 5: the root loader's data names the page's translations by the address of their file
 * (`app/lib/translations.ts`); a page of version 4 would find no packed text on its next
 * revalidation and fail to render.
 * 6: the task board's packed rows are numbers, with the tasks' guids as one text beside them
 * (`board-pack.ts`); a board of version 5 would read its next revalidation's rows with numbers
 * for guids and every value three places off.
 */
export const PROTOCOL_VERSION = 6;

/** The query parameter of a socket URL that carries the page's protocol version. */
export const VERSION_PARAM = "v";

/** True when a socket URL's `v` parameter is the server's version (a missing one is not). */
export function speaksCurrentProtocol(value: string | null): boolean {
  return value === String(PROTOCOL_VERSION);
}
