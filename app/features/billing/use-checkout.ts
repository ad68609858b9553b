import { useRef, useState } from "react";
import type { ApiError } from "../../../domain/http/errors";

interface CheckoutAnswer {
  guid: string;
  url: string | null;
}

/**
 * Starts a checkout (`POST /v1/buy/{price}` or `/v1/donate`) with an `Idempotency-Key` made once
 * per intent: a double click or a retry after a lost answer reuses the key, so the server replays
 * the first answer instead of charging twice. Then the browser goes where the provider says.
 */
export function useCheckout() {
  const keys = useRef(new Map<string, string>());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  const start = async (path: string, body: unknown = {}) => {
    const intent = `${path} ${JSON.stringify(body)}`;
    let key = keys.current.get(intent);
    if (!key) {
      key = crypto.randomUUID();
      keys.current.set(intent, key);
    }
    setBusy(true);
    setError(null);
    try {
      const res = await fetch(`/api${path}`, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "Idempotency-Key": key },
        body: JSON.stringify(body),
      });
      const data = (await res.json().catch(() => undefined)) as CheckoutAnswer | undefined;
      if (!res.ok || !data) {
        // A refusal that a new attempt may fix (the provider was down, a key still in flight) keeps the key.
        setError({ status: res.status, statusText: res.statusText, data });
        return;
      }
      keys.current.delete(intent);
      window.location.assign(data.url ?? `/payment/${data.guid}`);
    } catch (err) {
      setError({ status: "FETCH_ERROR", statusText: String(err) });
    } finally {
      setBusy(false);
    }
  };
  return { start, busy, error };
}
