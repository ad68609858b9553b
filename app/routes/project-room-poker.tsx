import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../components/ui/empty-state";
import { Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { cloudflareContext } from "../../workers/context";
import { roomPage } from "../../workers/services/pages/rooms";
import { Breadcrumbs } from "../components/ui/breadcrumbs";
import { NoAccess } from "../features/projects/no-access";
import { useProject } from "../features/projects/use-project";
import PokerRoom from "../features/rooms/poker/room";
import { RoomHost } from "../features/rooms/room-host";
import type { RoomDetails } from "../features/rooms/types";
import { Spinner } from "../features/shell/spinner";
import { apiCall } from "../lib/api";
import { pageTitle } from "../lib/page-title";
import type { Route } from "./+types/project-room-poker";

/**
 * The room is read on the server, as the retro room's is, so its page is in the HTML (issue 17:
 * the largest paint waited for a fetch after hydration). A link with the wrong kind or project
 * goes to the room's own page; a reader without a session signs in first.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const page = await roomPage(env, request.headers.get("Cookie"), params.guid, params.roomUid, "poker", true);
  if (page.state === "sign_in") throw redirect(`/login?next=${encodeURIComponent(new URL(request.url).pathname)}`);
  if (page.state === "redirect") throw redirect(page.to);
  return page;
}

/** Everything on the page is live through the room's socket: read the room again only for another room. */
export function shouldRevalidate({ currentParams, nextParams, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentParams.roomUid !== nextParams.roomUid ? defaultShouldRevalidate : false;
}

/**
 * Opening the page does not make anyone a member: a project participant who has not joined yet
 * joins here (`POST /rooms/{id}/join {}`) and reads the room as a member, and only then does
 * the room's socket open.
 */
function JoinedRoom({ room, initial }: { room: RoomDetails; initial: Parameters<typeof RoomHost>[0]["initial"] }) {
  const [joined, setJoined] = useState<RoomDetails | null>(room.you ? room : null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (room.you) return setJoined(room);
    let live = true;
    void (async () => {
      const join = await apiCall("POST", `/v1/rooms/${room.guid}/join`, {});
      const read = join.error ? join : await apiCall<RoomDetails>("GET", `/v1/rooms/${room.guid}`);
      if (!live) return;
      if (read.error || !read.data.you) return setFailed(true);
      setJoined(read.data);
    })();
    return () => {
      live = false;
    };
  }, [room]);
  if (failed) return <NoAccess />;
  return joined ? <RoomHost key={joined.guid} room={joined} initial={joined === room ? initial : null} screen={PokerRoom} /> : <Spinner />;
}

/** A room that does not exist (or was deleted), with the way back to the project's rooms. */
export function RoomMissing({ projectGuid }: { projectGuid: string }) {
  const { t } = useTranslation("rooms");
  return (
    <EmptyState as="main" heading="h1" icon="cards" title={t("room.missingTitle")} body={t("room.missingBody")} className="py-24" testId="room-missing">
      <Link className="btn btn-primary mt-2" to={`/project/${projectGuid}/rooms`}>
        {t("room.backToRooms")}
      </Link>
    </EmptyState>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: "rooms:kinds.poker" });
}

/** `/project/{guid}/room/poker/{roomUid}`: a poker room for the project's people. */
export default function ProjectRoomPoker({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("rooms");
  const project = useProject();
  if (loaderData.state === "no_access") return <NoAccess />;
  if (loaderData.state !== "ok") return <RoomMissing projectGuid={project.guid} />;
  const { room } = loaderData;
  // The page's one main landmark, as the retro room has (Lighthouse and axe: landmark-one-main).
  return (
    <main data-testid="poker-page">
      <Breadcrumbs
        className="mx-auto max-w-6xl px-4 pt-4"
        items={[
          { label: project.name, to: `/project/${project.guid}` },
          { label: t("nav"), to: `/project/${project.guid}/rooms` },
          { label: room.title || t("kinds.poker") },
        ]}
      />
      <JoinedRoom key={room.guid} room={room} initial={loaderData.live} />
    </main>
  );
}

export function ErrorBoundary() {
  return <NoAccess />;
}
