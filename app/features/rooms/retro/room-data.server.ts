/**
 * Loader glue of the retro room's page: the page service reads the room and the viewer's seat
 * (the services behind `GET /api/v1/rooms/{id}`); this turns its "go elsewhere" answers into
 * redirects. A participant who has not joined yet gets `you: null`, and the page joins with
 * `POST /api/v1/rooms/{id}/join {}` before it opens the room's socket.
 */
import { redirect } from "react-router";
import type { Env } from "../../../../workers/env";
import { roomPage } from "../../../../workers/services/pages/rooms";
import type { RetroRoomInfo } from "./types";

export type RetroRoomData = { state: "ok"; room: RetroRoomInfo } | { state: "not_found" } | { state: "no_access" };

export async function loadRetroRoom(request: Request, env: Env, projectGuid: string, roomUid: string): Promise<RetroRoomData> {
  const page = await roomPage(env, request.headers.get("Cookie"), projectGuid, roomUid, "retro");
  // A poker room's link opened under /room/retro/ (or another project's): show it where it belongs.
  if (page.state === "redirect") throw redirect(page.to);
  if (page.state === "sign_in") throw redirect(`/login?next=${encodeURIComponent(new URL(request.url).pathname)}`);
  return page;
}
