/**
 * Whether a board page must read again when its project socket opens (the room's hello,
 * project.ts). Apart from the protocol's schemas so the page can decide without building them:
 * the schemas load with the socket (issue 17).
 */

/** The room's greeting as `missedChanges` reads it (`ProjectHello` of project.ts). */
interface Hello {
  changed_at: number | null;
}

/**
 * How far apart the Worker's clock (which dates a page's read) and the room's (which dates a
 * change) may be: machines kept in time by NTP differ by milliseconds; two seconds is ample. A
 * change this close before the read counts as possibly missed. (Reads go to D1's primary, so a
 * read after a write sees it: no replica lag to cover.)
 */
export const CLOCK_MARGIN_MS = 2000;

/**
 * Whether a page whose data were read at `readAt` (the Worker's clock; undefined when the page
 * cannot tell) may lack a change the room announced before this socket opened, and must read
 * again. A page that cannot tell always reads again.
 */
export function missedChanges(hello: Hello, readAt: number | undefined): boolean {
  if (readAt === undefined) return true;
  return hello.changed_at !== null && hello.changed_at > readAt - CLOCK_MARGIN_MS;
}
