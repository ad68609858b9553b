/**
 * The command palette (⌘K / Ctrl+K) and the keyboard shortcuts of the workspace (issue 15):
 * jump to a project, a task (by key or title, through the task search API), a document or a
 * room; switch the view, start a new task, switch theme or language; `?` shows the shortcuts.
 * Written here rather than taken from a library: one input, one list, the combobox pattern of
 * WAI-ARIA, and nothing else.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useRouteLoaderData } from "react-router";
import { LANGUAGES } from "../../../domain/i18n/languages";
import { TASKBOARD_VIEWS } from "../../../domain/planning/views";
import { toggleSidebar } from "../projects/sidebar-state";
import { firesWhileTyping, rankByQuery, readShortcut, SEQUENCE_MS, type Shortcut, SHORTCUT_SHEET, stepIndex, taskQuery } from "../../../domain/ui/shortcuts";
import { ModalDialog } from "../../components/ui/dialog";
import { Icon } from "../../components/ui/icons";
import { useApi } from "./errors";
import { useChangeLanguage } from "./preferences";
import { useTheme } from "./theme";

type Group = "actions" | "views" | "projects" | "tasks" | "documents" | "rooms";

interface Command {
  id: string;
  group: Group;
  label: string;
  keywords?: string;
  run: () => void;
}

interface PaletteControls {
  openPalette: () => void;
}

const PaletteContext = createContext<PaletteControls | null>(null);

/** How many items of a group the list shows. */
const PER_GROUP = 6;
/** The palette and the shortcut sheet: a card near the top of the window (the kit's dialog gives focus back on close). */
const SHEET = "card mx-auto mt-[12vh] mb-auto w-full";
/** Wait this long after the last key before asking the server for tasks. */
const SEARCH_DELAY_MS = 150;

/** The project the page belongs to (the project layout's loader data), if any. */
function useCurrentProject(): { guid: string; name: string } | null {
  const data = useRouteLoaderData("routes/project-layout") as { project?: { guid: string; name: string } | null } | undefined;
  return data?.project ?? null;
}

/** A text field, where single-key shortcuts are typing, not commands. */
function isTyping(target: EventTarget | null): boolean {
  // Inside a document, even a read-only one (contenteditable="false"), keys are the reader's:
  // the focus may stay on <body> there, so the selection's place decides too.
  const anchor = window.getSelection()?.anchorNode;
  const selected = anchor instanceof Element ? anchor : anchor?.parentElement;
  if (selected?.closest("[contenteditable]")) return true;
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest("[contenteditable]")) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !["button", "checkbox", "radio", "range", "reset", "submit", "color", "file", "image"].includes(target.type);
  return ["textbox", "combobox", "searchbox", "spinbutton"].includes(target.getAttribute("role") ?? "");
}

