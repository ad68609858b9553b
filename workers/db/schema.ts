/**
 * The D1 schema: the source of truth for every table. `npm run db:generate` turns changes into
 * a new SQL migration under migrations/ (never edit one that has been applied).
 *
 * Why one file past 400 lines: one schema file keeps drizzle-kit's single snapshot simple
 * (one `schema` entry, one diff per migration) and every table's relations and foreign keys
 * in one place to read. Tables are grouped by area under `// ──` comments; a new area appends
 * its group at the end.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const now = sql`(unixepoch() * 1000)`;

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    /** `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`; null until the owner sets one. */
    passwordHash: text("password_hash"),
    color: text("color").notNull().default("#4f46e5"),
    /** Either a preset avatar id or the R2 key of an uploaded image. */
    avatar: text("avatar"),
    /** The last tab the user had open (`PUT /changingme {tab}`). */
    tab: text("tab"),
    lastProject: text("last_project"),
    licenseType: text("license_type").notNull().default("free"),
    language: text("language"),
    companySize: text("company_size"),
    /**
     * When the owner proved they read `email` (a mailed link followed). Null: the address was
     * only typed; it holds no claim, receives no invitations and yields to whoever confirms it.
     */
    emailConfirmedAt: integer("email_confirmed_at"),
    /** A site administrator writes the blog; granted only by the operator (`npm run admin`). */
    siteAdmin: integer("site_admin", { mode: "boolean" }).notNull().default(false),
    /** When the product tour was first shown to the account (on any device); null: not yet. */
    tourSeenAt: integer("tour_seen_at"),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 of the bearer token, hex: the token itself is never stored. */
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull().default(now),
    /** Absolute end of the session, whatever its use. */
    expiresAt: integer("expires_at").notNull(),
    userAgent: text("user_agent"),
    /** Last use, refreshed at most hourly; null reads as `created_at` (rows before 0013). */
    lastSeenAt: integer("last_seen_at"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const passwordTokens = sqliteTable(
  "password_tokens",
  {
    /** SHA-256 of the uuid sent in the `/pass/{uuid}` link. */
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["reset", "setup"] }).notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("password_tokens_user_idx").on(t.userId)],
);

/**
 * A requested change of a user's e-mail: it takes effect only when the link mailed to the new
 * address is followed by the same user. One pending change per user.
 */
export const emailChanges = sqliteTable(
  "email_changes",
  {
    /** SHA-256 of the uuid in the mailed `/email/{uuid}` link. */
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    newEmail: text("new_email").notNull(),
    expiresAt: integer("expires_at").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("email_changes_user_unique").on(t.userId), index("email_changes_email_idx").on(t.newEmail)],
);

/** Outgoing mail kept locally (MAIL_PROVIDER=local) so people and tests can read it. */
export const mails = sqliteTable("mails", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html").notNull(),
  createdAt: integer("created_at").notNull().default(now),
});

/** Fixed-window counters for rate limits, keyed by purpose and subject (ip or e-mail). */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});

/** A message sent from the feedback dialog or the `/contacts` form (`POST /v1/feedback`). */
export const feedback = sqliteTable("feedback", {
  id: text("id").primaryKey(),
  nameSender: text("name_sender").notNull(),
  email: text("email").notNull(),
  numberMobile: text("number_mobile"),
  text: text("text").notNull(),
  /** The page the message was sent from. */
  pageSend: text("page_send"),
  /** The sender when signed in; the message outlives the account. */
  userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
  /** SHA-256 of the sender's address, for rate limits and spam review without keeping the ip. */
  clientIpHash: text("client_ip_hash"),
  createdAt: integer("created_at").notNull().default(now),
});

export const projects = sqliteTable("projects", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  slug: text("slug"),
  /** Sprint start time setting of the project (spec: `sstime`). */
  sstime: text("sstime"),
  hidden: integer("hidden", { mode: "boolean" }).notNull().default(false),
  archive: integer("archive", { mode: "boolean" }).notNull().default(false),
  ownerId: text("owner_id")
    .notNull()
    .references(() => users.id),
  createdAt: integer("created_at").notNull().default(now),
  updatedAt: integer("updated_at").notNull().default(now),
});

/** A user's membership in a project; its guid is the spec's `access_project.guid`. */
export const participants = sqliteTable(
  "participants",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    isVerifications: integer("is_verifications", { mode: "boolean" }).notNull().default(true),
    root: integer("root", { mode: "boolean" }).notNull().default(false),
    write: integer("write", { mode: "boolean" }).notNull().default(false),
    read: integer("read", { mode: "boolean" }).notNull().default(true),
    /** The user's own order of their project list. */
    sort: integer("sort").notNull().default(0),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("participants_project_user_unique").on(t.projectId, t.userId),
    index("participants_user_idx").on(t.userId),
  ],
);

