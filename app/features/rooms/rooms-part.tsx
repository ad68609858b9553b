/** "Rooms I take part in" (`GET /rooms_part`): open rooms across projects, on the projects page. */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useApi } from "../shell/errors";
import { RoomCard } from "./rooms-list";
import type { RoomPart } from "./types";

export function RoomsPart({ now }: { now: number }) {
  const { t } = useTranslation("rooms");
  const api = useApi();
  const [rooms, setRooms] = useState<RoomPart[] | null>(null);
  useEffect(() => {
    let live = true;
    void api<{ results: RoomPart[] }>("GET", "/v1/rooms_part", undefined, { quiet: true }).then((r) => {
      if (live && !r.error) setRooms(r.data.results.filter((room) => !room.archived));
    });
    return () => {
      live = false;
    };
  }, [api]);
  if (!rooms || rooms.length === 0) return null;
  return (
    <section className="mt-10" aria-labelledby="rooms-part-title" data-testid="rooms-part">
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