/** Focuses the first element matching `selector` once it appears (after a navigation renders). */
function focusWhenShown(selector: string, timeoutMs = 3000) {
  const started = performance.now();
  const look = () => {
    const el = document.querySelector<HTMLElement>(selector);
    if (el) el.focus();
    else if (performance.now() - started < timeoutMs) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

/**
 * J and K: focus the next or previous card or row of the view on screen (elements marked
 * `data-shortcut-item`, each with one `data-shortcut-open` link); E opens the focused one.
 * Nothing happens on a page without such items.
 */
function stepThroughItems(shortcut: "next" | "previous" | "open") {
  const items = [...document.querySelectorAll<HTMLElement>("[data-shortcut-item]")].filter((el) => el.checkVisibility());
  const current = items.findIndex((el) => el.contains(document.activeElement));
  const linkOf = (el: HTMLElement | undefined) => el?.querySelector<HTMLElement>("[data-shortcut-open]");
  if (shortcut === "open") return linkOf(items[current])?.click();
  const link = linkOf(items[stepIndex(current, items.length, shortcut === "next" ? 1 : -1)]);
  link?.focus();
  link?.scrollIntoView({ block: "nearest", inline: "nearest" });
}

/** Mounted once in the signed-in shell: the palette, the shortcut sheet and the key listener. */
export function CommandPaletteProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [sheet, setSheet] = useState(false);
  const navigate = useNavigate();
  const project = useCurrentProject();
  const pending = useRef<{ key: string; at: number } | null>(null);

  const newTask = useCallback(() => {
    if (!project) return;
    const planning = `/project/${project.guid}/taskboard?view=planning`;
    if (window.location.pathname + window.location.search !== planning) void navigate(planning);
    focusWhenShown('[data-testid="new-task-title"]');
  }, [navigate, project]);

  const run = useCallback(
    (shortcut: Shortcut) => {
      if (shortcut === "palette" || shortcut === "search") setOpen(true);
      else if (shortcut === "sheet") setSheet(true);
      else if (shortcut === "newTask") newTask();
      else if (shortcut === "board" && project) void navigate(`/project/${project.guid}/taskboard?view=board`);
      else if (shortcut === "next" || shortcut === "previous" || shortcut === "open") stepThroughItems(shortcut);
      else if (shortcut === "sidebar") toggleSidebar();
    },
    [navigate, newTask, project],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return;
      const waiting = pending.current && performance.now() - pending.current.at < SEQUENCE_MS ? pending.current.key : null;
      const { shortcut, pending: next } = readShortcut(e, waiting);
      const typing = isTyping(e.target);
      pending.current = next && !typing ? { key: next, at: performance.now() } : null;
      if (!shortcut || (typing && !firesWhileTyping(shortcut))) return;
      // An open dialog owns the keyboard; only the palette key toggles the palette itself.
      if (document.querySelector('dialog:modal, [aria-modal="true"]') && shortcut !== "palette") return;
      e.preventDefault();
      if (shortcut === "palette" && open) setOpen(false);
      else run(shortcut);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, run]);

  const controls = useMemo(() => ({ openPalette: () => setOpen(true) }), []);
  return (
    <PaletteContext.Provider value={controls}>
      {children}
      {open && <CommandPalette project={project} onClose={() => setOpen(false)} onNewTask={newTask} onSheet={() => setSheet(true)} />}
      {sheet && <ShortcutSheet onClose={() => setSheet(false)} />}
    </PaletteContext.Provider>
  );
}

/** The header's search button; nothing outside the signed-in shell. */
export function PaletteButton() {
  const { t } = useTranslation();
  const controls = useContext(PaletteContext);
  if (!controls) return null;
  return (
    <button type="button" className="btn btn-ghost gap-2 px-2.5" onClick={controls.openPalette} data-testid="palette-open">
      <Icon name="search" size={18} />
      <span className="sr-only">{t("shell.palette.open")}</span>
      <kbd aria-hidden="true" className="muted hidden rounded border border-[var(--border)] px-1.5 text-xs font-medium lg:inline">
        Ctrl K
      </kbd>
    </button>
  );
}