export type User = typeof users.$inferSelect;
export type Project = typeof projects.$inferSelect;
export type Participant = typeof participants.$inferSelect;

/** An invitation of an e-mail address into a project with a role (spec: invite `{email, value}`). */
export const invites = sqliteTable(
  "invites",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role").notNull(),
    invitedBy: text("invited_by")
      .notNull()
      .references(() => users.id),
    /** SHA-256 of the token in the mailed `/invite/{inviteLink}` address. */
    linkHash: text("link_hash").notNull(),
    status: text("status", { enum: ["pending", "accepted", "declined"] }).notNull().default("pending"),
    createdAt: integer("created_at").notNull().default(now),
    respondedAt: integer("responded_at"),
  },
  (t) => [
    index("invites_project_idx").on(t.projectId),
    index("invites_email_idx").on(t.email),
    uniqueIndex("invites_link_unique").on(t.linkHash),
  ],
);

/** What a user is told about: kept in D1, pushed live through their hub. */
export const notifications = sqliteTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    projectId: text("project_id"),
    /** JSON with what the kind needs to be shown (names, titles). */
    payload: text("payload").notNull().default("{}"),
    readAt: integer("read_at"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.createdAt)],
);

export type Invite = typeof invites.$inferSelect;
export type Notification = typeof notifications.$inferSelect;

/**
 * A field definition: system fields (fixed English `slug`) and user fields alike. Options and
 * the entity permissions are small JSON documents read and written whole.
 */
export const fieldDefinitions = sqliteTable(
  "field_definitions",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** Set for system fields only; unique within a project. */
    slug: text("slug"),
    /** Null for system fields: their title is translated for each reader. */
    title: text("title"),
    typeFields: text("type_fields").notNull(),
    sort: integer("sort").notNull().default(0),
    individualValue: integer("individual_value", { mode: "boolean" }).notNull().default(false),
    hideToUser: integer("hide_to_user", { mode: "boolean" }).notNull().default(false),
    /** JSON: `[{guid, value?, title?, color, sort}]`. */
    valuesSet: text("values_set").notNull().default("[]"),
    /** JSON: `[{slug, permission}]` over the entity kinds. */
    entities: text("entities").notNull().default("[]"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("field_definitions_project_idx").on(t.projectId, t.sort), uniqueIndex("field_definitions_slug_unique").on(t.projectId, t.slug)],
);

/**
 * A value of a field on one entity. `participantValue` is "" for shared values and the user's
 * guid for individual ones (e.g. each participant's vote).
 */
export const fieldValues = sqliteTable(
  "field_values",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    fieldId: text("field_id")
      .notNull()
      .references(() => fieldDefinitions.id, { onDelete: "cascade" }),
    entityKind: text("entity_kind").notNull(),
    entityId: text("entity_id").notNull(),
    participantValue: text("participant_value").notNull().default(""),
    /** JSON of the value. */
    value: text("value").notNull(),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("field_values_unique").on(t.fieldId, t.entityId, t.participantValue),
    index("field_values_entity_idx").on(t.entityKind, t.entityId),
  ],
);

export type FieldDefinition = typeof fieldDefinitions.$inferSelect;
export type FieldValue = typeof fieldValues.$inferSelect;

/** Saved filters over field values (v3 `/filters`): the owner's own, or shared with the team. */
export const savedFilters = sqliteTable(
  "saved_filters",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    shared: integer("shared", { mode: "boolean" }).notNull().default(false),
    /** JSON: `[{field, op, value}]`. */
    conditions: text("conditions").notNull().default("[]"),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [index("saved_filters_project_idx").on(t.projectId)],
);

/** Which fields a view shows, per project (spec §3 "Mapping"; v3 `/customfields`). */
export const viewFields = sqliteTable(
  "view_fields",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    view: text("view").notNull(),
    fieldId: text("field_id")
      .notNull()
      .references(() => fieldDefinitions.id, { onDelete: "cascade" }),
    sort: integer("sort").notNull().default(0),
    editMode: integer("edit_mode", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [uniqueIndex("view_fields_unique").on(t.projectId, t.view, t.fieldId)],
);

/** Allowed moves between the options of one status-like field (project settings → workflow). */
export const workflows = sqliteTable(
  "workflows",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    fieldId: text("field_id")
      .notNull()
      .references(() => fieldDefinitions.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** JSON: `[{from, to}]` of option guids. */
    transitions: text("transitions").notNull().default("[]"),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  // One workflow per field: two would contradict each other.
  (t) => [uniqueIndex("workflows_field_unique").on(t.fieldId)],
);

/** A participant's notification preferences for one project; absent means the defaults. */
export const notificationSettings = sqliteTable(
  "notification_settings",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** JSON: `{in_app: kind[], email: kind[]}`. */
    preferences: text("preferences").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] })],
);

