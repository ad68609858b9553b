/**
 * One field's value on a planning-board line, as the views mapping asks (`planning_board_line`):
 * shown compactly by type, and editable in place for option fields whose entry says `edit_mode`.
 */
import { useTranslation } from "react-i18next";
import { type FieldOption, optionLabel } from "../../../domain/fields/types";
import type { FieldView } from "../../../workers/services/fields";
import type { ParticipantView } from "../../../workers/services/projects";

export function OptionChip({ option }: { option: FieldOption | undefined }) {
  if (!option) return null;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-[var(--surface-2)] px-2 py-0.5 text-xs whitespace-nowrap">
      <span className="h-2 w-2 rounded-full" style={{ background: option.color }} aria-hidden="true" />
      {optionLabel(option)}
    </span>
  );
}

function Initials({ person }: { person: ParticipantView }) {
  const initials = person.name
    .split(/\s+/)
    .map((w) => w[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return (
    <span className="inline-flex h-6 w-6 items-center justify-center rounded-full text-[10px] font-semibold text-white ring-2 ring-[var(--surface)]" style={{ background: person.color }} title={person.name}>
      {initials}
    </span>
  );
}

export function LineValue({
  field,
  value,
  participants,
  editable,
  onChange,
}: {
  field: FieldView;
  value: unknown;
  participants: ParticipantView[];
  editable: boolean;
  onChange: (value: unknown) => void;
}) {
  const { t } = useTranslation("projects");
  const label = field.title;
  const options = field.settings.values_set;
  switch (field.type_fields) {
    case "select":
    case "rotation": {
      if (editable) {
        return (
          <select
            className="w-full truncate rounded-full border border-[var(--border)] bg-[var(--surface)] px-2 py-0.5 text-xs"
            value={typeof value === "string" ? value : ""}
            onChange={(e) => onChange(e.target.value || null)}
            aria-label={label}
            data-testid={`line-${field.slug ?? field.guid}`}
          >
            <option value="">—</option>
            {options.map((o) => (
              <option key={o.guid} value={o.guid}>
                {optionLabel(o)}
              </option>
            ))}
          </select>
        );
      }
      return <OptionChip option={options.find((o) => o.guid === value)} />;
    }
    case "multi_select": {
      const chosen = Array.isArray(value) ? options.filter((o) => value.includes(o.guid)) : [];
      return (
        <span className="flex gap-1">
          {chosen.slice(0, 3).map((o) => (
            <OptionChip key={o.guid} option={o} />
          ))}
        </span>
      );
    }
    case "participants": {
      const people = Array.isArray(value) ? participants.filter((p) => value.includes(p.guid)) : [];
      if (people.length === 0) return null;
      return (
        <span className="flex -space-x-1.5" aria-label={`${label}: ${people.map((p) => p.name).join(", ")}`}>
          {people.slice(0, 3).map((p) => (
            <Initials key={p.guid} person={p} />
          ))}
        </span>
      );
    }
    case "number":
      return typeof value === "number" ? (
        <span className="min-w-6 rounded-full bg-[var(--surface-2)] px-2 py-0.5 text-center text-xs font-semibold tabular-nums" title={label} data-testid={`line-${field.slug ?? field.guid}`}>
          {value}
        </span>
      ) : null;
    case "date":
      return typeof value === "string" ? (
        <span className="muted text-xs tabular-nums" title={label}>
          {value}
        </span>
      ) : null;
    case "checkbox":
      return value === true ? <span className="text-xs">{t("planning.yes")}</span> : null;
    default:
      return typeof value === "string" || typeof value === "number" ? (
        <span className="muted max-w-40 truncate text-xs" title={label}>
          {String(value)}
        </span>
      ) : null;
  }
}
