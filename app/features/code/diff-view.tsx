import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChangedFile as GitChangedFile } from "../../../domain/wire/git";

type Row = { kind: "hunk" | "same" | "add" | "del"; text: string; old?: number; new?: number };

/** Numbers each line of a unified patch with its old and new line. */
function rowsOf(patch: string): Row[] {
  const rows: Row[] = [];
  let oldLine = 0;
  let newLine = 0;
  for (const line of patch.split("\n")) {
    const hunk = line.match(/^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/);
    if (hunk) {
      oldLine = Number(hunk[1]);
      newLine = Number(hunk[2]);
      rows.push({ kind: "hunk", text: line });
    } else if (line.startsWith("+")) rows.push({ kind: "add", text: line.slice(1), new: newLine++ });
    else if (line.startsWith("-")) rows.push({ kind: "del", text: line.slice(1), old: oldLine++ });
    else rows.push({ kind: "same", text: line.slice(1), old: oldLine++, new: newLine++ });
  }
  return rows;
}

const TONE = { hunk: "bg-[var(--surface-2)] text-[var(--muted)]", same: "", add: "bg-green-500/15", del: "bg-red-500/15" } as const;
const SIGN = { hunk: "", same: " ", add: "+", del: "-" } as const;

function Unified({ rows }: { rows: Row[] }) {
  return (
    <table className="w-full border-collapse font-mono text-xs leading-5">
      <tbody>
        {rows.map((r, i) => (
          <tr key={i} className={TONE[r.kind]} data-kind={r.kind}>
            <td className="w-10 select-none px-2 text-right text-[var(--muted)]">{r.old ?? ""}</td>
            <td className="w-10 select-none px-2 text-right text-[var(--muted)]">{r.new ?? ""}</td>
            <td className="whitespace-pre px-2">{SIGN[r.kind] + r.text}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Old on the left, new on the right; deletions and additions of one block face each other. */
function Split({ rows }: { rows: Row[] }) {
  const pairs: [Row | null, Row | null][] = [];
  for (let i = 0; i < rows.length; ) {
    const r = rows[i]!;
    if (r.kind === "del" || r.kind === "add") {
      const dels: Row[] = [];
      const adds: Row[] = [];
      while (rows[i]?.kind === "del") dels.push(rows[i++]!);
      while (rows[i]?.kind === "add") adds.push(rows[i++]!);
      for (let k = 0; k < Math.max(dels.length, adds.length); k++) pairs.push([dels[k] ?? null, adds[k] ?? null]);
    } else {
      pairs.push([r, r]);
      i++;
    }
  }
  const cell = (r: Row | null, side: "old" | "new") => (
    <>
      <td className={`w-10 select-none px-2 text-right text-[var(--muted)] ${r ? TONE[r.kind] : ""}`}>{r?.[side] ?? ""}</td>
      <td className={`whitespace-pre px-2 ${r ? TONE[r.kind] : "bg-[var(--surface-2)]"}`}>{r ? r.text : ""}</td>
    </>
  );
  return (
    <table className="w-full table-fixed border-collapse font-mono text-xs leading-5">
      <colgroup>
        <col className="w-12" />
        <col />
        <col className="w-12" />
        <col />
      </colgroup>
      <tbody>
        {pairs.map(([a, b], i) =>
          a?.kind === "hunk" ? (
            <tr key={i} className={TONE.hunk}>
              <td colSpan={4} className="px-2">{a.text}</td>
            </tr>
          ) : (
            <tr key={i}>
              {cell(a, "old")}
              {cell(b, "new")}
            </tr>
          ),
        )}
      </tbody>
    </table>
  );
}

/** The files a commit changed, each with its diff, unified or side by side. */
export function DiffView({ files }: { files: GitChangedFile[] }) {
  const { t } = useTranslation("code");
  const [split, setSplit] = useState(false);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-2">
        <span className="muted flex-1 text-sm">{t("commit.files", { count: files.length })}</span>
        <div className="inline-flex rounded-lg border border-[var(--border)] p-0.5">
          {[false, true].map((s) => (
            <button key={String(s)} type="button" aria-pressed={split === s} onClick={() => setSplit(s)} className={`rounded-md px-3 py-1 text-sm ${split === s ? "bg-[var(--primary)] text-[var(--primary-text)]" : "muted"}`}>
              {t(s ? "commit.split" : "commit.unified")}
            </button>
          ))}
        </div>
      </div>
      {files.map((f) => (
        <section key={f.path} className="card overflow-hidden" data-testid="diff-file">
          <header className="flex items-center gap-3 border-b border-[var(--border)] px-3 py-2 text-sm">
            <span className="font-mono font-medium">{f.path}</span>
            <span className="muted text-xs">{t(`commit.status.${f.status}`)}</span>
            <span className="ml-auto text-xs text-green-600">+{f.additions}</span>
            <span className="text-xs text-red-600">−{f.deletions}</span>
          </header>
          <div tabIndex={0} className="overflow-x-auto">
            {f.patch === null ? <p className="muted px-3 py-2 text-sm">{t(f.binary ? "commit.binary" : "commit.tooLarge")}</p> : split ? <Split rows={rowsOf(f.patch)} /> : <Unified rows={rowsOf(f.patch)} />}
          </div>
        </section>
      ))}
    </div>
  );
}