/**
 * A sprint of a project. Every project has one backlog (`isBacklog`), always first; the others
 * follow by `sort`. Completed sprints can be archived (spec: `/sprint_archive`).
 */
export const sprints = sqliteTable(
  "sprints",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    isBacklog: integer("is_backlog", { mode: "boolean" }).notNull().default(false),
    sort: integer("sort").notNull().default(0),
    goal: text("goal").notNull().default(""),
    startDate: text("start_date"),
    endDate: text("end_date"),
    status: text("status", { enum: ["planned", "active", "completed"] }).notNull().default("planned"),
    archived: integer("archived", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull().default(now),
    /** What the sprint can hold, in the unit of the project's estimate field; null: not planned. */
    capacity: real("capacity"),
    /** Who gives the sprint how much time: `[{user, share, days_off}]` (domain/planning/capacity). */
    availability: text("availability", { mode: "json" }).$type<{ user: string; share: number; days_off: number }[]>().notNull().default([]),
  },
  // One backlog per project, even when two first requests race to create it.
  (t) => [index("sprints_project_idx").on(t.projectId, t.sort), uniqueIndex("sprints_one_backlog").on(t.projectId).where(sql`is_backlog = 1`)],
);

/**
 * A task. Everything a person writes on it (title, status, sprint, epic…) is a field value;
 * the row keeps only identity and order: `sort` on the planning board, `position` on the task
 * board, and the project-wide `number` people refer to.
 */
export const tasks = sqliteTable(
  "tasks",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    sort: integer("sort").notNull().default(0),
    position: integer("position").notNull().default(0),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
    /**
     * Undo of a deletion (issue 15): a deleted task keeps its row, values, links and files until
     * the hourly purge, 30 days later; every read skips it (`notDeleted` in services/task-trash.ts).
     */
    deletedAt: integer("deleted_at"),
  },
  (t) => [
    index("tasks_project_idx").on(t.projectId, t.sort),
    uniqueIndex("tasks_number_unique").on(t.projectId, t.number),
    // Board indexes (issue 17): the board reads a project's tasks in lane order without a sort.
    index("tasks_board_order_idx").on(t.projectId, t.sort, t.position),
  ],
);

export type Sprint = typeof sprints.$inferSelect;
export type Comment = typeof comments.$inferSelect;
export type Task = typeof tasks.$inferSelect;

/** A comment on a task; mentions live in its text as `@[Name](user-guid)`. */
export const comments = sqliteTable(
  "comments",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    taskId: text("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    text: text("text").notNull(),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [index("comments_task_idx").on(t.taskId, t.createdAt)],
);

/**
 * A link between two tasks of one project. Stored once, from `source` to `target`; the other
 * side reads it inverted (blocks ↔ is blocked by, parent ↔ subtask, duplicates ↔ is duplicated by).
 */
export const taskLinks = sqliteTable(
  "task_links",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    sourceId: text("source_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    targetId: text("target_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("task_links_unique").on(t.sourceId, t.targetId, t.kind),
    index("task_links_target_idx").on(t.targetId),
    index("task_links_project_idx").on(t.projectId),
    // A task has at most one parent, even when two requests race to give it one.
    uniqueIndex("task_links_one_parent").on(t.targetId).where(sql`kind = 'parent'`),
  ],
);

/** A file attached to an entity (a task for now); the bytes live in R2 under `key`. */
export const attachments = sqliteTable(
  "attachments",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    entityKind: text("entity_kind").notNull(),
    entityId: text("entity_id").notNull(),
    key: text("key").notNull(),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("attachments_entity_idx").on(t.entityKind, t.entityId, t.createdAt), index("attachments_project_idx").on(t.projectId)],
);

/**
 * The project's activity log: who did what to which entity, and when. `detail` is JSON
 * (e.g. the field changed with its old and new value) rendered by the client in its language.
 */
export const activity = sqliteTable(
  "activity",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    entityKind: text("entity_kind").notNull(),
    entityId: text("entity_id").notNull(),
    action: text("action").notNull(),
    detail: text("detail").notNull().default("{}"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("activity_project_idx").on(t.projectId, t.createdAt), index("activity_entity_idx").on(t.entityKind, t.entityId, t.createdAt)],
);

export type TaskLink = typeof taskLinks.$inferSelect;
export type Attachment = typeof attachments.$inferSelect;
export type Activity = typeof activity.$inferSelect;

/**
 * The searchable text of each task: its title, description and comments (joined in order).
 * SQL triggers on `field_values` and `comments` keep it in step on every write, whoever
 * writes, and triggers on this table keep the FTS5 index `task_search` (an external-content
 * table over this one, migration 0011; drizzle cannot describe virtual tables) in step with it.
 * Never rebuild that index with FTS5's 'rebuild': it indexes folded text ("ё" as "е", the
 * project guid as one token) that differs from what this table holds.
 */
