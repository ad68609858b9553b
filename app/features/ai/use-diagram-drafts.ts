/**
 * The diagram block's actions in a text document (issue 13): a flowchart becomes a new BPMN
 * draft or drawing under the document, made through the document tree's own calls (`POST /docs`
 * with its schema, then `POST /docs/{guid}/import`), so access and validation are those of any
 * new document. The new document opens once it holds the draft.
 */
import { useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useRevalidator } from "react-router";
import { useApi } from "../shell/errors";
import type { DiagramActions, DiagramTarget } from "./mermaid-blocks";

export function useDiagramDrafts(project: string | null, parent: string): DiagramActions | null {
  const { t } = useTranslation("ai");
  const api = useApi();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  // The editor keeps the actions it was built with: they read the page's latest state here.
  const latest = useRef({ t, api, navigate, revalidate, project, parent });
  latest.current = { t, api, navigate, revalidate, project, parent };

  return useMemo<DiagramActions | null>(() => {
    if (!project) return null;
    return {
      label: (key) => latest.current.t(`draft.${key}`),
      convert: async (source: string, target: DiagramTarget) => {
        const { t, api, navigate, revalidate, project, parent } = latest.current;
        const { buildDraft, FLOWCHART_MAX_EDGES, FLOWCHART_MAX_NODES } = await import("./diagram-draft");
        const draft = buildDraft(source, target, Date.now());
        if (!draft.ok) return t(`draft.errors.${draft.error.code}`, { line: draft.error.line, nodes: FLOWCHART_MAX_NODES, links: FLOWCHART_MAX_EDGES });
        const created = await api<{ guid: string }>("POST", `/v1/project/${project}/docs`, { kind: target, title: draft.title, parent });
        if (!created.data) return t("draft.failed");
        const imported = await api("POST", `/v1/project/${project}/docs/${created.data.guid}/import`, draft.update);
        if (imported.error) {
          // A document without its draft is of no use: it goes again.
          await api("DELETE", `/v1/project/${project}/docs/${created.data.guid}`, undefined, { quiet: true });
          await revalidate();
          return t("draft.failed");
        }
        await navigate(`/project/${project}/docs/${created.data.guid}`);
        // The tree keeps its list when only the open document changes: read it again for the new page.
        await revalidate();
        return null;
      },
    };
  }, [project]);
}
