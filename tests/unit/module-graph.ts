/**
 * A small module graph of the TypeScript sources, for the import rules (`import-rules.test.ts`):
 * every `import`/`export … from`/`import()` of every file, relative ones and the path aliases of
 * tsconfig.json resolved to files, packages kept by name. Type-only imports count too: a circle
 * of types is still two layers that cannot be read, changed or moved apart. No dependency: a
 * regex over the source is enough for code formatted as ours is (imports start a line).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

export interface ModuleGraph {
  /** Repository-relative file → the repository-relative files it imports. */
  files: Map<string, string[]>;
  /** Repository-relative file → the packages it imports (`drizzle-orm`, `drizzle-orm/d1`…). */
  packages: Map<string, string[]>;
}

/** tsconfig.json `paths`: prefix → folder. */
const ALIASES: [string, string][] = [
  ["~/", "app/"],
  ["@domain/", "domain/"],
  ["@workers/", "workers/"],
];
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

const STATIC = /^[ \t]*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']/gms;
const BARE = /^[ \t]*import\s*["']([^"']+)["']/gm;
const DYNAMIC = /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

/** The specifiers one source text imports. */
export function importsOf(source: string): string[] {
  const found = new Set<string>();
  for (const pattern of [STATIC, BARE, DYNAMIC]) for (const m of source.matchAll(pattern)) found.add(m[1]!);
  return [...found];
}

function walk(root: string, folder: string, out: string[]): void {
  const dir = join(root, folder);
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const path = join(folder, name);
    if (statSync(join(root, path)).isDirectory()) walk(root, path, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) out.push(path);
  }
}

function resolveFile(root: string, from: string, specifier: string): string | null | "package" {
  let base: string;
  const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix));
  if (alias) base = alias[1] + specifier.slice(alias[0].length);
  else if (specifier.startsWith(".")) base = relative(root, resolve(root, dirname(from), specifier));
  else return "package";
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (existsSync(join(root, candidate)) && statSync(join(root, candidate)).isFile()) return candidate;
  }
  // Generated route types (`./+types/…`) and JSON resources are not part of the graph.
  return null;
}

/** The graph of every TypeScript file under `folders` (repository-relative). */
export function moduleGraph(root: string, folders: string[]): ModuleGraph {
  const sources: string[] = [];
  for (const folder of folders) walk(root, folder, sources);
  const files = new Map<string, string[]>();
  const packages = new Map<string, string[]>();
  for (const file of sources) {
    const targets: string[] = [];
    const names: string[] = [];
    for (const specifier of importsOf(readFileSync(join(root, file), "utf8"))) {
      const target = resolveFile(root, file, specifier);
      if (target === "package") names.push(specifier);
      else if (target) targets.push(target);
    }
    files.set(file, targets);
    packages.set(file, names);
  }
  return { files, packages };
}

/**
 * The import circles: every strongly connected set of two or more files (or a file importing
 * itself), each sorted, found with Tarjan's algorithm.
 */
export function circles(graph: ModuleGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.files.get(file) ?? []) {
      if (!graph.files.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) === index.get(file)) {
      const members: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        members.push(member);
      } while (member !== file);
      if (members.length > 1 || graph.files.get(file)!.includes(file)) found.push(members.sort());
    }
  };
  for (const file of [...graph.files.keys()].sort()) if (!index.has(file)) visit(file);
  return found;
}
