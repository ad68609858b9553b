/**
 * Keeps a board live: listens on `/ws/project/{guid}` and calls `onChange` for every change
 * another person makes (one's own changes are already on screen). Stops reconnecting once the
 * server says the session or the access is gone.
 */
import ReconnectingWebSocket from "partysocket/ws";
import { useEffect, useRef } from "react";
import { CLOSE, type ProjectMessage, projectMessage } from "../../../durable-objects/project-room/protocol";

export function useProjectLive(projectGuid: string, viewerGuid: string | undefined, onChange: (message: ProjectMessage) => void) {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const socket = new ReconnectingWebSocket(`${scheme}://${window.location.host}/ws/project/${projectGuid}`, [], { maxReconnectionDelay: 10_000 });
    socket.addEventListener("message", (event) => {
      let raw: unknown;
      try {
        raw = JSON.parse(String(event.data));
      } catch {
        return;
      }
      const parsed = projectMessage.safeParse(raw);
      if (parsed.success && parsed.data.by !== viewerGuid) latest.current(parsed.data);
    });
    socket.addEventListener("close", (event) => {
      if (event.code === CLOSE.UNAUTHORIZED || event.code === CLOSE.ACCESS_LOST) socket.close();
    });
    return () => socket.close();
  }, [projectGuid, viewerGuid]);
}