export const taskSearchDocs = sqliteTable(
  "task_search_docs",
  {
    /** The FTS5 rowid: an INTEGER PRIMARY KEY so that it never changes. */
    id: integer("id").primaryKey(),
    taskId: text("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    projectId: text("project_id").notNull(),
    title: text("title").notNull().default(""),
    description: text("description").notNull().default(""),
    comments: text("comments").notNull().default(""),
  },
  (t) => [uniqueIndex("task_search_docs_task_unique").on(t.taskId)],
);

/**
 * A poker or retro room of a project (issue 5). The live state (votes, notes, queue) lives in
 * the room's Durable Object; this row is what lists, links and access checks need.
 */
export const rooms = sqliteTable(
  "rooms",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["poker", "retro"] }).notNull(),
    title: text("title").notNull(),
    /** Poker: the deck's guid (a built-in deck kind or a custom deck); retro: the preset. */
    method: text("method").notNull(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id),
    /** Guests who join by link wait until the owner admits them. */
    requireVerification: integer("require_verification", { mode: "boolean" }).notNull().default(false),
    archived: integer("archived", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [index("rooms_project_idx").on(t.projectId, t.createdAt)],
);

/**
 * Who takes part in a room: project people (`userId`) and guests who joined by link with only
 * a name (`ticketHash`, the SHA-256 of the ticket in their cookie). `member` is the id the
 * room's state knows them by (the user's guid, or `guest:<guid>`).
 */
export const roomMembers = sqliteTable(
  "room_members",
  {
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    member: text("member").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    role: text("role", { enum: ["voter", "spectator"] }).notNull().default("voter"),
    ticketHash: text("ticket_hash"),
    /** False while a guest waits for the owner to admit them. */
    verified: integer("verified", { mode: "boolean" }).notNull().default(true),
    joinedAt: integer("joined_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.member] }), index("room_members_user_idx").on(t.userId), uniqueIndex("room_members_ticket_unique").on(t.ticketHash)],
);

/** A custom poker deck of a project (built-in decks are not stored). */
export const decks = sqliteTable(
  "decks",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** JSON: `[{label, value}]`, value the number written to the estimate field or null. */
    cards: text("cards").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("decks_project_idx").on(t.projectId)],
);

/**
 * A document of a project's tree (issue 6; spec §3 Document: guid, parent, chilcount, sort).
 * The content lives in the document's Durable Object (Yjs); `title` and `plainText` are the
 * snapshot it writes back for the tree and search. `shareId` is the unguessable id of the
 * read-only link while sharing is on, null when off.
 */
export const documents = sqliteTable(
  "documents",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    parentId: text("parent_id"),
    kind: text("kind", { enum: ["text", "bpmn", "drawing", "table"] }).notNull(),
    title: text("title").notNull().default(""),
    sort: integer("sort").notNull().default(0),
    plainText: text("plain_text").notNull().default(""),
    shareId: text("share_id"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [index("documents_tree_idx").on(t.projectId, t.parentId, t.sort), uniqueIndex("documents_share_unique").on(t.shareId)],
);

export type Room = typeof rooms.$inferSelect;
export type RoomMember = typeof roomMembers.$inferSelect;
export type Document = typeof documents.$inferSelect;

/** The languages a blog post is written in (spec §9's four). */
const BLOG_LANGUAGES = ["ru", "en", "es", "de"] as const;

/** A blog category: `slug` is its address, `/{slug}/category`. */
export const blogCategories = sqliteTable(
  "blog_categories",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull(),
    sort: integer("sort").notNull().default(0),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("blog_categories_slug_unique").on(t.slug)],
);

/** A category's name and description in one language; a language without a row shows the slug. */
export const blogCategoryNames = sqliteTable(
  "blog_category_names",
  {
    categoryId: text("category_id")
      .notNull()
      .references(() => blogCategories.id, { onDelete: "cascade" }),
    language: text("language", { enum: BLOG_LANGUAGES }).notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.language] })],
);

/**
 * A blog post in one language. Translations of one text share `translationGroup` (the id of the
 * first of them), at most one per language. It is public when it is not a draft and `publishAt`
 * has passed: a scheduled post appears by itself, with no job to run.
 */
