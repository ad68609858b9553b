/**
 * Patches between two JSON values, so a room sends each change once as a few operations
 * instead of its whole state to every socket. `applyPatch(a, diff(a, b))` equals `b`.
 */
import type { PatchOp } from "../wire/live/room";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The operations that turn `a` into `b` (both plain JSON: no undefined, functions or dates). */
export function diff(a: unknown, b: unknown, path: Path = [], ops: PatchOp[] = []): PatchOp[] {
  if (a === b) return ops;
  if (Array.isArray(a) && Array.isArray(b)) {
    const shared = Math.min(a.length, b.length);
    for (let i = 0; i < shared; i++) diff(a[i], b[i], [...path, i], ops);
    for (let i = shared; i < b.length; i++) ops.push({ p: [...path, i], v: b[i] });
    if (b.length < a.length) ops.push({ p: path, len: b.length });
    return ops;
  }
  if (isObject(a) && isObject(b)) {
    for (const key of Object.keys(a)) if (!(key in b)) ops.push({ p: [...path, key], del: true });
    for (const key of Object.keys(b)) {
      if (key in a) diff(a[key], b[key], [...path, key], ops);
      else ops.push({ p: [...path, key], v: b[key] });
    }
    return ops;
  }
  ops.push({ p: path, v: b });
  return ops;
}

/**
 * Applies operations to a copy of `value` and returns it; `value` is not changed. Throws on a
 * path that does not exist, which tells a client its copy is out of step (it then asks for the
 * full state).
 */
export function applyPatch<T>(value: T, ops: readonly PatchOp[]): T {
  let root = structuredClone(value) as Json;
  for (const op of ops) {
    if (op.p.length === 0) {
      if ("v" in op) root = structuredClone(op.v) as Json;
      else if ("len" in op && Array.isArray(root)) root.length = op.len;
      else throw new Error("patch does not fit");
      continue;
    }
    let parent: Json = root;
    for (const key of op.p.slice(0, -1)) {
      const next: Json | undefined = (parent as Record<string | number, Json>)?.[key as never];
      if (typeof next !== "object" || next === null) throw new Error("patch does not fit");
      parent = next;
    }
    const last = op.p[op.p.length - 1]!;
    if (typeof parent !== "object" || parent === null) throw new Error("patch does not fit");
    if ("len" in op) {
      const target = (parent as Record<string | number, Json>)[last as never];
      if (!Array.isArray(target)) throw new Error("patch does not fit");
      target.length = op.len;
    } else if ("del" in op) {
      delete (parent as Record<string | number, Json>)[last as never];
    } else {
      (parent as Record<string | number, Json>)[last as never] = structuredClone(op.v) as Json;
    }
  }
  return root as T;
}

/**
 * Whether a patch continues a client that holds the view at `held`: "apply" it, ignore it as
 * "stale" (its changes are already in a state the client got), or ask for the state on a "gap".
 */
export function patchFits(held: number, patch: { seq: number; from?: number }): "apply" | "stale" | "gap" {
  if (patch.seq <= held) return "stale";
  return (patch.from ?? patch.seq) <= held + 1 ? "apply" : "gap";
}
