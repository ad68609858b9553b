/**
 * Connects to a room and renders the screen of its kind. Screens are found by file name
 * (`app/features/rooms/<kind>/room.tsx`, default export taking `RoomScreenProps`) and each is
 * its own chunk, loaded only when a room of that kind opens.
 */
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { Icon } from "../../components/ui/icons";
import { cameraBlockedByDocument } from "../meetings/pre-join";
import { meetingFailure } from "../meetings/toasts";
import { MeetingAction } from "./meeting-action";
import { useApi } from "../shell/errors";
import { useTranslation } from "react-i18next";
import { Spinner } from "../shell/spinner";
import type { RoomDetails, RoomScreenProps } from "./types";
import { useRoom } from "./use-room";

const modules = import.meta.glob<{ default: ComponentType<RoomScreenProps> }>("./*/room.tsx");

/** Room kind → its lazily loaded screen. */
export const ROOM_SCREENS: Record<string, ComponentType<RoomScreenProps>> = Object.fromEntries(
  Object.entries(modules).map(([path, load]) => [path.split("/")[1]!, lazy(load)]),
);

/** The meeting opened beside a board: its own chunk, loaded on the first click. */
const MeetingView = lazy(() => import("../meetings/meeting-view").then((m) => ({ default: m.MeetingView })));

/**
 * `screen`: the room's screen imported by the page itself (the poker room's route), rendered
 * without the lazy boundary. A lazy screen makes the server stream a spinner first and the room
 * later, and if anything updates the page before the screen's chunk arrives on the client, React
 * gives up hydrating the boundary and shows the spinner again until the chunk is there: the
 * poker room's layout shift of 0.165 (issue 15) and its late largest paint.
 */
export function RoomHost({ room, initial, screen }: { room: RoomDetails; initial?: Parameters<typeof useRoom>[1]; screen?: ComponentType<RoomScreenProps> }) {
  const live = useRoom(room.guid, initial);
  const Screen = screen;
  const board = Screen ? <Screen room={room} live={live} /> : <BoardScreen room={room} live={live} />;
  return <WithMeeting room={room}>{board}</WithMeeting>;
}

/**
 * The board with its meeting one click away: the room's own meeting (made on first use) opens in
 * a panel beside the board, so the team estimates or reflects and talks in one place.
 */
export function WithMeeting({ room, children }: { room: Pick<RoomDetails, "guid">; children: ReactNode }) {
  const { t } = useTranslation("meetings");
  const api = useApi();
  const [meeting, setMeeting] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = async () => {
    // This document may have been loaded under a policy denying the camera (reached from the
    // rooms list without a reload): load the room page itself, which opens its meeting at once.
    if (cameraBlockedByDocument()) {
      window.location.assign(`${window.location.pathname}?meeting=1`);
      return;
    }
    setBusy(true);
    const res = await api<{ guid: string }>("POST", `/v1/rooms/${room.guid}/meeting`, undefined, { quiet: true });
    setBusy(false);
    if (res.error) meetingFailure(t, "info_failed", res.error);
    else setMeeting(res.data.guid);
  };
  useEffect(() => {
    if (new URLSearchParams(window.location.search).get("meeting") === "1") void open();
    // Once, on a load asked for by `open`.
  }, []);
  return (
    <div className={meeting ? "lg:grid lg:grid-cols-[minmax(0,1fr)_28rem] lg:gap-2" : ""}>
      <div className="relative min-w-0">
        <MeetingAction.Provider
          value={
            meeting ? null : (
              <button type="button" className="btn" onClick={() => void open()} disabled={busy} data-testid="room-open-meeting">
                <Icon name="video" size={18} />
                {t("board.open")}
              </button>
            )
          }
        >
          {children}
        </MeetingAction.Provider>
      </div>
      {meeting && (
        <aside className="border-l border-[var(--border)] p-3 lg:sticky lg:top-0 lg:h-screen lg:overflow-y-auto" aria-label={t("board.title")} data-testid="room-meeting-panel">
          <div className="mb-2 flex items-center justify-between">
            <h2 className="text-sm font-semibold">{t("board.title")}</h2>
            <button type="button" className="btn btn-ghost" onClick={() => setMeeting(null)} aria-label={t("board.close")}>
              <Icon name="x" size={18} />
            </button>
          </div>
          <Suspense fallback={<Spinner />}>
            <MeetingView roomId={meeting} compact onClose={() => setMeeting(null)} />
          </Suspense>
        </aside>
      )}
    </div>
  );
}

function BoardScreen({ room, live }: { room: RoomDetails; live: ReturnType<typeof useRoom> }) {
  const { t } = useTranslation("rooms");
  const Screen = ROOM_SCREENS[room.kind];
  if (!Screen) {
    return (
      <p className="card mx-auto mt-10 max-w-md p-6 text-center" data-testid="room-unsupported">
        {t("room.unsupported")}
      </p>
    );
  }
  return (
    <Suspense fallback={<Spinner />}>
      <Screen room={room} live={live} />
    </Suspense>
  );
}
