/**
 * Connects a Y.Doc to the document's room (`/ws/doc/{docGuid}`) through y-partyserver's
 * provider, for every editor kind. The provider reconnects by itself with backoff and Yjs merges
 * whatever was edited meanwhile; it stops for good when the server refuses the socket (no
 * session, no access, link off or document deleted): `status` is then `denied`.
 *
 * `readOnly` is what the server said this socket may do (`true` until it has said so): an
 * editor must not be editable before, and the room drops a read-only socket's edits anyway.
 */
import { useEffect, useMemo, useState } from "react";
import YProvider from "y-partyserver/provider";
import * as Y from "yjs";
import { CLOSE, FINAL_CLOSE_CODES } from "../../../domain/wire/close-codes";
import { parseServerMessage } from "../../../domain/wire/live/doc";
import { reactToClose, socketParams } from "../../lib/live-version";

export type { YProvider };
export type DocStatus = "connecting" | "synced" | "offline" | "denied";

export interface DocPresenceUser {
  name: string;
  color: string;
}

export interface DocProviderOptions {
  /** The share id of a shared read-only page; the socket presents it instead of a session. */
  shareId?: string;
  /** Who this browser is, for the other editors' carets and presence lists. */
  user?: DocPresenceUser;
}

export interface DocProvider {
  ydoc: Y.Doc;
  /** y-partyserver's provider (awareness included); null during SSR and before the first effect. */
  provider: YProvider | null;
  status: DocStatus;
  readOnly: boolean;
  /** Every edit made here has been stored by the room (it said `saved` for them). */
  saved: boolean;
  /** Why the socket was refused (a CLOSE code), when `status` is `denied`. */
  deniedCode?: number;
}

/** The provider for a document's Y.Doc; see the module comment. */
export function useDocProvider(docGuid: string, options: DocProviderOptions = {}): DocProvider {
  const { shareId, user } = options;
  const ydoc = useMemo(() => {
    void docGuid;
    return new Y.Doc();
  }, [docGuid]);
  const [provider, setProvider] = useState<YProvider | null>(null);
  const [status, setStatus] = useState<DocStatus>("connecting");
  const [readOnly, setReadOnly] = useState(true);
  const [deniedCode, setDeniedCode] = useState<number | undefined>(undefined);
  const [saved, setSaved] = useState(true);

  useEffect(() => {
    setStatus("connecting");
    setReadOnly(true);
    setDeniedCode(undefined);
    const next = new YProvider(window.location.host, docGuid, ydoc, {
      prefix: `/ws/doc/${docGuid}`,
      protocol: window.location.protocol === "https:" ? "wss" : "ws",
      params: socketParams(shareId ? { share: shareId } : {}),
      // Tabs sync through the server only: a read-only tab must never feed edits to another.
      disableBc: true,
      maxBackoffTime: 5000,
    });
    let denied = false;
    // This browser's own edits count as saved once the room's clock for them reaches ours.
    let acked = 0;
    const ownClock = () => Y.decodeStateVector(Y.encodeStateVector(ydoc)).get(ydoc.clientID) ?? 0;
    const onUpdate = (_update: Uint8Array, origin: unknown) => {
      if (origin !== next) setSaved(ownClock() <= acked);
    };
    ydoc.on("update", onUpdate);
    next.on("custom-message", (raw: string) => {
      const message = parseServerMessage(raw);
      if (message?.type === "hello") setReadOnly(message.readOnly);
      if (message?.type === "saved") {
        const mine = message.clocks.find(([client]) => client === ydoc.clientID);
        if (mine) acked = Math.max(acked, mine[1]);
        setSaved(ownClock() <= acked);
      }
    });
    next.on("sync", (synced: boolean) => {
      // Unsynced after a close means offline (the close handler ran first and said so).
      if (!denied) setStatus(synced ? "synced" : next.wsconnected ? "connecting" : "offline");
    });
    next.on("connection-close", (event: CloseEvent | null) => {
      const code = event?.code ?? 0;
      const reaction = reactToClose(code, FINAL_CLOSE_CODES);
      if (reaction !== "reconnect") {
        denied = true;
        next.disconnect();
        // A stale page is not refused access: it is offline until reloaded (the page says so).
        if (reaction === "stale") return setStatus("offline");
        setDeniedCode(code);
        setStatus("denied");
        return;
      }
      // RECHECK: the provider reconnects and the server decides the access anew.
      if (code !== CLOSE.RECHECK) setStatus("offline");
    });
    next.on("status", ({ status: s }: { status: string }) => {
      if (s === "connected" && !denied) setStatus((prev) => (prev === "synced" ? prev : "connecting"));
    });
    setProvider(next);
    return () => {
      ydoc.off("update", onUpdate);
      next.destroy();
      setProvider(null);
    };
  }, [docGuid, ydoc, shareId]);

  useEffect(() => {
    if (!provider) return;
    provider.awareness.setLocalStateField("user", user ? { name: user.name, color: user.color } : null);
  }, [provider, user?.name, user?.color]);

  return { ydoc, provider, status, readOnly, saved, deniedCode };
}
