/**
 * Keeps a board live: listens on `/ws/project/{guid}` and calls `onChange` for every change
 * another person makes (one's own changes are already on screen). Stops reconnecting once the
 * server says the session or the access is gone.
 */
import { useEffect, useRef } from "react";
import { CLOSE, type ProjectMessage, projectMessage } from "../../../durable-objects/project-room/protocol";
import { openLiveSocket } from "../../lib/live-socket";

/** What boards hear: document changes go to the document tree's own listener (`useDocsLive`). */
export type BoardMessage = Exclude<ProjectMessage, { type: "docs_changed" }>;

export function useProjectLive(projectGuid: string, viewerGuid: string | undefined, onChange: (message: BoardMessage) => void) {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(
    () =>
      openLiveSocket(`/ws/project/${projectGuid}`, projectMessage, {
        onMessage: (message) => {
          if (message.by !== viewerGuid && message.type !== "docs_changed") latest.current(message);
        },
        finalCodes: [CLOSE.UNAUTHORIZED, CLOSE.ACCESS_LOST],
      }),
    [projectGuid, viewerGuid],
  );
}
