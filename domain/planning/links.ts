/**
 * Links between tasks of one project (`/issue/{issueUid}/issues`). A kind reads "this task
 * <kind> the other one": `blocks` = this blocks the other, `parent` = this is the other's
 * parent, `subtask` = this is a subtask of the other. Every link is stored once, in one of the
 * four stored kinds; the far side reads it inverted.
 */
import { z } from "zod";

export const LINK_KINDS = ["blocks", "blocked_by", "relates", "duplicates", "duplicated_by", "parent", "subtask"] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

/** The kinds a stored row carries; the others are their inverses. */
export const STORED_KINDS = ["blocks", "relates", "duplicates", "parent"] as const;
export type StoredKind = (typeof STORED_KINDS)[number];

const INVERSE: Record<LinkKind, LinkKind> = {
  blocks: "blocked_by",
  blocked_by: "blocks",
  relates: "relates",
  duplicates: "duplicated_by",
  duplicated_by: "duplicates",
  parent: "subtask",
  subtask: "parent",
};

/** How the other task reads a link: blocks ↔ blocked_by, duplicates ↔ duplicated_by, parent ↔ subtask, relates ↔ relates. */
export const invertKind = (kind: LinkKind): LinkKind => INVERSE[kind];

const isStored = (kind: LinkKind): kind is StoredKind => (STORED_KINDS as readonly string[]).includes(kind);

export interface StoredLink {
  source: string;
  target: string;
  kind: StoredKind;
}

/**
 * The one row that stores "`task` `kind` `other`". Inverse kinds swap the ends; `relates` is
 * symmetric, so its ends are ordered and "A relates B" and "B relates A" are the same row.
 */
export function normaliseLink(task: string, other: string, kind: LinkKind): StoredLink {
  if (kind === "relates") return task < other ? { source: task, target: other, kind } : { source: other, target: task, kind };
  if (isStored(kind)) return { source: task, target: other, kind };
  return { source: other, target: task, kind: invertKind(kind) as StoredKind };
}

/** How `task` (one end of a stored link) reads it: the kind from its side and the task at the far end. */
export function readLink(link: StoredLink, task: string): { kind: LinkKind; other: string } {
  return link.source === task ? { kind: link.kind, other: link.target } : { kind: invertKind(link.kind), other: link.source };
}

/**
 * Whether an edge `source → target` would close a cycle among `edges` (all of one kind):
 * it does when `source` can already be reached from `target`.
 */
export function closesCycle(edges: readonly { source: string; target: string }[], source: string, target: string): boolean {
  if (source === target) return true;
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.source, [...(next.get(e.source) ?? []), e.target]);
  const seen = new Set<string>([target]);
  const queue = [target];
  while (queue.length > 0) {
    const at = queue.shift()!;
    for (const to of next.get(at) ?? []) {
      if (to === source) return true;
      if (!seen.has(to)) {
        seen.add(to);
        queue.push(to);
      }
    }
  }
  return false;
}

export type LinkRefusal = "link_self" | "link_exists" | "link_cycle" | "link_parent_exists";

/**
 * Checks a new link against the project's links. A task cannot link to itself; the same link
 * (in either direction of reading) exists only once; a task has at most one parent; and
 * blocks, duplicates and parent never go round in a circle (A blocks B blocks A would be a
 * dead end, A parent of B parent of A a contradiction).
 */
export function checkNewLink(existing: readonly StoredLink[], link: StoredLink): { ok: true } | { ok: false; reason: LinkRefusal } {
  if (link.source === link.target) return { ok: false, reason: "link_self" };
  if (existing.some((e) => e.kind === link.kind && e.source === link.source && e.target === link.target)) return { ok: false, reason: "link_exists" };
  if (link.kind === "parent" && existing.some((e) => e.kind === "parent" && e.target === link.target)) return { ok: false, reason: "link_parent_exists" };
  if (link.kind !== "relates" && closesCycle(existing.filter((e) => e.kind === link.kind), link.source, link.target)) return { ok: false, reason: "link_cycle" };
  return { ok: true };
}

/** `POST /issue/{issueUid}/issues`: the other task and how this one relates to it. */
export const linkBody = z
  .object({
    issue: z.string({ error: "link_issue_required" }).min(1, "link_issue_required").max(64, "link_issue_required"),
    kind: z.enum(LINK_KINDS, { error: "link_kind_invalid" }),
  })
  .strict();
