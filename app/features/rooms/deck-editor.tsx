/**
 * The project's decks: built-in ones listed, custom ones made and deleted here
 * (`POST/DELETE /valmethod`). A custom card has a label and optionally the number an accepted
 * card writes into the task's estimate; `?` and coffee are added to every deck by the room.
 */
import type { TFunction } from "i18next";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog, Dialog, DialogActions } from "../../components/ui/dialog";
import { Field, FormAlert } from "../../components/ui/field";
import { Icon } from "../../components/ui/icons";
import { deckFieldOf, deckInput } from "../../../domain/rooms/decks";
import { MAX_CARD_LENGTH, MAX_CUSTOM_CARDS } from "../../../domain/rooms/poker";
import { zodFieldErrors } from "../../components/ui/form-errors";
import { useApiForm } from "../../lib/use-api-form";
import { useApi } from "../shell/errors";
import { deckName } from "./deck-name";
import type { DeckView } from "./types";

interface DraftCard {
  key: number;
  label: string;
  value: string;
}

const CARD_LABEL_MAX = MAX_CARD_LENGTH;
const CARDS_MAX = MAX_CUSTOM_CARDS;
let nextKey = 0;
const draftCard = (label = "", value = ""): DraftCard => ({ key: nextKey++, label, value });

/**
 * Reads the draft: rows left blank are skipped, a value must be a number if given; the rest is
 * the deck rule the API applies too (`deckInput`), its messages translated from the error keys.
 */
function readDraft(name: string, cards: DraftCard[], t: TFunction) {
  const errors: Record<string, string> = {};
  const filled = cards.map((c, row) => ({ ...c, row })).filter((c) => c.label.trim() || c.value.trim());
  const body = {
    name,
    cards: filled.map((c) => {
      const value = c.value.trim().replace(",", ".");
      if (value && !/^\d+(\.\d+)?$/.test(value)) errors[`cards.${c.row}.value`] = t("decks.editor.valueInvalid");
      return { label: c.label.trim(), value: value ? Number(value) : null };
    }),
  };
  const parsed = deckInput.safeParse(body);
  if (!parsed.success) {
    // The schema numbers rows among the filled ones; the form shows them on the row typed in.
    for (const [key, message] of Object.entries(zodFieldErrors(parsed.error, t))) {
      const m = /^cards\.(\d+)\.(label|value)$/.exec(key);
      errors[m ? `cards.${filled[Number(m[1])]!.row}.${m[2]}` : key] ??= message;
    }
  }
  return { errors, body: parsed.success ? parsed.data : body };
}

