/** Who is in the room: presence (online/offline), role, and who facilitates. */
import { useTranslation } from "react-i18next";
import type { PokerView } from "../../../../domain/rooms/poker";
import { Icon } from "../../../components/ui/icons";
import { PersonBadge } from "../person-badge";

export function PokerParticipants({ view, me }: { view: PokerView; me: string | null }) {
  const { t } = useTranslation("rooms");
  // Online people first, each group in the order they joined.
  const people = [...view.participants.filter((p) => p.present), ...view.participants.filter((p) => !p.present)];
  const online = people.filter((p) => p.present).length;
  return (
    <section className="card p-4" aria-labelledby="people-title" data-testid="participants">
      <h2 id="people-title" className="flex items-center gap-2 text-sm font-semibold">
        <Icon name="users" size={16} />
        {t("poker.people.title")} <span className="muted font-normal">· {t("poker.people.online", { count: online })}</span>
      </h2>
      <ul className="mt-3 flex flex-col gap-2">
        {people.map((p) => (
          <li key={p.id} className="flex items-center gap-2.5" data-testid="participant" data-person={p.id} data-name={p.name} data-present={p.present} data-role={p.role}>
            <span className="relative">
              <PersonBadge id={p.id} name={p.name} size={28} dimmed={!p.present} />
              <span
                className={`absolute -right-0.5 -bottom-0.5 h-2.5 w-2.5 rounded-full ring-2 ring-[var(--surface)] ${p.present ? "bg-[var(--success)]" : "bg-[var(--muted)]"}`}
                aria-hidden="true"
              />
            </span>
            <span className="min-w-0 flex-1">
              <span className={`block truncate text-sm ${p.present ? "font-medium" : "muted"}`} title={p.name}>
                {p.name}
                {p.id === me && <span className="muted font-normal"> {t("poker.people.you")}</span>}
              </span>
              <span className="mt-0.5 flex flex-wrap items-center gap-1 text-xs">
                <span className="muted mr-0.5">{p.present ? t("poker.people.present") : t("poker.people.away")}</span>
                {p.id === view.owner && <span className="rounded-full bg-[color-mix(in_srgb,var(--primary)_14%,transparent)] px-1.5 font-medium text-[var(--primary)]">{t("poker.roles.facilitator")}</span>}
                <span className="rounded-full bg-[var(--surface-2)] px-1.5 font-medium" data-testid="participant-role">
                  {t(`poker.roles.${p.role}`)}
                </span>
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
