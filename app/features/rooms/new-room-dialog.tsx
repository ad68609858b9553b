/**
 * Creates a room: poker (with a deck from the project's decks) or retro (with a column preset).
 * Opens the new room on success.
 */
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { deckFieldOf } from "../../../domain/rooms/decks";
import { RETRO_PRESET_NAMES } from "../../../domain/rooms/retro";
import { Dialog, DialogActions } from "../../components/ui/dialog";
import { Field, FormAlert, FormField } from "../../components/ui/field";
import { Icon } from "../../components/ui/icons";
import { createRoomInput, MAX_ROOM_TITLE } from "../../../domain/rooms/schemas";
import { useApiForm } from "../../lib/use-api-form";
import { useApi } from "../shell/errors";
import { deckName } from "./deck-name";
import { type DeckView, roomPath, type RoomSummary } from "./types";

const TITLE_MAX = MAX_ROOM_TITLE;

export function NewRoomDialog({ projectGuid, decks, onClose }: { projectGuid: string; decks: DeckView[]; onClose: () => void }) {
  const { t } = useTranslation("rooms");
  const api = useApi();
  const navigate = useNavigate();
  const [kind, setKind] = useState<"poker" | "retro">("poker");
  const [title, setTitle] = useState("");
  const [deck, setDeck] = useState(decks[0]?.guid ?? "fibonacci");
  const [preset, setPreset] = useState<string>(RETRO_PRESET_NAMES[0]!);
  // A retro may be bound to a sprint: it then opens with the sprint's facts (issue 16).
  const [sprint, setSprint] = useState("");
  const [sprints, setSprints] = useState<{ guid: string; title: string; status: string; backlog: boolean }[]>([]);
  const { errors, detail, busy, send } = useApiForm(t);
  // Select fields of tasks whose options can be cards are decks too (issue 16): the project's
  // deck list (`GET /valmethod`) holds them as `field:<guid>`, grouped apart here.
  const ownDecks = decks.filter((d) => deckFieldOf(d.guid) === null);
  const fieldDecks = decks.filter((d) => deckFieldOf(d.guid) !== null);
  const chosenDeck = decks.find((d) => d.guid === deck);
  useEffect(() => {
    if (kind !== "retro") return;
    let live = true;
    void api<{ guid: string; title: string; status: string; backlog: boolean }[]>("GET", `/v1/project/${projectGuid}/sprint`, undefined, { quiet: true }).then((r) => {
      if (live && r.data) setSprints(r.data.filter((s) => !s.backlog));
    });
    return () => {
      live = false;
    };
  }, [api, kind, projectGuid]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = createRoomInput.safeParse({ kind, title, method: kind === "poker" ? deck : preset, ...(kind === "retro" && sprint ? { sprint } : {}) });
    const result = await send(parsed, (body) => api<RoomSummary>("POST", `/v1/project/${projectGuid}/rooms`, body, { quiet: true }));
    if (!result) return;
    onClose();
    await navigate(roomPath(projectGuid, result.data));
  };

  return (
    <Dialog title={t("new.title")} onClose={onClose} onSubmit={submit} size="lg" testId="new-room-dialog">
      {detail && <FormAlert tone="error">{detail}</FormAlert>}
      <fieldset>
        <legend className="label">{t("new.kind")}</legend>
        <div className="grid grid-cols-2 gap-3">
          {(["poker", "retro"] as const).map((k) => (
            <label
              key={k}
              className={`flex cursor-pointer items-start gap-3 rounded-xl border-2 p-3 has-[:focus-visible]:shadow-[0_0_0_3px_var(--ring)] ${kind === k ? "border-[var(--primary)] bg-[color-mix(in_srgb,var(--primary)_6%,var(--surface))]" : "border-[var(--border)]"}`}
              data-testid={`new-room-kind-${k}`}
            >
              <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} className="sr-only" />
              <span className={kind === k ? "text-[var(--primary)]" : "muted"} aria-hidden="true">
                <Icon name={k === "poker" ? "cards" : "cycle"} size={24} />
              </span>
              <span>
                <span className="block text-sm font-semibold">{t(`kinds.${k}`)}</span>
                <span className="muted block text-xs">{t(`new.about.${k}`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Field label={t("new.name")} value={title} onChange={(e) => setTitle(e.target.value)} error={errors.title} placeholder={t(`new.placeholder.${kind}`)} maxLength={TITLE_MAX} autoFocus data-testid="new-room-name" />
      {kind === "poker" ? (
        <FormField
          label={t("new.deck")}
          hint={chosenDeck && <span data-testid="new-room-deck-cards">{chosenDeck.cards.map((c) => c.label).join(" · ")}</span>}
          error={errors.method}
        >
          {(control) => (
            <select {...control} className="input" value={deck} onChange={(e) => setDeck(e.target.value)} data-testid="new-room-deck">
              {ownDecks.map((d) => (
                <option key={d.guid} value={d.guid}>
                  {deckName(t, d)}
                </option>
              ))}
              {fieldDecks.length > 0 && (
                <optgroup label={t("new.fromField")} data-testid="new-room-field-decks">
                  {fieldDecks.map((d) => (
                    <option key={d.guid} value={d.guid}>
                      {d.name}
                    </option>
                  ))}
                </optgroup>
              )}
            </select>
          )}
        </FormField>
      ) : (
        <>
          <FormField label={t("new.preset")} error={errors.method}>
            {(control) => (
              <select {...control} className="input" value={preset} onChange={(e) => setPreset(e.target.value)} data-testid="new-room-preset">
                {RETRO_PRESET_NAMES.map((p) => (
                  <option key={p} value={p}>
                    {t(`presets.${p}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label={t("new.sprint")} hint={t("new.sprintHint")} error={errors.sprint}>
            {(control) => (
              <select {...control} className="input" value={sprint} onChange={(e) => setSprint(e.target.value)} data-testid="new-room-sprint">
                <option value="">{t("new.noSprint")}</option>
                {sprints.map((s) => (
                  <option key={s.guid} value={s.guid}>
                    {s.title}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </>
      )}
      <DialogActions cancel={t("cancel")} onCancel={onClose} confirm={t("new.create")} disabled={busy} testId="new-room-create" />
    </Dialog>
  );
}