export const blogPosts = sqliteTable(
  "blog_posts",
  {
    id: text("id").primaryKey(),
    /** The post's address, `/{category}/category/post/{slug}`; unique across languages. */
    slug: text("slug").notNull(),
    language: text("language", { enum: BLOG_LANGUAGES }).notNull(),
    translationGroup: text("translation_group").notNull(),
    categoryId: text("category_id")
      .notNull()
      .references(() => blogCategories.id, { onDelete: "restrict" }),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    /** Markdown; rendered (and sanitised) on the server. */
    body: text("body").notNull().default(""),
    /** R2 key of the cover image, its alternative text and size (for layout and Open Graph). */
    coverKey: text("cover_key"),
    coverAlt: text("cover_alt").notNull().default(""),
    coverWidth: integer("cover_width"),
    coverHeight: integer("cover_height"),
    /** Smaller copies stored beside the cover, as `<width>.<ext>` tokens (domain/blog/cover.ts). */
    coverVariants: text("cover_variants"),
    state: text("state", { enum: ["draft", "published", "scheduled"] }).notNull().default("draft"),
    /** When it became (or becomes) public, ms; null for a draft never published. */
    publishAt: integer("publish_at"),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("blog_posts_slug_unique").on(t.slug),
    uniqueIndex("blog_posts_translation_unique").on(t.translationGroup, t.language),
    index("blog_posts_listing_idx").on(t.categoryId, t.language, t.publishAt),
  ],
);

export type BlogCategory = typeof blogCategories.$inferSelect;
export type BlogPost = typeof blogPosts.$inferSelect;

// ── AI helper (issue 13) ──────────────────────────────────────────────────────────────────

/** The project chat of the AI helper: one conversation per user and project, oldest first. */
export const aiChatMessages = sqliteTable(
  "ai_chat_messages",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["user", "assistant"] }).notNull(),
    content: text("content").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("ai_chat_messages_conversation_idx").on(t.userId, t.projectId, t.createdAt)],
);

export type AiChatMessage = typeof aiChatMessages.$inferSelect;

// ─── Tariffs, payments, licences, donations (issue 23) ───────────────────────────────────────

/**
 * A plan and the limits it grants. Plans are data: the migration seeds Free, Team and Business;
 * a custom plan names the one customer it is offered to (`customerId`) and is shown to no one else.
 * Byte limits are bytes; `aiRequestsPerHour` counts AI helper calls per user and hour.
 */
export const tariffs = sqliteTable(
  "tariffs",
  {
    id: text("id").primaryKey(),
    /** The licence type this plan grants (`license.type_license`): free, team, business, … */
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    sort: integer("sort").notNull().default(0),
    /** Null: a public plan on /price. Set: a custom offer for this user only (/tariff/{guid}). */
    customerId: text("customer_id").references(() => users.id, { onDelete: "cascade" }),
    limitProjects: integer("limit_projects").notNull(),
    limitParticipants: integer("limit_participants").notNull(),
    limitStorageBytes: integer("limit_storage_bytes").notNull(),
    limitAiRequestsPerHour: integer("limit_ai_requests_per_hour").notNull(),
    limitRepositoryBytes: integer("limit_repository_bytes").notNull(),
    limitMeetingSize: integer("limit_meeting_size").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("tariffs_customer_idx").on(t.customerId)],
);

/** A price of a plan for one period and currency, in minor units (cents). */
export const tariffPrices = sqliteTable(
  "tariff_prices",
  {
    id: text("id").primaryKey(),
    tariffId: text("tariff_id")
      .notNull()
      .references(() => tariffs.id, { onDelete: "cascade" }),
    period: text("period", { enum: ["month", "year"] }).notNull(),
    currency: text("currency").notNull(),
    amount: integer("amount").notNull(),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
  },
  (t) => [uniqueIndex("tariff_prices_unique").on(t.tariffId, t.period, t.currency)],
);

/** A user's licence: the plan bought and until when. No row, or an expired one, reads as Free. */
export const licences = sqliteTable("licences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tariffId: text("tariff_id")
    .notNull()
    .references(() => tariffs.id, { onDelete: "restrict" }),
  typeLicense: text("type_license").notNull(),
  /** The price last paid: what autopay renews with. */
  priceId: text("price_id").references(() => tariffPrices.id, { onDelete: "set null" }),
  expiresAt: integer("expires_at").notNull(),
  updatedAt: integer("updated_at").notNull().default(now),
});

/** Whether the user's licence renews by itself before it ends (`GET/PUT /v1/autopay`). */
export const autopay = sqliteTable("autopay", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  active: integer("active", { mode: "boolean" }).notNull().default(false),
  updatedAt: integer("updated_at").notNull().default(now),
});

/**
 * A payment, from the moment a buy is accepted (pending) to its outcome. `providerRef` is the
 * provider's id of the checkout (a Stripe Checkout Session id), `checkoutUrl` where to pay.
 */
