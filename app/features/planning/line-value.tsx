/**
 * One field's value on a planning-board line, as the views mapping asks (`planning_board_line`):
 * shown compactly by type, and editable in place (the kit's Select) for option fields whose entry
 * says `edit_mode`.
 */
import { useTranslation } from "react-i18next";
import { optionLabel } from "../../../domain/fields/types";
import type { FieldView } from "../../../workers/services/field-definitions";
import type { ParticipantView } from "../../../workers/services/projects";
import { OptionChip } from "../../components/ui/chip";
import { People } from "../../components/ui/people";
import { Select } from "../../components/ui/select";
import { formatShortDate } from "../../../domain/time/format";

export function LineValue({
  field,
  value,
  people,
  editable,
  onChange,
}: {
  field: FieldView;
  value: unknown;
  /** The project's people by guid. */
  people: ReadonlyMap<string, ParticipantView>;
  editable: boolean;
  onChange: (value: unknown) => void;
}) {
  const { t, i18n } = useTranslation("projects");
  const label = field.title;
  const options = field.settings.values_set;
  switch (field.type_fields) {
    case "select":
    case "rotation": {
      const chosen = options.find((o) => o.guid === value);
      if (editable) {
        return (
          <Select
            label={label}
            choices={[{ id: null, label: "—" }, ...options.map((o) => ({ id: o.guid, label: optionLabel(o), color: o.color }))]}
            selected={chosen ? [chosen.guid] : []}
            onChange={(next) => onChange(next[0] ?? null)}
            alignEnd
            buttonClassName="min-h-0 rounded-full border border-[var(--border)] bg-[var(--surface)] px-2 py-0.5 text-xs"
            testId={`line-${field.slug ?? field.guid}`}
          >
            <span className="truncate">{chosen ? optionLabel(chosen) : "—"}</span>
          </Select>
        );
      }
      return chosen ? <OptionChip option={chosen} className="whitespace-nowrap" /> : null;
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
    case "participants":
      return Array.isArray(value) ? <People ids={value.filter((v): v is string => typeof v === "string")} people={people} size={24} /> : null;
    case "number":
      return typeof value === "number" ? (
        <span className="min-w-6 rounded-full bg-[var(--surface-2)] px-2 py-0.5 text-center text-xs font-semibold tabular-nums" title={label} data-testid={`line-${field.slug ?? field.guid}`}>
          {value}
        </span>
      ) : null;
    case "date":
      return typeof value === "string" ? (
        <span className="muted text-xs tabular-nums" title={label}>
          {formatShortDate(value.slice(0, 10), i18n.language)}
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
