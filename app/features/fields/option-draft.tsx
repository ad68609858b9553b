/** The colour and name of an option being added, as the options editor and the new-field form ask for them. */
import { useTranslation } from "react-i18next";
import { ColorPicker } from "./color-picker";

/** An option not added yet. */
export interface OptionDraft {
  label: string;
  color: string;
}

/**
 * The draft's colour picker and name input with its error; the caller adds the add button.
 * `onEnter`: Enter in the name adds the option (inside a larger form, instead of submitting it).
 */
export function OptionDraftInputs({ draft, onDraft, error, testIds, onEnter }: { draft: OptionDraft; onDraft: (draft: OptionDraft) => void; error?: string; testIds: { color: string; name: string }; onEnter?: () => void }) {
  const { t } = useTranslation("projects");
  return (
    <>
      <ColorPicker value={draft.color} onChange={(color) => onDraft({ ...draft, color })} label={t("fieldSettings.colorOfNew")} testId={testIds.color} />
      <div className="flex-1">
        <input
          className="input py-1.5"
          aria-label={t("fieldSettings.optionName")}
          placeholder={t("fieldSettings.optionPlaceholder")}
          value={draft.label}
          aria-invalid={error ? true : undefined}
          onChange={(e) => onDraft({ ...draft, label: e.target.value })}
          onKeyDown={(e) => {
            if (onEnter && e.key === "Enter") {
              e.preventDefault();
              onEnter();
            }
          }}
          data-testid={testIds.name}
        />
        {error && <p className="field-error">{error}</p>}
      </div>
    </>
  );
}