export const payments = sqliteTable(
  "payments",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["licence", "donation"] }).notNull(),
    priceId: text("price_id").references(() => tariffPrices.id, { onDelete: "set null" }),
    status: text("status", { enum: ["pending", "paid", "declined", "failed", "refunded"] }).notNull().default("pending"),
    provider: text("provider").notNull(),
    providerRef: text("provider_ref"),
    providerPaymentRef: text("provider_payment_ref"),
    checkoutUrl: text("checkout_url"),
    /**
     * The provider needs the payer before it can take the money (Stripe: 3-D Secure on an
     * off-session renewal); the payment stays pending until they complete it or it fails.
     */
    awaitingAuthentication: integer("awaiting_authentication", { mode: "boolean" }).notNull().default(false),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    /** What a paid licence payment grants: its period, kept with the payment for the receipt. */
    period: text("period"),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [index("payments_user_idx").on(t.userId, t.createdAt), index("payments_provider_ref_idx").on(t.providerRef)],
);

/**
 * Idempotency keys of buy and donate requests, per user. The row is the lock: inserting it
 * (primary key user+key) decides which of concurrent identical requests talks to the provider.
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** SHA-256 of method, path and body: the same key with another request is refused. */
    requestHash: text("request_hash").notNull(),
    state: text("state", { enum: ["in_flight", "done"] }).notNull().default("in_flight"),
    status: integer("status"),
    body: text("body"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);

/** Provider notifications already applied, by the provider's event id: a redelivery is a no-op. */
export const paymentEvents = sqliteTable(
  "payment_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    paymentId: text("payment_id"),
    receivedAt: integer("received_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** A donation to the site, a person or a project; paid through its payment. */
export const donations = sqliteTable(
  "donations",
  {
    id: text("id").primaryKey(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    donorId: text("donor_id").references(() => users.id, { onDelete: "set null" }),
    recipientUserId: text("recipient_user_id").references(() => users.id, { onDelete: "set null" }),
    /** A donation to a project (through its public donation page); the project's owner receives it. */
    recipientProjectId: text("recipient_project_id").references(() => projects.id, { onDelete: "set null" }),
    message: text("message").notNull().default(""),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("donations_payment_unique").on(t.paymentId)],
);

export type Tariff = typeof tariffs.$inferSelect;
export type TariffPrice = typeof tariffPrices.$inferSelect;
export type Licence = typeof licences.$inferSelect;
export type Payment = typeof payments.$inferSelect;

// Git hosting (issue 12): the repository list (objects and refs live in each repository's
// GitRepo Durable Object) and the personal access tokens that git clients authenticate with.

/** A git repository of a project; its content is in the GitRepo object named by `id`. */
export const gitRepositories = sqliteTable(
  "git_repositories",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** The clone URL's last segment (without `.git`); unique per project. */
    name: text("name").notNull(),
    defaultBranch: text("default_branch").notNull().default("main"),
    /** Bytes the object stores, as of the last push. */
    sizeBytes: integer("size_bytes").notNull().default(0),
    lastCommit: text("last_commit"),
    lastPushAt: integer("last_push_at"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at").notNull().default(now),
    /** The default branch refuses deletion and rewrites with git's `(protected branch)`. */
    protectDefaultBranch: integer("protect_default_branch", { mode: "boolean" }).notNull().default(false),
    /** With protection on: only project admins (root) may push to the default branch at all. */
    protectedAdminsOnly: integer("protected_admins_only", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [uniqueIndex("git_repositories_name_unique").on(t.projectId, t.name)],
);

/** A personal access token: the password of git over HTTP. Only its SHA-256 is stored. */
export const personalTokens = sqliteTable(
  "personal_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: integer("created_at").notNull().default(now),
    lastUsedAt: integer("last_used_at"),
    revokedAt: integer("revoked_at"),
  },
  (t) => [uniqueIndex("personal_tokens_hash_unique").on(t.tokenHash), index("personal_tokens_user_idx").on(t.userId)],
);

export type GitRepository = typeof gitRepositories.$inferSelect;
export type PersonalToken = typeof personalTokens.$inferSelect;

// Video meetings (issue 21)

/**
 * A meeting room of a project (spec §3 "Meeting"). The live part — who is in, their camera and
 * microphone, raised hands, the chat — lives in the room's Durable Object (`MeetingRoom`).
 */
export const meetingRooms = sqliteTable(
  "meeting_rooms",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull(),
    creatorId: text("creator_id").references(() => users.id, { onDelete: "set null" }),
    /** The poker or retro room whose meeting this is (one at most), opened beside its board. */
    boardRoomId: text("board_room_id").references(() => rooms.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("meeting_rooms_project_idx").on(t.projectId, t.createdAt), uniqueIndex("meeting_rooms_board_room_unique").on(t.boardRoomId)],
);

export type MeetingRoom = typeof meetingRooms.$inferSelect;

// ——— Jira import (issue 14) ———

/** One import run from Jira into a project; its live state is in the JiraImport object. */
export const jiraImports = sqliteTable(
  "jira_imports",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    cloudId: text("cloud_id").notNull(),
    /** JSON: the Jira project keys imported. */
    jiraProjects: text("jira_projects").notNull(),
    jql: text("jql"),
    phase: text("phase").notNull().default("setup"),
    /** JSON: counts per kind and the problems of the last run (the report). */
    report: text("report").notNull().default("{}"),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [index("jira_imports_project_idx").on(t.projectId, t.createdAt)],
);

/**
 * What a Jira object became here, per project: a re-run finds it and updates instead of
 * duplicating, and skips what Jira says did not change (`jiraUpdated`).
 */
export const jiraEntities = sqliteTable(
  "jira_entities",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** issue, sprint, comment, attachment, field, option. */
    kind: text("kind").notNull(),
    jiraId: text("jira_id").notNull(),
    localId: text("local_id").notNull(),
    jiraKey: text("jira_key"),
    jiraUpdated: text("jira_updated"),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.kind, t.jiraId] })],
);

