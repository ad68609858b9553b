import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { cloudflareContext } from "../../workers/context";
import { NoAccess } from "../features/projects/no-access";
import RetroRoom from "../features/rooms/retro/room";
import { WithMeeting } from "../features/rooms/room-host";
import { loadRetroRoom } from "../features/rooms/retro/room-data.server";
import { useRoom } from "../features/rooms/use-room";
import { Spinner } from "../features/shell/spinner";
import { apiCall } from "../lib/api";
import { Breadcrumbs } from "../components/ui/breadcrumbs";
import { useProject } from "../features/projects/use-project";
import { pageTitle } from "../lib/page-title";
import type { Route } from "./+types/project-room-retro";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  return loadRetroRoom(request, env, params.guid, params.roomUid);
}

/** Everything on the page is live through the room's socket: read the room again only for another room. */
export function shouldRevalidate({ currentParams, nextParams, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentParams.roomUid !== nextParams.roomUid ? defaultShouldRevalidate : false;
}

type RoomInfo = Extract<Route.ComponentProps["loaderData"], { state: "ok" }>["room"];

function LiveRoom({ room }: { room: RoomInfo }) {
  const live = useRoom(room.guid);
  return (
    <WithMeeting room={room}>
      <RetroRoom room={room} live={live} />
    </WithMeeting>
  );
}

/**
 * Opening the page does not make anyone a member: a project participant who has not joined yet
 * joins here (`POST /rooms/{id}/join {}`), and only then does the room's socket open.
 */
function JoinedRoom({ room }: { room: RoomInfo }) {
  const [joined, setJoined] = useState<RoomInfo | null>(room.you ? room : null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (room.you) return setJoined(room);
    let live = true;
    void apiCall<{ member: string; verified: boolean; role: "voter" | "spectator" }>("POST", `/v1/rooms/${room.guid}/join`, {}).then((r) => {
      if (!live) return;
      if (r.error) return setFailed(true);
      setJoined({ ...room, you: { member: r.data.member, name: "", role: r.data.role, verified: r.data.verified, guest: false, read_only: r.data.role === "spectator" } });
    });
    return () => {
      live = false;
    };
  }, [room]);
  if (failed) return <NoAccess />;
  return joined ? <LiveRoom room={joined} /> : <Spinner />;
}

function RoomMissing({ projectGuid }: { projectGuid: string }) {
  const { t } = useTranslation("retro");
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-3 px-4 py-16 text-center" data-testid="room-not-found">
      <h2 className="text-xl font-bold">{t("missing.title")}</h2>
      <p className="muted">{t("missing.body")}</p>
      <Link className="btn btn-primary mt-2" to={`/project/${projectGuid}`}>
        {t("missing.back")}
      </Link>
    </section>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: "rooms:kinds.retro" });
}

/** `/project/{guid}/room/retro/{roomUid}`: a retrospective of the project, live for everyone in it. */
export default function ProjectRoomRetro({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation("rooms");
  const project = useProject();
  if (loaderData.state === "no_access") return <NoAccess />;
  // The room screen brings its own margins (the guest page renders it too).
  return (
    <main data-testid="retro-page">
      {/* As wide as the retro board below it (max-w-[100rem]), so both start at one edge. */}
      <Breadcrumbs
        className="mx-auto max-w-[100rem] px-4 pt-4"
        items={[
          { label: project.name, to: `/project/${project.guid}` },
          { label: t("nav"), to: `/project/${project.guid}/rooms` },
          { label: loaderData.state === "ok" ? loaderData.room.title || t("kinds.retro") : t("kinds.retro") },
        ]}
      />
      {loaderData.state === "ok" ? <JoinedRoom key={loaderData.room.guid} room={loaderData.room} /> : <RoomMissing projectGuid={params.guid} />}
    </main>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation("retro");
  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      <section className="card p-6" data-testid="retro-error-boundary">
        <p>{t("loadFailed")}</p>
      </section>
    </main>
  );
}
