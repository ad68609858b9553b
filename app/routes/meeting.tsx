import { useTranslation } from "react-i18next";
import { MeetingView } from "../features/meetings/meeting-view";
import type { Route } from "./+types/meeting";

export const meta: Route.MetaFunction = () => [{ title: "Meeting" }];

/** `/meeting/{roomId}`: a video meeting (spec §2). The room is loaded and checked by the API. */
export default function Meeting({ params }: Route.ComponentProps) {
  return <MeetingView key={params.roomId} roomId={params.roomId} />;
}

export function ErrorBoundary() {
  const { t } = useTranslation("meetings");
  return <p className="p-10 text-center">{t("missing")}</p>;
}