// ─── Payments (continued, issue 23): saved payment methods, renewal attempts, licence
// notices and the licence history ────────────────────────────────────────────────────────────

/**
 * A user's customer at a provider (a Stripe Customer, saved by the first Checkout Session) and
 * the payment method autopay charges off-session.
 */
export const billingCustomers = sqliteTable(
  "billing_customers",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    customerRef: text("customer_ref").notNull(),
    /** Null until known: renewal then asks the provider for the customer's saved methods. */
    paymentMethodRef: text("payment_method_ref"),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

/**
 * One try at renewing the licence period that ends at `periodEnd`. The primary key is the lock:
 * of two cron runs only one inserts attempt n, and the provider's idempotency key is made of the
 * same three values, so a period is charged at most once per attempt.
 */
export const renewalAttempts = sqliteTable(
  "renewal_attempts",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    periodEnd: integer("period_end").notNull(),
    attempt: integer("attempt").notNull(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.periodEnd, t.attempt] }), uniqueIndex("renewal_attempts_payment_unique").on(t.paymentId), index("renewal_attempts_created_idx").on(t.userId, t.createdAt)],
);

/** Licence mails and in-app notices already sent, once per licence period and kind. */
export const licenceNotices = sqliteTable(
  "licence_notices",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    periodEnd: integer("period_end").notNull(),
    kind: text("kind").notNull(),
    sentAt: integer("sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.periodEnd, t.kind] })],
);

/** The licence history: one row per paid period, how it was paid and, once over, how it ended. */
export const licencePeriods = sqliteTable(
  "licence_periods",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tariffId: text("tariff_id")
      .notNull()
      .references(() => tariffs.id, { onDelete: "restrict" }),
    typeLicense: text("type_license").notNull(),
    period: text("period").notNull(),
    paymentId: text("payment_id").references(() => payments.id, { onDelete: "set null" }),
    paidBy: text("paid_by", { enum: ["checkout", "autopay"] }).notNull(),
    startsAt: integer("starts_at").notNull(),
    endsAt: integer("ends_at").notNull(),
    /** Null while current; else renewed (same plan follows), replaced (another plan), renewal_failed or expired. */
    endedBy: text("ended_by", { enum: ["renewed", "replaced", "renewal_failed", "expired"] }),
  },
  (t) => [index("licence_periods_user_idx").on(t.userId, t.startsAt), uniqueIndex("licence_periods_payment_unique").on(t.paymentId)],
);

// ---- Planning loop: rooms (issue 16) -------------------------------------------------------

/**
 * A retro room bound to a sprint: it opens with that sprint's facts, and the next bound retro
 * reviews its action items. At most one sprint per room; a sprint may have several retros.
 */
export const retroSprints = sqliteTable(
  "retro_sprints",
  {
    roomId: text("room_id")
      .primaryKey()
      .references(() => rooms.id, { onDelete: "cascade" }),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    sprintId: text("sprint_id")
      .notNull()
      .references(() => sprints.id, { onDelete: "cascade" }),
  },
  (t) => [index("retro_sprints_project_idx").on(t.projectId, t.sprintId)],
);

/** A task a retro's action item became: the task shows "from retro X", the retro its live status. */
export const retroActionTasks = sqliteTable(
  "retro_action_tasks",
  {
    taskId: text("task_id")
      .primaryKey()
      .references(() => tasks.id, { onDelete: "cascade" }),
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** The note's id in the room's state. */
    note: text("note").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("retro_action_tasks_room_idx").on(t.roomId, t.createdAt)],
);

/**
 * The estimate a poker room wrote into a task, one row per task and room (the last accepted
 * value): a retro compares it with the task's estimate now to show estimates changed afterwards.
 */
