/**
 * Rule errors of a room (`send()` answering `{ok:false, code}`) as a short toast in the
 * reader's language: `errors:room.<code>`, or a general line for a code this client does not know.
 */
import type { TFunction } from "i18next";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify/unstyled";
import type { PokerClientMessage } from "../../../domain/rooms/poker";
import type { RetroClientMessage } from "../../../domain/rooms/retro";
import type { RoomLive, RoomSendResult } from "./types";

export function roomErrorText(t: TFunction, code: string): string {
  return t([`errors:room.${code}`, "errors:room.failed"]);
}

/** `live.send` that tells the person why a message was refused. */
export function useRoomSend(live: Pick<RoomLive, "send">) {
  const { t } = useTranslation("errors");
  const { send } = live;
  return useCallback(
    async (message: PokerClientMessage | RetroClientMessage): Promise<RoomSendResult> => {
      const result = await send(message);
      if (!result.ok) {
        // One toast per code: a burst of refused clicks shows the reason once.
        toast.error(<span data-testid="room-error" data-code={result.code}>{roomErrorText(t, result.code)}</span>, { toastId: `room-${result.code}`, autoClose: 3000 });
      }
      return result;
    },
    [send, t],
  );
}
