/**
 * How a drawing is kept in its Y.Doc (issue 6): the map `elements` (`layout.ts`) holds one entry
 * per Excalidraw element id, the element's JSON as a plain object. Two people drawing different
 * shapes write different keys, so both keep theirs. Two edits of one element are decided the way
 * Excalidraw's own collaboration does: the higher `version` wins, and on equal versions the lower
 * `versionNonce`. Yjs may at first keep the other one of two concurrent writes of a key; an
 * editor holding the newer element then writes it again, so every replica ends with the newer.
 * Deleting is an edit too (`isDeleted: true` with a higher version), which is how a deletion
 * beats a concurrent older edit.
 *
 * Images are not stored: their pixels live outside the elements (Excalidraw's `files`), and a
 * drawing's document is not the place for megabytes of pixels. Image elements are skipped here
 * and refused by the editor with a message.
 */
import * as Y from "yjs";
import { Y_DRAWING_ELEMENTS } from "./layout";

/** The fields this module relies on; everything else of an element is carried as it is. */
export interface StoredElement {
  id: string;
  type: string;
  version: number;
  versionNonce: number;
  isDeleted?: boolean;
  index?: string | null;
  [key: string]: unknown;
}

/** Element types never stored (see above). */
export const UNSTORED_TYPES: ReadonlySet<string> = new Set(["image"]);

/** At most this many elements (deleted ones included) are stored per drawing. */
export const DRAWING_MAX_ELEMENTS = 20_000;

export function isStoredElement(value: unknown): value is StoredElement {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === "string" &&
    v.id.length > 0 &&
    v.id.length <= 100 &&
    typeof v.type === "string" &&
    typeof v.version === "number" &&
    Number.isFinite(v.version) &&
    typeof v.versionNonce === "number" &&
    Number.isFinite(v.versionNonce)
  );
}

/** Whether `candidate` is a later state of the element than `existing` (Excalidraw's rule). */
export function isNewer(candidate: Pick<StoredElement, "version" | "versionNonce">, existing: Pick<StoredElement, "version" | "versionNonce"> | undefined): boolean {
  if (!existing) return true;
  if (candidate.version !== existing.version) return candidate.version > existing.version;
  return candidate.versionNonce < existing.versionNonce;
}

export function elementsMap(ydoc: Y.Doc): Y.Map<unknown> {
  return ydoc.getMap<unknown>(Y_DRAWING_ELEMENTS);
}

/** Orders elements as Excalidraw stacks them: by fractional `index`, then id. */
export function byStackOrder(a: StoredElement, b: StoredElement): number {
  const ia = a.index ?? "";
  const ib = b.index ?? "";
  if (ia !== ib) return ia < ib ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Every well-formed stored element (deleted ones included), bottom to top. */
export function readElements(ydoc: Y.Doc): StoredElement[] {
  const out: StoredElement[] = [];
  elementsMap(ydoc).forEach((value, key) => {
    if (isStoredElement(value) && value.id === key && !UNSTORED_TYPES.has(value.type)) out.push(value);
  });
  return out.sort(byStackOrder);
}

/** The stored elements of the given ids (absent or malformed ones left out). */
export function readElementsById(ydoc: Y.Doc, ids: Iterable<string>): StoredElement[] {
  const map = elementsMap(ydoc);
  const out: StoredElement[] = [];
  for (const id of ids) {
    const value = map.get(id);
    if (isStoredElement(value) && value.id === id && !UNSTORED_TYPES.has(value.type)) out.push(value);
  }
  return out;
}

/**
 * Writes the elements that are newer than what the map holds, in one transaction; returns how
 * many were written. Elements are copied to plain JSON (Excalidraw's are frozen objects that
 * may carry `undefined`s).
 */
export function writeElements(ydoc: Y.Doc, elements: readonly StoredElement[], origin?: unknown): number {
  const map = elementsMap(ydoc);
  const newer = elements.filter((el) => {
    if (!isStoredElement(el) || UNSTORED_TYPES.has(el.type)) return false;
    const stored = map.get(el.id);
    return isNewer(el, isStoredElement(stored) ? stored : undefined);
  });
  if (newer.length === 0) return 0;
  let room = DRAWING_MAX_ELEMENTS - map.size;
  let written = 0;
  ydoc.transact(() => {
    for (const el of newer) {
      if (!map.has(el.id)) {
        if (room <= 0) continue;
        room -= 1;
      }
      map.set(el.id, JSON.parse(JSON.stringify(el)) as StoredElement);
      written += 1;
    }
  }, origin);
  return written;
}

/**
 * Picks, for each element id, the state to show: the remote one unless the local one is newer.
 * Returns the merged list and the local elements that beat the map (to be written again).
 */
export function mergeRemote(
  local: readonly StoredElement[],
  remote: readonly StoredElement[],
): { elements: StoredElement[]; rewrite: StoredElement[] } {
  const byId = new Map(local.map((el) => [el.id, el]));
  const rewrite: StoredElement[] = [];
  for (const el of remote) {
    const mine = byId.get(el.id);
    if (mine && isNewer(mine, el)) rewrite.push(mine);
    else byId.set(el.id, el);
  }
  return { elements: [...byId.values()].sort(byStackOrder), rewrite };
}
