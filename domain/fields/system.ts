/**
 * System fields: created with every project, stored and served like user fields, never
 * deletable. English slugs, kept in this one table (DESIGN.md).
 */
import type { EntityKind, FieldType } from "./types";

export interface SystemFieldSpec {
  slug: string;
  type: FieldType;
  entities: EntityKind[];
  /** Each participant keeps their own value (votes). */
  individual?: boolean;
  /** Default options for option types: [translation key under fields.options, colour]. */
  options?: [string, string][];
}

export const SYSTEM_FIELDS: readonly SystemFieldSpec[] = [
  { slug: "title", type: "text", entities: ["issue", "docs", "room", "gitproject"] },
  { slug: "description", type: "long_text", entities: ["issue", "docs"] },
  {
    slug: "status",
    type: "rotation",
    entities: ["issue"],
    options: [
      ["todo", "#64748b"],
      ["in_progress", "#0ea5e9"],
      ["review", "#8b5cf6"],
      ["done", "#10b981"],
    ],
  },
  {
    slug: "issue_type",
    type: "rotation",
    entities: ["issue"],
    options: [
      ["task", "#0ea5e9"],
      ["bug", "#ef4444"],
      ["story", "#10b981"],
      ["epic", "#8b5cf6"],
    ],
  },
  { slug: "start_date", type: "date", entities: ["issue"] },
  { slug: "end_date", type: "date", entities: ["issue"] },
  { slug: "epic", type: "issue", entities: ["issue"] },
  { slug: "subtasks", type: "issues", entities: ["issue"] },
  { slug: "sprint", type: "sprint", entities: ["issue"] },
  { slug: "tags", type: "multi_select", entities: ["issue", "docs"] },
  { slug: "participants", type: "participants", entities: ["issue", "room"] },
  {
    slug: "role",
    type: "select",
    entities: ["participant"],
    options: [
      ["developer", "#0ea5e9"],
      ["designer", "#ec4899"],
      ["analyst", "#f59e0b"],
      ["qa", "#10b981"],
      ["manager", "#8b5cf6"],
    ],
  },
  {
    slug: "voting_deck",
    type: "select",
    entities: ["room"],
    options: [
      ["fibonacci", "#4f46e5"],
      ["tshirt", "#0ea5e9"],
      ["powers_of_two", "#10b981"],
    ],
  },
  {
    slug: "retro_preset",
    type: "select",
    entities: ["room"],
    options: [
      ["start_stop_continue", "#4f46e5"],
      ["mad_sad_glad", "#ef4444"],
      ["went_well_to_improve", "#10b981"],
    ],
  },
  { slug: "votes", type: "number", entities: ["issue", "room"], individual: true },
  /** The agreed size of a task (story points, hours, a T-shirt value): summed per lane. */
  { slug: "estimate", type: "number", entities: ["issue"] },
  /** A poker or retro room is open to guests (people without an account, by link): off unless its owner chose so. */
  { slug: "guest_access", type: "checkbox", entities: ["room"] },
];

/** The room setting "open to guests" (a system field of rooms, see `guest_access` above). */
export const GUEST_ACCESS_SLUG = "guest_access";

export const SYSTEM_SLUGS = new Set(SYSTEM_FIELDS.map((f) => f.slug));
export const isSystemSlug = (slug: string | null | undefined) => Boolean(slug && SYSTEM_SLUGS.has(slug));
