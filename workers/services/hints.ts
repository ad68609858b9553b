/** Suggestions for field inputs: people, roles and any field's options, paged. */
import { asc, eq } from "drizzle-orm";
import type { TFunction } from "i18next";
import { matchesQuery } from "../../domain/fields/match";
import { optionLabel } from "../../domain/fields/types";
import type { Db } from "../db/client";
import { fieldDefinitions, participants, users } from "../db/schema";
import { ensureSystemFields, optionsOf } from "./field-definitions";

export interface Hint {
  content_type: string;
  guid: string;
  value: string;
  color?: string;
  email?: string;
  avatar?: string | null;
}

export type HintsResult = { ok: true; count: number; results: Hint[] } | { ok: false; reason: "content_type_invalid" };

export async function projectHints(
  db: Db,
  projectId: string,
  t: TFunction,
  request: { contentTypes: string[]; query: string; all: boolean; descending: boolean; limit: number; offset: number },
): Promise<HintsResult> {
  const hints: Hint[] = [];
  const query = request.all ? "" : request.query;
  let fields: Awaited<ReturnType<typeof loadFields>> | undefined;
  for (const type of request.contentTypes) {
    if (type === "participant") {
      const rows = await db
        .select({ guid: users.id, name: users.name, email: users.email, color: users.color, avatar: users.avatar })
        .from(participants)
        .innerJoin(users, eq(users.id, participants.userId))
        .where(eq(participants.projectId, projectId))
        .orderBy(asc(users.name));
      for (const u of rows) {
        if (matchesQuery(u.name, query) || matchesQuery(u.email, query)) {
          hints.push({ content_type: type, guid: u.guid, value: u.name, email: u.email, color: u.color, avatar: u.avatar });
        }
      }
      continue;
    }
    fields ??= await loadFields(db, projectId, t);
    const field = fields.find((f) => f.slug === type || f.id === type);
    if (!field) return { ok: false, reason: "content_type_invalid" };
    for (const o of optionsOf(field)) {
      if (matchesQuery(optionLabel(o), query)) hints.push({ content_type: type, guid: o.guid, value: optionLabel(o), color: o.color });
    }
  }
  hints.sort((a, b) => a.value.localeCompare(b.value) * (request.descending ? -1 : 1));
  return { ok: true, count: hints.length, results: hints.slice(request.offset, request.offset + request.limit) };
}

async function loadFields(db: Db, projectId: string, t: TFunction) {
  await ensureSystemFields(db, projectId, t);
  return db.select().from(fieldDefinitions).where(eq(fieldDefinitions.projectId, projectId));
}
