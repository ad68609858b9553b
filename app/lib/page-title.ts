/**
 * Every page names itself in `<title>` (issue 15): "Task board · Demo project · Planning". One
 * helper for all route `meta` functions: it translates message keys with the bundles the root
 * loader already sends, adds the project's name on pages inside a project, and ends with the
 * app's name. Public pages build their head in domain/seo/head.ts and end the same way.
 */
import { translationsAt } from "./translations";

/** A piece of a title: literal text (a task's title), or a message key like `projects:nav.stats`. */
export type TitlePart = string | { key: string; values?: Record<string, string | number> } | null | undefined | false;

/** The slice of React Router's meta `matches` this helper reads, structurally. */
type MetaMatch = { id: string; loaderData?: unknown } | undefined;

type Bundles = Record<string, unknown>;
const SEPARATOR = " · ";

/** A message from the root loader's bundles, `{{name}}` filled in; the key itself when missing. */
export function translate(resources: Bundles | undefined, key: string, values: Record<string, string | number> = {}): string {
  const [ns, path] = key.includes(":") ? (key.split(":", 2) as [string, string]) : ["common", key];
  let node: unknown = resources?.[ns];
  for (const segment of path.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[segment] : undefined;
  if (typeof node !== "string") return key;
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The parts joined, empty ones left out, with the app's name last. */
export function joinTitle(parts: readonly string[], appName: string): string {
  return [...parts.map((p) => p.trim()).filter(Boolean), appName].join(SEPARATOR);
}

/** `#12 Fix the login` — how a task names itself (its number is its key). */
export function taskTitle(task: { number: number; custom_fields: readonly { slug: string | null; value: unknown }[] }): string {
  const title = task.custom_fields.find((v) => v.slug === "title")?.value;
  return `#${task.number}${typeof title === "string" && title.trim() ? ` ${title.trim()}` : ""}`;
}

/**
 * The `meta` of a page: `[{ title }]`. Inside a project the project's name follows the parts
 * given (the project layout's loader has it).
 */
export function pageTitle(matches: readonly MetaMatch[], ...parts: TitlePart[]): [{ title: string }] {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { translations?: string; title?: string } | undefined;
  const bundles = root?.translations ? (translationsAt(root.translations) as Bundles | undefined) : undefined;
  const project = (matches.find((m) => m?.id === "routes/project-layout")?.loaderData as { project?: { name?: string } | null } | undefined)?.project;
  const words = parts.flatMap((part) => {
    if (!part) return [];
    return [typeof part === "string" ? part : translate(bundles, part.key, part.values)];
  });
  if (project?.name) words.push(project.name);
  return [{ title: joinTitle(words, root?.title ?? "Planning") }];
}
