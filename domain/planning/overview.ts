/**
 * The project overview's answers to "where are we" (issue 15), worked out from the board's
 * tasks and the activity log: the current sprint's progress and days left, the viewer's open
 * tasks, recent activity grouped by person and day, and the sprints coming next.
 */

export interface OverviewTask {
  guid: string;
  number: number;
  title: string;
  status: string | null;
  people: readonly string[];
}

export interface OverviewSprint {
  guid: string;
  title: string;
  status: string;
  backlog: boolean;
  start_date: string | null;
  end_date: string | null;
  tasks: readonly OverviewTask[];
}

export interface SprintProgress {
  guid: string;
  title: string;
  done: number;
  total: number;
  end_date: string | null;
  /** Whole days from `today` to the end date (0 on the last day, negative once it is over); null without an end date. */
  daysLeft: number | null;
}

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);

/** The active sprint's progress (the first active one by board order), or null when none is active. */
export function currentSprint(sprints: readonly OverviewSprint[], done: ReadonlySet<string>, today: string): SprintProgress | null {
  const sprint = sprints.find((s) => !s.backlog && s.status === "active");
  if (!sprint) return null;
  return {
    guid: sprint.guid,
    title: sprint.title,
    done: sprint.tasks.filter((t) => t.status !== null && done.has(t.status)).length,
    total: sprint.tasks.length,
    end_date: sprint.end_date,
    daysLeft: sprint.end_date ? dayNumber(sprint.end_date) - dayNumber(today) : null,
  };
}

/** The viewer's tasks that are not done: those of the active sprint first, then by number. */
export function myOpenTasks(sprints: readonly OverviewSprint[], done: ReadonlySet<string>, viewer: string, limit: number): OverviewTask[] {
  const rank = (s: OverviewSprint) => (s.status === "active" ? 0 : s.backlog ? 2 : 1);
  return [...sprints]
    .sort((a, b) => rank(a) - rank(b))
    .flatMap((s) => [...s.tasks].sort((a, b) => a.number - b.number))
    .filter((t) => t.people.includes(viewer) && !(t.status !== null && done.has(t.status)))
    .slice(0, limit);
}

/** Planned sprints that have not ended, by start date (undated last). */
export function upcomingSprints(sprints: readonly OverviewSprint[], today: string, limit: number): OverviewSprint[] {
  return sprints
    .filter((s) => !s.backlog && s.status === "planned" && (!s.end_date || s.end_date >= today))
    .sort((a, b) => (a.start_date ?? "9999").localeCompare(b.start_date ?? "9999"))
    .slice(0, limit);
}

export interface ActivityEntry {
  actor: { guid: string; name: string } | null;
  action: string;
  entity: string;
  created_at: number;
}

export interface ActivityGroup {
  actor: { guid: string; name: string } | null;
  /** The day's key as `dayOf` gives it (the reader's own calendar day). */
  day: string;
  /** How many entries of each action, most frequent first. */
  actions: { action: string; count: number }[];
  /** The distinct things touched, newest first. */
  entities: string[];
  latest: number;
}

/**
 * Groups entries (newest first) by person and day: sixty "created" rows by one person on one
 * day become one line. Groups keep the order of their newest entry.
 */
export function groupActivity(entries: readonly ActivityEntry[], dayOf: (ms: number) => string): ActivityGroup[] {
  const groups = new Map<string, ActivityGroup & { counts: Map<string, number> }>();
  for (const e of entries) {
    const day = dayOf(e.created_at);
    const key = `${e.actor?.guid ?? ""}|${day}`;
    let g = groups.get(key);
    if (!g) {
      g = { actor: e.actor, day, actions: [], entities: [], latest: e.created_at, counts: new Map() };
      groups.set(key, g);
    }
    g.counts.set(e.action, (g.counts.get(e.action) ?? 0) + 1);
    if (!g.entities.includes(e.entity)) g.entities.push(e.entity);
  }
  return [...groups.values()].map(({ counts, ...g }) => ({
    ...g,
    actions: [...counts].map(([action, count]) => ({ action, count })).sort((a, b) => b.count - a.count),
  }));
}