function CommandPalette({ project, onClose, onNewTask, onSheet }: { project: { guid: string; name: string } | null; onClose: () => void; onNewTask: () => void; onSheet: () => void }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const { theme, setTheme } = useTheme();
  const changeLanguage = useChangeLanguage();
  const listId = useId();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const [projects, setProjects] = useState<{ guid: string; name: string }[]>([]);
  const [docs, setDocs] = useState<{ guid: string; title: string }[]>([]);
  const [rooms, setRooms] = useState<{ guid: string; title: string; kind: "poker" | "retro"; archived: boolean }[]>([]);
  const [tasks, setTasks] = useState<{ guid: string; number: number; title: string }[]>([]);
  const [searching, setSearching] = useState(false);

  // What the palette can jump to without typing: read once per opening.
  useEffect(() => {
    let live = true;
    void api<{ guid: string; name: string; archive: boolean }[]>("GET", "/v1/project", undefined, { quiet: true }).then((r) => live && r.data && setProjects(r.data.filter((p) => !p.archive)));
    if (project) {
      void api<{ results: { guid: string; title: string }[] }>("GET", `/v1/project/${project.guid}/docs`, undefined, { quiet: true }).then((r) => live && r.data && setDocs(r.data.results));
      void api<{ results: { guid: string; title: string; kind: "poker" | "retro"; archived: boolean }[] }>("GET", `/v1/project/${project.guid}/rooms`, undefined, { quiet: true }).then(
        (r) => live && r.data && setRooms(r.data.results.filter((room) => !room.archived)),
      );
    }
    return () => {
      live = false;
    };
  }, [api, project]);

  // Tasks come from the project's search (title, description, comments, or `#12`).
  useEffect(() => {
    const q = taskQuery(query);
    if (!project || !q) {
      setTasks([]);
      setSearching(false);
      return;
    }
    let live = true;
    setSearching(true);
    const timer = setTimeout(() => {
      void api<{ results: { guid: string; number: number; title: string }[] }>("GET", `/v1/project/${project.guid}/issuesearch/data?query=${encodeURIComponent(q)}&limit=${PER_GROUP}`, undefined, { quiet: true }).then((r) => {
        if (!live) return;
        setTasks(r.data?.results ?? []);
        setSearching(false);
      });
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, project, query]);

  const go = useCallback(
    (to: string) => () => {
      onClose();
      void navigate(to);
    },
    [navigate, onClose],
  );

  const commands = useMemo(() => {
    const next = theme === "dark" ? "light" : "dark";
    const actions: Command[] = [
      ...(project ? [{ id: "new-task", group: "actions" as const, label: t("shell.palette.newTask"), run: () => (onClose(), onNewTask()) }] : []),
      { id: "theme", group: "actions", label: t("theme.switchTo", { theme: t(`theme.names.${next}`) }), keywords: "theme dark light", run: () => (setTheme(next), onClose()) },
      ...LANGUAGES.filter((lng) => lng !== i18n.language).map((lng) => ({ id: `language-${lng}`, group: "actions" as const, label: t("shell.palette.language", { name: t(`language.names.${lng}`) }), keywords: `language ${lng}`, run: () => (void changeLanguage(lng), onClose()) })),
      { id: "shortcuts", group: "actions", label: t("shell.palette.shortcuts"), keywords: "keyboard help ?", run: () => (onClose(), onSheet()) },
    ];
    const views: Command[] = project
      ? TASKBOARD_VIEWS.map((view) => ({ id: `view-${view}`, group: "views" as const, label: t("shell.palette.view", { view: t(`views:switcher.${view}`) }), run: go(`/project/${project.guid}/taskboard?view=${view}`) }))
      : [];
    const places: Command[] = [
      ...projects.map((p) => ({ id: `project-${p.guid}`, group: "projects" as const, label: p.name, run: go(`/project/${p.guid}`) })),
      ...(project ? docs.map((d) => ({ id: `doc-${d.guid}`, group: "documents" as const, label: d.title, run: go(`/project/${project.guid}/docs/${d.guid}`) })) : []),
      ...(project ? rooms.map((r) => ({ id: `room-${r.guid}`, group: "rooms" as const, label: r.title, keywords: t(`rooms:kinds.${r.kind}`), run: go(`/project/${project.guid}/room/${r.kind}/${r.guid}`) })) : []),
    ];
    const found: Command[] = project ? tasks.map((task) => ({ id: `task-${task.guid}`, group: "tasks" as const, label: `#${task.number} ${task.title}`, run: go(`/project/${project.guid}/issue/${task.guid}`) })) : [];
    const order: Group[] = query.trim() ? ["tasks", "projects", "documents", "rooms", "views", "actions"] : ["actions", "views", "projects", "documents", "rooms"];
    const ranked = [...found, ...rankByQuery([...actions, ...views, ...places], query)];
    return order.map((group) => ({ group, items: ranked.filter((c) => c.group === group).slice(0, PER_GROUP) })).filter((g) => g.items.length > 0);
  }, [changeLanguage, docs, go, i18n.language, onClose, onNewTask, onSheet, project, projects, query, rooms, setTheme, t, tasks, theme]);

  const flat = commands.flatMap((g) => g.items);
  const current = flat[Math.min(active, flat.length - 1)];
  const optionId = (c: Command) => `${listId}-${c.id}`;

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (flat.length === 0) return;
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (Math.min(i, flat.length - 1) + step + flat.length) % flat.length);
    } else if (e.key === "Enter") {
      e.preventDefault();
      current?.run();
    } else if (e.key === "Escape") {
      e.preventDefault();
      onClose();
    }
  };

  useEffect(() => {
    if (current) document.getElementById(optionId(current))?.scrollIntoView({ block: "nearest" });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current?.id]);

  return (
    <ModalDialog label={t("shell.palette.label")} onClose={onClose} closeOnBackdrop className={`${SHEET} max-h-[70vh] max-w-xl overflow-hidden p-0 open:flex open:flex-col`} testId="palette">
      <div className="flex items-center gap-2 border-b border-[var(--border)] px-3">
        <Icon name="search" size={18} className="muted shrink-0" />
        <input
          autoFocus
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={current ? optionId(current) : undefined}
          aria-label={t("shell.palette.label")}
          placeholder={t("shell.palette.placeholder")}
          className="min-w-0 flex-1 bg-transparent py-3 text-base outline-none"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          data-testid="palette-input"
        />
      </div>
      <div id={listId} role="listbox" aria-label={t("shell.palette.label")} className="overflow-y-auto p-1.5">
        {commands.map(({ group, items }) => (
          <div key={group} role="group" aria-labelledby={`${listId}-${group}`} className="mb-1">
            <div id={`${listId}-${group}`} role="presentation" className="muted px-2.5 pt-2 pb-1 text-xs font-semibold">
              {t(`shell.palette.groups.${group}`)}
            </div>
            {items.map((c) => (
              <div
                key={c.id}
                id={optionId(c)}
                role="option"
                aria-selected={c === current}
                className={`cursor-pointer truncate rounded-lg px-2.5 py-2 text-sm ${c === current ? "bg-[var(--surface-2)] text-[var(--primary)]" : ""}`}
                onMouseMove={() => c !== current && setActive(flat.indexOf(c))}
                onClick={() => c.run()}
                data-testid="palette-option"
                data-group={group}
              >
                {c.label}
              </div>
            ))}
          </div>
        ))}
        {flat.length === 0 && (
          <p className="muted px-2.5 py-6 text-center text-sm" role="status">
            {searching ? t("shell.palette.searching") : t("shell.palette.empty")}
          </p>
        )}
      </div>
    </ModalDialog>
  );
}

