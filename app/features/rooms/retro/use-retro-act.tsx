import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify/unstyled";
import type { RetroClientMessage } from "../../../../domain/rooms/retro";
import type { SendResult } from "../use-room";
import type { Act } from "./types";

/**
 * Wraps the room's `send`: a refusal (a rule of `domain/rooms/retro.ts`, or the object's own
 * `read_only`, `too_large`…) becomes a toast in the viewer's language, keyed `errors:room.<code>`.
 */
export function useRetroAct(send: (message: RetroClientMessage) => Promise<SendResult>): Act {
  const { t } = useTranslation("errors");
  return useCallback(
    async (message) => {
      const result = await send(message);
      if (result.ok) return true;
      const text = t(`room.${result.code}`, { defaultValue: t("internal") });
      toast.error(
        <div role="alert" data-testid="room-error" data-code={result.code}>
          {text}
        </div>,
        { toastId: `room-${result.code}-${message.type}` },
      );
      return false;
    },
    [send, t],
  );
}
