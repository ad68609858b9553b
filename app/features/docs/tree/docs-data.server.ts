/**
 * Loader data of `/project/{guid}/docs/{docId?}`: the whole tree (flat, as the API lists it),
 * the fields documents carry, and whether the viewer may change them. The selected document is
 * picked from the tree on the page, so moving between documents needs no new read.
 */
import { getDb } from "../../../../workers/db/client";
import type { Env } from "../../../../workers/env";
import { listDocs } from "../../../../workers/services/documents";
import { listFields } from "../../../../workers/services/fields";
import { i18nFor, languageOf } from "../../../../workers/services/i18n";
import { loadAccess } from "../../projects/project-data.server";

export async function loadDocs(request: Request, env: Env, projectId: string) {
  const { access } = await loadAccess(request, env, projectId, "read");
  if (!access.ok) return null;
  const db = getDb(env.DB);
  const t = i18nFor(languageOf(request)).t;
  const [docs, fields] = await Promise.all([listDocs(db, projectId), listFields(db, projectId, t)]);
  return {
    docs,
    // The title is the document's own heading; hidden fields stay hidden here as on boards, and
    // a document shows one shared value per field (individual values are for tasks and rooms).
    fields: fields.filter((f) => f.slug !== "title" && !f.hide_to_user && !f.individual_value && f.entities.some((e) => e.slug === "docs" && e.permission)),
    canWrite: access.participant.write || access.participant.root,
    origin: new URL(request.url).origin,
  };
}
