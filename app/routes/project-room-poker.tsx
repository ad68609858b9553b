import { useTranslation } from "react-i18next";
import { EmptyState } from "../components/ui/empty-state";
import { Link, Navigate } from "react-router";
import { Breadcrumbs } from "../components/ui/breadcrumbs";
import { NoAccess } from "../features/projects/no-access";
import { useProject } from "../features/projects/use-project";
import { RoomHost } from "../features/rooms/room-host";
import { roomPath } from "../features/rooms/types";
import { useRoomDetails } from "../features/rooms/use-room-details";
import { Spinner } from "../features/shell/spinner";
import { pageTitle } from "../lib/page-title";
import type { Route } from "./+types/project-room-poker";

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
export default function ProjectRoomPoker({ params }: Route.ComponentProps) {
  const { t } = useTranslation("rooms");
  const project = useProject();
  const details = useRoomDetails(params.roomUid, { joinAsParticipant: true });
  if (details.state === "loading") return <Spinner />;
  if (details.state === "missing") return <RoomMissing projectGuid={project.guid} />;
  const { room } = details;
  // A link with the wrong kind or project still reaches the room.
  if (room.kind !== "poker" || room.project !== project.guid) return <Navigate to={roomPath(room.project, room)} replace />;
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
      <RoomHost key={room.guid} room={room} />
    </main>
  );
}

export function ErrorBoundary() {
  return <NoAccess />;
}
