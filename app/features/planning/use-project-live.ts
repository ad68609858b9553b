/**
 * Keeps a board live: listens on `/ws/project/{guid}` and calls `onChange` for every change
 * another person makes (one's own changes are already on screen). Stops reconnecting once the
 * server says the session or the access is gone.
 *
 * `onOpen` runs each time the socket opens, the first time included: whatever changed between
 * the page's data being read and the socket opening (or while it was down) was told to nobody,
 * so the page reads its data again then.
 */
import { useEffect, useRef } from "react";
import { CLOSE } from "../../../domain/wire/close-codes";
import { type ProjectMessage, projectMessage } from "../../../domain/wire/live/project";
import { openLiveSocket } from "../../lib/live-socket";

/**
 * What boards hear: document changes go to the document tree's own listener (`useDocsLive`),
 * pushes to the code pages' (`useRepoLive`).
 */
export type BoardMessage = Exclude<ProjectMessage, { type: "docs_changed" | "git_pushed" | "repos_changed" }>;

export function useProjectLive(projectGuid: string, viewerGuid: string | undefined, onChange: (message: BoardMessage) => void, onOpen?: () => void) {
  const latest = useRef(onChange);
  latest.current = onChange;
  const opened = useRef(onOpen);
  opened.current = onOpen;
  useEffect(
    () =>
      openLiveSocket(`/ws/project/${projectGuid}`, projectMessage, {
        onMessage: (message) => {
          if (message.by !== viewerGuid && message.type !== "docs_changed" && message.type !== "git_pushed" && message.type !== "repos_changed") latest.current(message);
        },
        onOpen: () => opened.current?.(),
        finalCodes: [CLOSE.UNAUTHORIZED, CLOSE.FORBIDDEN],
        // The page is fresh from its loader; the socket (and the read on its opening) waits for idle.
        whenIdle: true,
      }),
    [projectGuid, viewerGuid],
  );
}
