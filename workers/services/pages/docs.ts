/** Page data of documents: the project's tree and a document shared by link. */
import type { TFunction } from "i18next";
import { getDb } from "../../db/client";
import type { Env } from "../../env";
import { projectAccess } from "../access";
import { findShared, listDocs } from "../documents";
import { listFields } from "../field-definitions";

/**
 * `/project/{guid}/docs/{docId?}`: the whole tree (flat, as the API lists it), the fields
 * documents carry, and whether the viewer may change them; null without read access.
 */
export async function docsPage(env: Env, viewerId: string, projectId: string, t: TFunction) {
  const db = getDb(env.DB);
  const access = await projectAccess(db, viewerId, projectId, "read");
  if (!access.ok) return null;
  const [docs, fields] = await Promise.all([listDocs(db, projectId), listFields(db, projectId, t)]);
  return {
    docs,
    // The title is the document's own heading; hidden fields stay hidden here as on boards, and
    // a document shows one shared value per field (individual values are for tasks and rooms).
    fields: fields.filter((f) => f.slug !== "title" && !f.hide_to_user && !f.individual_value && f.entities.some((e) => e.slug === "docs" && e.permission)),
    canWrite: access.participant.write || access.participant.root,
  };
}

/** A document shared by its link, or undefined when sharing is off (or never was on). */
export const sharedDocPage = (env: Env, segment: string, shareId: string) => findShared(getDb(env.DB), segment, shareId);
