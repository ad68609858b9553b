/** Copies the guest link of a room (`/join/{roomUid}`), with a visible confirmation. */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/ui/icons";
import { joinUrl } from "./types";

export function CopyJoinLink({ roomGuid }: { roomGuid: string }) {
  const { t } = useTranslation("rooms");
  const [state, setState] = useState<"idle" | "copied" | "manual">("idle");
  const [url, setUrl] = useState("");
  useEffect(() => setUrl(joinUrl(window.location.origin, roomGuid)), [roomGuid]);
  useEffect(() => {
    if (state !== "copied") return;
    const timer = setTimeout(() => setState("idle"), 2500);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setState("copied");
    } catch {
      // No clipboard (an insecure origin, a denied permission): show the link to copy by hand.
      setState("manual");
    }
  };
  return (
    <div className="flex items-center gap-2">
      <button type="button" className="btn px-3 py-1.5 text-sm" onClick={() => void copy()} data-testid="copy-join-link" data-url={url}>
        <Icon name={state === "copied" ? "check" : "link"} size={16} />
        <span aria-live="polite">{state === "copied" ? t("join.copied") : t("join.copy")}</span>
      </button>
      {state === "manual" && <input className="input w-72 py-1 text-sm" readOnly value={url} aria-label={t("join.link")} onFocus={(e) => e.currentTarget.select()} autoFocus data-testid="join-link-text" />}
    </div>
  );
}
