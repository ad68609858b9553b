/**
 * Edits what a planning-board line and a task-board card show (spec §3 "Mapping"): an ordered
 * list of fields per view, each editable in place or not. Every change is saved at once; the
 * server's answer (the whole mapping) replaces what is shown, in the order changes were made.
 */
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { VIEW_FIELDS_MAX, type ViewKind, VIEW_KINDS } from "../../../domain/fields/views";
import type { MappingEntryView, MappingView } from "../../../workers/services/views";
import { Icon } from "../../components/ui/icons";
import { Switch } from "../../components/ui/switch";
import { useApi } from "../shell/errors";
import { useSerial } from "../../lib/use-serial";

type FieldChoice = { guid: string; title: string; type_fields: string };

function move<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export function MappingEditor({ projectGuid, initial, fields }: { projectGuid: string; initial: MappingView; fields: FieldChoice[] }) {
  const { t } = useTranslation("projects");
  const api = useApi();
  const serial = useSerial();
  const [mapping, setMapping] = useState(initial);
  const titleOf = (guid: string) => fields.find((f) => f.guid === guid)?.title ?? "";

  // The last mapping the server confirmed, and the newest change: an answer to an older change
  // must not undo a newer one still on its way.
  const confirmed = useRef(initial);
  const latest = useRef(0);
  // Changes not yet answered; the page says "Saving…" until they all are.
  const [pending, setPending] = useState(0);
  const save = (view: ViewKind, list: MappingEntryView[]) => {
    const ticket = ++latest.current;
    setMapping((now) => ({ ...now, [view]: list }));
    setPending((n) => n + 1);
    void serial(async () => {
      const body = { [view]: list.map((e, sort) => ({ custom_field: { guid: e.custom_field.guid }, sort, edit_mode: e.edit_mode })) };
      const result = await api<MappingView>("PUT", `/v3/project/${projectGuid}/customfields`, body);
      if (!result.error) confirmed.current = result.data;
      if (ticket === latest.current) setMapping(confirmed.current);
      setPending((n) => n - 1);
    });
  };

  return (
    <>
    <p className="muted mb-2 h-5 text-sm" role="status" aria-live="polite" data-testid="mapping-state" data-saving={pending > 0}>
      {pending > 0 ? t("mapping.saving") : ""}
    </p>
    <div className="grid gap-6 lg:grid-cols-2">
      {VIEW_KINDS.map((view) => {
        const list = mapping[view];
        const unused = fields.filter((f) => !list.some((e) => e.custom_field.guid === f.guid));
        return (
          <section key={view} className="card p-4" data-testid={`mapping-${view}`}>
            <h2 className="font-semibold">{t(`mapping.${view}`)}</h2>
            <p className="muted mb-3 text-sm">{t(`mapping.${view}_hint`)}</p>
            <ol className="flex flex-col gap-1">
              {list.map((entry, index) => (
                <li key={entry.custom_field.guid} className="flex items-center gap-2 rounded-lg border border-[var(--border)] px-3 py-2" data-testid="mapping-entry" data-field={entry.custom_field.guid}>
                  <span className="min-w-0 flex-1 truncate text-sm">{titleOf(entry.custom_field.guid)}</span>
                  <Switch
                    checked={entry.edit_mode}
                    onChange={(on) => save(view, list.map((e, i) => (i === index ? { ...e, edit_mode: on } : e)))}
                    label={t("mapping.editable", { field: titleOf(entry.custom_field.guid) })}
                    testId="mapping-editable"
                  />
                  <button type="button" className="btn px-2 py-1 text-xs" disabled={index === 0} onClick={() => save(view, move(list, index, index - 1))} aria-label={t("mapping.up", { field: titleOf(entry.custom_field.guid) })} data-testid="mapping-up">
                    ↑
                  </button>
                  <button type="button" className="btn px-2 py-1 text-xs" disabled={index === list.length - 1} onClick={() => save(view, move(list, index, index + 1))} aria-label={t("mapping.down", { field: titleOf(entry.custom_field.guid) })} data-testid="mapping-down">
                    ↓
                  </button>
                  <button type="button" className="btn px-2 py-1" onClick={() => save(view, list.filter((_, i) => i !== index))} aria-label={t("mapping.remove", { field: titleOf(entry.custom_field.guid) })} data-testid="mapping-remove">
                    <Icon name="x" size={14} />
                  </button>
                </li>
              ))}
              {list.length === 0 && <li className="muted text-sm">{t("mapping.empty")}</li>}
            </ol>
            {list.length < VIEW_FIELDS_MAX && unused.length > 0 && (
              <label className="mt-3 flex items-center gap-2 text-sm">
                <span className="muted">{t("mapping.add")}</span>
                <select
                  className="input py-1.5 text-sm"
                  value=""
                  onChange={(e) => {
                    const field = fields.find((f) => f.guid === e.target.value);
                    if (field) save(view, [...list, { custom_field: { guid: field.guid, slug: null, type_fields: field.type_fields }, sort: list.length, edit_mode: false }]);
                  }}
                  data-testid="mapping-add"
                >
                  <option value="">{t("mapping.choose")}</option>
                  {unused.map((f) => (
                    <option key={f.guid} value={f.guid}>
                      {f.title}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </section>
        );
      })}
    </div>
    </>
  );
}
