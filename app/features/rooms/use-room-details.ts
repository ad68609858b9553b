/**
 * The room's REST details (`GET /rooms/{id}`, which only reads), joining when asked: a project
 * participant becomes a member with `POST /rooms/{id}/join {}` the first time they open a room
 * (an archived one too, to read its history), before its socket opens.
 */
import { useCallback, useEffect, useState } from "react";
import type { ApiError } from "../../../domain/http/errors";
import { apiCall } from "../../lib/api";
import type { RoomDetails } from "./types";

export type RoomDetailsState = { state: "loading" } | { state: "ready"; room: RoomDetails } | { state: "missing"; error: ApiError };

export function useRoomDetails(roomGuid: string, { joinAsParticipant }: { joinAsParticipant: boolean }) {
  const [result, setResult] = useState<RoomDetailsState>({ state: "loading" });
  const read = useCallback(async () => {
    let r = await apiCall<RoomDetails>("GET", `/v1/rooms/${roomGuid}`);
    if (!r.error && !r.data.you && joinAsParticipant) {
      const joined = await apiCall("POST", `/v1/rooms/${roomGuid}/join`, {});
      if (!joined.error) r = await apiCall<RoomDetails>("GET", `/v1/rooms/${roomGuid}`);
    }
    setResult(r.error ? { state: "missing", error: r.error } : { state: "ready", room: r.data });
  }, [joinAsParticipant, roomGuid]);
  useEffect(() => {
    setResult({ state: "loading" });
    void read();
  }, [read]);
  return { ...result, reload: read };
}