export function DeckDialog({ projectGuid, onClose, onSaved }: { projectGuid: string; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation("rooms");
  const api = useApi();
  const [name, setName] = useState("");
  const [cards, setCards] = useState<DraftCard[]>(() => [draftCard("1", "1"), draftCard("2", "2"), draftCard("3", "3"), draftCard()]);
  const { errors, detail, busy, send, setErrors } = useApiForm(t);
  const update = (key: number, patch: Partial<DraftCard>) => setCards((prev) => prev.map((c) => (c.key === key ? { ...c, ...patch } : c)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { errors: found, body } = readDraft(name, cards, t);
    if (Object.keys(found).length > 0) return setErrors(found);
    const saved = await send({ success: true, data: body }, (checked) => api("POST", `/v1/project/${projectGuid}/valmethod`, checked, { quiet: true }));
    if (!saved) return;
    onSaved();
    onClose();
  };

  return (
    <Dialog title={t("decks.editor.title")} onClose={onClose} onSubmit={submit} size="lg" testId="deck-dialog">
      {detail && <FormAlert tone="error">{detail}</FormAlert>}
      <Field label={t("decks.editor.name")} value={name} onChange={(e) => setName(e.target.value)} error={errors.name} maxLength={80} autoFocus data-testid="deck-name" />
      <fieldset className="flex min-h-0 flex-col">
        <legend className="label">{t("decks.editor.cards")}</legend>
        <p className="muted mb-2 text-xs">{t("decks.editor.cardsHint")}</p>
        <div className="muted grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_2rem] gap-2 px-0.5 text-xs font-medium" aria-hidden="true">
          <span>{t("decks.editor.label")}</span>
          <span>{t("decks.editor.value")}</span>
        </div>
        <ol className="mt-1 flex min-h-0 flex-col gap-2 overflow-y-auto p-0.5" data-testid="deck-cards">
          {cards.map((c, i) => (
            <li key={c.key} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_2rem] items-start gap-2" data-testid="deck-card-row">
              <div>
                <input className="input py-1.5" value={c.label} onChange={(e) => update(c.key, { label: e.target.value })} aria-label={t("decks.editor.labelN", { n: i + 1 })} aria-invalid={errors[`cards.${i}.label`] ? true : undefined} maxLength={CARD_LABEL_MAX} data-testid="deck-card-label" />
                {errors[`cards.${i}.label`] && <p className="field-error">{errors[`cards.${i}.label`]}</p>}
              </div>
              <div>
                <input className="input py-1.5" inputMode="decimal" value={c.value} onChange={(e) => update(c.key, { value: e.target.value })} aria-label={t("decks.editor.valueN", { n: i + 1 })} aria-invalid={errors[`cards.${i}.value`] ? true : undefined} placeholder={t("decks.editor.noValue")} data-testid="deck-card-value" />
                {errors[`cards.${i}.value`] && <p className="field-error">{errors[`cards.${i}.value`]}</p>}
              </div>
              <button type="button" className="btn btn-ghost muted h-9 p-1 hover:text-[var(--danger)]" onClick={() => setCards((prev) => prev.filter((x) => x.key !== c.key))} aria-label={t("decks.editor.removeCard", { n: i + 1 })} disabled={cards.length <= 1}>
                <Icon name="x" size={16} />
              </button>
            </li>
          ))}
        </ol>
        {errors.cards && <p className="field-error">{errors.cards}</p>}
        <button type="button" className="btn mt-2 w-fit px-3 py-1.5 text-sm" onClick={() => setCards((prev) => [...prev, draftCard()])} disabled={cards.length >= CARDS_MAX} data-testid="deck-add-card">
          <Icon name="plus" size={16} />
          {t("decks.editor.addCard")}
        </button>
      </fieldset>
      <DialogActions cancel={t("cancel")} onCancel={onClose} confirm={t("decks.editor.save")} disabled={busy} testId="deck-save" />
    </Dialog>
  );
}

/** The decks section of the rooms page. */
export function DeckList({ projectGuid, decks, canWrite, onChanged }: { projectGuid: string; decks: DeckView[]; canWrite: boolean; onChanged: () => void }) {
  const { t } = useTranslation("rooms");
  const api = useApi();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState<DeckView | null>(null);
  const remove = async (deck: DeckView) => {
    const result = await api("DELETE", `/v1/project/${projectGuid}/valmethod/${deck.guid}`);
    if (!result.error) onChanged();
  };
  return (
    <section aria-labelledby="decks-title" data-testid="decks">
      <div className="flex items-center justify-between gap-3">
        <h2 id="decks-title" className="text-lg font-semibold">
          {t("decks.title")}
        </h2>
        {canWrite && (
          <button type="button" className="btn px-3 py-1.5 text-sm" onClick={() => setEditing(true)} data-testid="deck-new">
            <Icon name="plus" size={16} />
            {t("decks.new")}
          </button>
        )}
      </div>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {decks.map((deck) => (
          <li key={deck.guid} className="card flex flex-col gap-2 p-4" data-testid="deck-item" data-deck={deck.guid} data-builtin={deck.builtin}>
            <div className="flex items-center gap-2">
              <span className="min-w-0 flex-1 truncate font-medium">{deckName(t, deck)}</span>
              <span className="muted shrink-0 text-xs">{deck.builtin ? t("decks.builtin") : deckFieldOf(deck.guid) !== null ? t("new.fromField") : t("decks.custom")}</span>
              {/* A field's deck changes with the field's options, on the field's settings page. */}
              {canWrite && !deck.builtin && deckFieldOf(deck.guid) === null && (
                <button type="button" className="btn btn-ghost muted p-1 hover:text-[var(--danger)]" onClick={() => setDeleting(deck)} aria-label={t("decks.delete", { name: deck.name })} data-testid="deck-delete">
                  <Icon name="trash" size={16} />
                </button>
              )}
            </div>
            <div className="flex flex-wrap gap-1">
              {deck.cards.map((c) => (
                <span key={c.label} className="inline-flex min-w-7 justify-center rounded-md border border-[var(--border)] bg-[var(--surface-2)] px-1.5 py-0.5 text-xs font-semibold tabular-nums" title={c.value === null ? t("decks.noValue") : t("decks.valueTitle", { value: c.value })}>
                  {c.label === "coffee" ? t("decks.coffee") : c.label}
                </span>
              ))}
            </div>
          </li>
        ))}
      </ul>
      {editing && <DeckDialog projectGuid={projectGuid} onClose={() => setEditing(false)} onSaved={onChanged} />}
      {deleting && (
        <ConfirmDialog
          title={t("decks.deleteTitle")}
          body={t("decks.deleteBody", { name: deleting.name })}
          cancel={t("cancel")}
          confirm={t("decks.deleteConfirm")}
          onConfirm={() => void remove(deleting)}
          onClose={() => setDeleting(null)}
          testId="deck-delete-dialog"
        />
      )}
    </section>
  );
}