/** `?`: the shortcuts, each with its keys. */
function ShortcutSheet({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  return (
    <ModalDialog labelledBy={titleId} onClose={onClose} closeOnBackdrop className={`${SHEET} max-w-md p-5`} testId="shortcut-sheet">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold">
          {t("shell.shortcuts.title")}
        </h2>
        <button ref={close} type="button" className="btn btn-ghost px-2" onClick={onClose}>
          <Icon name="x" size={18} />
          <span className="sr-only">{t("shell.shortcuts.close")}</span>
        </button>
      </div>
      <dl className="flex flex-col gap-2 text-sm">
        {SHORTCUT_SHEET.map(({ shortcut, keys, sequence }) => (
          <div key={shortcut} className="flex items-center justify-between gap-4">
            <dt>{t(`shell.shortcuts.${shortcut}`)}</dt>
            <dd className="flex shrink-0 items-center gap-1">
              {keys.map((key, i) => (
                <span key={key} className="flex items-center gap-1">
                  {i > 0 && sequence && <span className="muted text-xs">{t("shell.shortcuts.then")}</span>}
                  <kbd className="rounded border border-[var(--border)] bg-[var(--surface-2)] px-1.5 py-0.5 text-xs font-semibold">{key}</kbd>
                </span>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </ModalDialog>
  );
}
