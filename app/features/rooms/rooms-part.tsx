/** "Rooms I take part in" (`GET /rooms_part`, read by the page's loader): open rooms across projects. */
import { useTranslation } from "react-i18next";
import { RoomCard } from "./rooms-list";
import type { RoomPart } from "./types";

export function RoomsPart({ rooms, now }: { rooms: RoomPart[]; now: number }) {
  const { t } = useTranslation("rooms");
  if (rooms.length === 0) return null;
  return (
    <section className="mt-10" aria-labelledby="rooms-part-title" data-testid="rooms-part" data-tour="rooms">
      <h2 id="rooms-part-title" className="text-lg font-semibold">
        {t("part.title")}
      </h2>
      <p className="muted text-sm">{t("part.subtitle")}</p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {rooms.map((room) => (
          <RoomCard key={room.guid} room={room} decks={[]} now={now} projectName={room.project_name} />
        ))}
      </ul>
    </section>
  );
}
