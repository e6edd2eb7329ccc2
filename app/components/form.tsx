import type { InputHTMLAttributes } from "react";

/** A labelled input with its error tied to it (aria-describedby); the first bad field takes focus. */
export function Field({
  label,
  name,
  errors,
  autoFocusOnError,
  hint,
  ...input
}: {
  label: string;
  name: string;
  errors?: string[];
  autoFocusOnError?: boolean;
  hint?: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  const id = input.id ?? `field-${name}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const invalid = Boolean(errors?.length);
  const describedBy = [hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={invalid ? "field field--invalid" : "field"}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoFocus={invalid && autoFocusOnError ? true : undefined}
        {...input}
      />
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <p className="field__error" id={errorId}>
          {errors!.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <div className="form-error" role="alert">
      {message}
    </div>
  );
}
