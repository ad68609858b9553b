/**
 * Keeps a document tree live: listens on the project's channel (`/ws/project/{guid}`) for
 * `docs_changed` and calls `onChange` when someone else created, renamed, moved, shared or
 * deleted documents (one's own changes are already on screen).
 */
import { useEffect, useRef } from "react";
import { CLOSE } from "../../../../domain/wire/close-codes";
import { type ProjectMessage, projectMessage } from "../../../../domain/wire/live/project";
import { openLiveSocket } from "../../../lib/live-socket";

export type DocsMessage = Extract<ProjectMessage, { type: "docs_changed" }>;

export function useDocsLive(projectGuid: string, viewerGuid: string | undefined, onChange: (message: DocsMessage) => void) {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(
    () =>
      openLiveSocket(`/ws/project/${projectGuid}`, projectMessage, {
        onMessage: (message) => {
          if (message.type === "docs_changed" && message.by !== viewerGuid) latest.current(message);
        },
        finalCodes: [CLOSE.UNAUTHORIZED, CLOSE.FORBIDDEN],
      }),
    [projectGuid, viewerGuid],
  );
}