export const pokerEstimates = sqliteTable(
  "poker_estimates",
  {
    taskId: text("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    value: real("value").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.roomId] }), index("poker_estimates_project_idx").on(t.projectId)],
);

// ——— Jira import, continued: server-held connections and scheduled re-sync (issue 14) ———

/**
 * A user's Jira connection as the server holds it: the head of the refresh-token chain, sealed
 * for the user (docs/decisions.md "Jira import (continued)"). Atlassian rotates refresh tokens,
 * so one holder refreshes for the browser's tab and for the scheduled re-syncs alike.
 */
export const jiraConnections = sqliteTable("jira_connections", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  cloudId: text("cloud_id"),
  sealedAccess: text("sealed_access").notNull(),
  sealedRefresh: text("sealed_refresh").notNull(),
  /** Epoch ms when the access token expires. */
  expiresAt: integer("expires_at").notNull(),
  /**
   * SHA-256 of the refresh token the browser was last given. The browser's sealed copy stays a
   * valid handle after the server rotated the chain on its own; once the browser refreshed with
   * it, it is spent, as at Atlassian.
   */
  browserRefreshHash: text("browser_refresh_hash").notNull(),
  updatedAt: integer("updated_at").notNull().default(now),
});

/** A project's import re-synced on a schedule by the cron (`runJiraSchedule`). */
export const jiraSyncs = sqliteTable(
  "jira_syncs",
  {
    projectId: text("project_id")
      .primaryKey()
      .references(() => projects.id, { onDelete: "cascade" }),
    importId: text("import_id")
      .notNull()
      .references(() => jiraImports.id, { onDelete: "cascade" }),
    /** hourly or daily. */
    every: text("every").notNull(),
    nextAt: integer("next_at").notNull(),
    /** Epoch ms when the last finished run started: the next one asks Jira for what changed since. */
    lastSyncedAt: integer("last_synced_at"),
  },
  (t) => [index("jira_syncs_next_idx").on(t.nextAt)],
);
// ——— Git hosting, continued (issue 12): commits that mention tasks ———

/**
 * A commit pushed to one of the project's repositories whose message names a task of the
 * same project (`#12` or the task's guid). One row per task, repository and commit, so a
 * re-push adds nothing; the task page lists these, and the activity log got one entry per row.
 */
export const gitCommitMentions = sqliteTable(
  "git_commit_mentions",
  {
    taskId: text("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    repoId: text("repo_id")
      .notNull()
      .references(() => gitRepositories.id, { onDelete: "cascade" }),
    hexsha: text("hexsha").notNull(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** The message's first line, clipped. */
    title: text("title").notNull(),
    authorName: text("author_name").notNull(),
    /** The commit's author time, milliseconds. */
    committedAt: integer("committed_at").notNull(),
    pushedBy: text("pushed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.repoId, t.hexsha] }), index("git_commit_mentions_task_idx").on(t.taskId, t.committedAt)],
);

export type GitCommitMention = typeof gitCommitMentions.$inferSelect;

// ─── Money: donations to a project (issue 23, continued) ──────────────────────────────────────

/**
 * A project's public donation page, opened by its root (opt-in, as a collective opens its page).
 * The page's address is `publicId`, never the project's guid; closing it keeps the donations.
 */
export const projectDonationPages = sqliteTable(
  "project_donation_pages",
  {
    projectId: text("project_id")
      .primaryKey()
      .references(() => projects.id, { onDelete: "cascade" }),
    publicId: text("public_id").notNull(),
    open: integer("open", { mode: "boolean" }).notNull().default(true),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [uniqueIndex("project_donation_pages_public_unique").on(t.publicId)],
);

// ─── Participant trash: Undo of a removal (issue 15) ──────────────────────────────────────────

/**
 * A participant a root removed, kept so Undo can put the very same row back (same guid, flags,
 * list order). The participant row itself is deleted at removal, so every access check refuses
 * the person exactly as before; their per-person values stay keyed by the guid (no read shows a
 * value of a participant who is not there). Restorable for `PARTICIPANT_RESTORE_MS`, then purged.
 */
export const participantTrash = sqliteTable(
  "participant_trash",
  {
    /** The removed participant's guid (`access_project.guid`), which a restore keeps. */
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    isVerifications: integer("is_verifications", { mode: "boolean" }).notNull(),
    root: integer("root", { mode: "boolean" }).notNull(),
    write: integer("write", { mode: "boolean" }).notNull(),
    read: integer("read", { mode: "boolean" }).notNull(),
    sort: integer("sort").notNull(),
    /** When the participant joined (their row's `created_at`), restored with it. */
    joinedAt: integer("joined_at").notNull(),
    removedBy: text("removed_by").references(() => users.id, { onDelete: "set null" }),
    removedAt: integer("removed_at").notNull(),
  },
  (t) => [index("participant_trash_project_idx").on(t.projectId), index("participant_trash_removed_idx").on(t.removedAt)],
);

export type RemovedParticipant = typeof participantTrash.$inferSelect;
