/**
 * Seconds left of a room's shared countdown, redrawn once per second in this browser. The room
 * sends only the end moment; no tick crosses the network.
 */
import { useEffect, useState } from "react";
import { msUntilNextTick, secondsLeft } from "../../../domain/rooms/countdown";

export function useCountdown(endsAt: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt === null) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      // A short wait past the boundary, so the next read lands in the new second.
      if (at < endsAt) timer = setTimeout(tick, msUntilNextTick(endsAt, at) + 5);
    };
    tick();
    return () => clearTimeout(timer);
  }, [endsAt]);
  return secondsLeft(endsAt, now);
}
