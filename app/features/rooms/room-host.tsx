/**
 * Connects to a room and renders the screen of its kind. Screens are found by file name
 * (`app/features/rooms/<kind>/room.tsx`, default export taking `RoomScreenProps`) and each is
 * its own chunk, loaded only when a room of that kind opens.
 */
import { type ComponentType, lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../shell/spinner";
import type { RoomDetails, RoomScreenProps } from "./types";
import { useRoom } from "./use-room";

const modules = import.meta.glob<{ default: ComponentType<RoomScreenProps> }>("./*/room.tsx");

/** Room kind → its lazily loaded screen. */
export const ROOM_SCREENS: Record<string, ComponentType<RoomScreenProps>> = Object.fromEntries(
  Object.entries(modules).map(([path, load]) => [path.split("/")[1]!, lazy(load)]),
);

export function RoomHost({ room }: { room: RoomDetails }) {
  const { t } = useTranslation("rooms");
  const live = useRoom(room.guid);
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
