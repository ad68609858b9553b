/**
 * Line diffs for the commit page: Myers' O(ND) shortest edit script, grouped into unified hunks
 * with three lines of context, the way `git diff` prints them. Pure, shared by the GitRepo
 * object (which computes them) and tests.
 */

export type DiffOp = { kind: "same" | "add" | "del"; line: string };

/** Above this many changed lines the diff is not computed (the page says so). */
export const MAX_EDIT_DISTANCE = 4000;

export function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** The edit script from `a` to `b`, or null when it is longer than `max` edits. */
export function diffLines(a: string[], b: string[], max = MAX_EDIT_DISTANCE): DiffOp[] | null {
  // Common head and tail first: most commits change a few lines of a long file.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const A = a.slice(head, a.length - tail);
  const B = b.slice(head, b.length - tail);
  const middle = myers(A, B, max);
  if (!middle) return null;
  return [
    ...a.slice(0, head).map((line) => ({ kind: "same" as const, line })),
    ...middle,
    ...a.slice(a.length - tail).map((line) => ({ kind: "same" as const, line })),
  ];
}

function myers(a: string[], b: string[], max: number): DiffOp[] | null {
  const n = a.length;
  const m = b.length;
  const limit = Math.min(n + m, max);
  const offset = limit + 1;
  let v = new Int32Array(2 * limit + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= limit; d++) {
    trace.push(v.slice());
    const next = v.slice();
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      next[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, next, a, b, d, offset);
    }
    v = next;
  }
  return null;
}

function backtrack(trace: Int32Array[], last: Int32Array, a: string[], b: string[], depth: number, offset: number): DiffOp[] {
  const ops: DiffOp[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = depth; d > 0; d--) {
    const v = trace[d]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? k + 1 : k - 1;
    const prevX = v[offset + prevK]!;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) ops.push({ kind: "same", line: a[--x]! }), y--;
    if (x === prevX) ops.push({ kind: "add", line: b[--y]! });
    else ops.push({ kind: "del", line: a[--x]! });
  }
  while (x > 0 && y > 0) ops.push({ kind: "same", line: a[--x]! }), y--;
  void last;
  return ops.reverse();
}

export interface Hunk {
  header: string;
  lines: DiffOp[];
}

/** Groups an edit script into hunks with `context` unchanged lines around each change. */
export function hunks(ops: DiffOp[], context = 3): Hunk[] {
  const out: Hunk[] = [];
  const changed = ops.map((op, i) => (op.kind === "same" ? -1 : i)).filter((i) => i >= 0);
  if (changed.length === 0) return out;
  let start = Math.max(0, changed[0]! - context);
  let end = Math.min(ops.length, changed[0]! + context + 1);
  const ranges: [number, number][] = [];
  for (const i of changed.slice(1)) {
    if (i - context <= end) end = Math.min(ops.length, i + context + 1);
    else {
      ranges.push([start, end]);
      start = Math.max(0, i - context);
      end = Math.min(ops.length, i + context + 1);
    }
  }
  ranges.push([start, end]);
  for (const [from, to] of ranges) {
    let oldLine = 1;
    let newLine = 1;
    for (const op of ops.slice(0, from)) {
      if (op.kind !== "add") oldLine++;
      if (op.kind !== "del") newLine++;
    }
    const lines = ops.slice(from, to);
    const oldCount = lines.filter((l) => l.kind !== "add").length;
    const newCount = lines.filter((l) => l.kind !== "del").length;
    const range = (line: number, count: number) => `${count === 0 ? line - 1 : line}${count === 1 ? "" : `,${count}`}`;
    out.push({ header: `@@ -${range(oldLine, oldCount)} +${range(newLine, newCount)} @@`, lines });
  }
  return out;
}

/** The unified diff text of one file's hunks (without the `---`/`+++` header). */
export function unifiedText(list: Hunk[]): string {
  const sign = { same: " ", add: "+", del: "-" } as const;
  return list.map((h) => [h.header, ...h.lines.map((l) => sign[l.kind] + l.line)].join("\n")).join("\n");
}

/** The unified diff of two texts, with counts of added and deleted lines; null when too large. */
export function unifiedDiff(before: string, after: string): { patch: string; additions: number; deletions: number } | null {
  const ops = diffLines(splitLines(before), splitLines(after));
  if (!ops) return null;
  return {
    patch: unifiedText(hunks(ops)),
    additions: ops.filter((o) => o.kind === "add").length,
    deletions: ops.filter((o) => o.kind === "del").length,
  };
}
