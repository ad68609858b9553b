// The one table `npm run bench` ends with (issue 17): every goal as a row with our figure, the peer
// or floor measured in the same run, the ratio, the goal and PASS/MISS. Each part records its rows
// as it measures; a part that did not run leaves no row.
const rows = [];

/**
 * `ours` and `peer` are numbers in `unit` (or a text such as "> 500"; peer null when the goal has
 * no peer); `pass` is the
 * goal's own test, since goals mix an absolute bound with a ratio to the peer.
 */
export function record({ what, ours, peer = null, unit = "ms", goal, pass }) {
  rows.push({ what, ours, peer, unit, goal, pass: Boolean(pass) });
}

const show = (v, unit) => (typeof v === "string" ? v : v === null || v === undefined || Number.isNaN(v) ? "—" : `${Number.isInteger(v) ? v : v.toFixed(1)}${unit ? ` ${unit}` : ""}`);

export function printReport() {
  if (rows.length === 0) return;
  const table = rows.map((r) => [
    r.what,
    show(r.ours, r.unit),
    show(r.peer, r.unit),
    typeof r.ours === "number" && typeof r.peer === "number" && r.peer > 0 ? `${(r.ours / r.peer).toFixed(2)}×` : "—",
    r.goal,
    r.pass ? "PASS" : "MISS",
  ]);
  const head = ["What", "Ours", "Peer/floor", "Ratio", "Goal", ""];
  const widths = head.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  console.log("\nSummary (issue 17's goals, this run):");
  console.log(line(head));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of table) console.log(line(row));
  const missed = rows.filter((r) => !r.pass).length;
  console.log(`${rows.length - missed} of ${rows.length} goals met.`);
}
