import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from "react";

/** The ids and states a `FormField` hands its control, so the label, hint and error reach it. */
export interface FieldControl {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/**
 * A label, one control, an optional hint and the field's error (already translated, e.g. by
 * `zodFieldErrors`), wired for assistive technology: the label names the control, and the hint
 * and error describe it. The control comes from the caller, given the ids to spread on it.
 */
export function FormField({
  label,
  hint,
  error,
  className,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: (control: FieldControl) => ReactNode;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label className="label" htmlFor={id}>
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": described || undefined })}
      {hint && (
        <p id={`${id}-hint`} className="muted mt-1.5 text-xs">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

type FieldText = { label: ReactNode; hint?: ReactNode; error?: string };

/** A labelled input (`FormField` around an `<input>`). */
export function Field({ label, hint, error, ...input }: FieldText & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FormField label={label} hint={hint} error={error}>
      {(control) => <input className="input" {...control} {...input} />}
    </FormField>
  );
}

/** A labelled text area (`FormField` around a `<textarea>`). */
export function TextAreaField({ label, hint, error, className, ...area }: FieldText & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FormField label={label} hint={hint} error={error}>
      {(control) => <textarea className={`input ${className ?? ""}`} {...control} {...area} />}
    </FormField>
  );
}

/** A message about the whole form: the server's answer or a success note. */
export function FormAlert({ tone, children }: { tone: "error" | "success"; children: React.ReactNode }) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-lg border px-3 py-2 text-sm ${
        tone === "error"
          ? "border-[var(--danger)] bg-[color-mix(in_srgb,var(--danger)_8%,transparent)] text-[var(--danger)]"
          : "border-[var(--success)] bg-[color-mix(in_srgb,var(--success)_8%,transparent)] text-[var(--success)]"
      }`}
    >
      {children}
    </div>
  );
}
