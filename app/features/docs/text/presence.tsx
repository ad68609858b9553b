/** Who has the document open right now (awareness of the room), the reader first. */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { YProvider } from "../use-doc-provider";
import { inkOn } from "../../../../domain/ui/contrast";

interface Present {
  key: string;
  name: string;
  color: string;
  me: boolean;
}

function present(provider: YProvider): Present[] {
  const mine = provider.awareness.clientID;
  const seen = new Map<string, Present>();
  for (const [clientId, state] of provider.awareness.getStates()) {
    const user = (state as { user?: { name?: unknown; color?: unknown } }).user;
    if (!user || typeof user.name !== "string" || !user.name) continue;
    const color = typeof user.color === "string" && /^#[0-9a-f]{6}$/i.test(user.color) ? user.color : "#6b7280";
    // One person in two tabs shows once.
    const key = `${user.name}\u0000${color}`;
    const entry = seen.get(key);
    if (entry) entry.me ||= clientId === mine;
    else seen.set(key, { key, name: user.name, color, me: clientId === mine });
  }
  return [...seen.values()].sort((a, b) => Number(b.me) - Number(a.me) || a.name.localeCompare(b.name));
}

export function PresenceList({ provider }: { provider: YProvider | null }) {
  const { t } = useTranslation("docs-editor");
  const [people, setPeople] = useState<Present[]>([]);
  useEffect(() => {
    if (!provider) return;
    const update = () => setPeople(present(provider));
    update();
    provider.awareness.on("change", update);
    return () => provider.awareness.off("change", update);
  }, [provider]);
  if (people.length === 0) return null;
  return (
    <ul className="flex items-center -space-x-1.5" aria-label={t("presence.label", { count: people.length })} data-testid="doc-presence">
      {people.slice(0, 8).map((p) => (
        <li
          key={p.key}
          className="inline-flex h-7 w-7 items-center justify-center rounded-full border-2 border-[var(--surface)] text-xs font-bold"
          style={{ background: p.color, color: inkOn(p.color) }}
          title={p.me ? t("presence.me", { name: p.name }) : p.name}
          data-testid="doc-presence-person"
          data-name={p.name}
        >
          <span aria-hidden="true">{p.name.slice(0, 1).toUpperCase()}</span>
          <span className="sr-only">{p.me ? t("presence.me", { name: p.name }) : p.name}</span>
        </li>
      ))}
      {people.length > 8 && <li className="muted pl-3 text-xs">+{people.length - 8}</li>}
    </ul>
  );
}
