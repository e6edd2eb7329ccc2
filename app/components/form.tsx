import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

type ShellProps = { label: string; name: string; errors?: string[]; hint?: string; id?: string };

/** Label, control, hint and error, tied together with aria-describedby and aria-invalid. */
function FieldShell({
  label,
  name,
  errors,
  hint,
  id: givenId,
  autoFocusOnError,
  control,
}: ShellProps & {
  autoFocusOnError?: boolean;
  control: (a11y: { id: string; autoFocus?: true; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const id = givenId ?? `field-${name}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const invalid = Boolean(errors?.length);
  const describedBy = [hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={invalid ? "field field--invalid" : "field"}>
      <label htmlFor={id}>{label}</label>
      {control({
        id,
        autoFocus: invalid && autoFocusOnError ? true : undefined,
        "aria-invalid": invalid || undefined,
        "aria-describedby": describedBy,
      })}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <p className="field__error" id={errorId}>
          {/* The first problem only: several run together read as one garbled sentence. */}
          {errors![0]}
        </p>
      ) : null}
    </div>
  );
}

type Common = ShellProps & { autoFocusOnError?: boolean };

/** A labelled input; with autoFocusOnError the first bad field takes focus (with or without JavaScript). */
export function Field({ label, name, errors, hint, autoFocusOnError, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldShell
      label={label}
      name={name}
      errors={errors}
      hint={hint}
      id={input.id}
      autoFocusOnError={autoFocusOnError}
      control={(a11y) => <input name={name} {...a11y} {...input} />}
    />
  );
}

export function SelectField({
  label,
  name,
  errors,
  hint,
  autoFocusOnError,
  options,
  placeholder,
  ...select
}: Common &
  SelectHTMLAttributes<HTMLSelectElement> & { options: Array<{ value: string; label: string }>; placeholder?: string }) {
  return (
    <FieldShell
      label={label}
      name={name}
      errors={errors}
      hint={hint}
      id={select.id}
      autoFocusOnError={autoFocusOnError}
      control={(a11y) => (
        <select name={name} {...a11y} {...select}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

export function TextAreaField({
  label,
  name,
  errors,
  hint,
  autoFocusOnError,
  ...area
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldShell
      label={label}
      name={name}
      errors={errors}
      hint={hint}
      id={area.id}
      autoFocusOnError={autoFocusOnError}
      control={(a11y) => <textarea name={name} {...a11y} {...area} />}
    />
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

/** The first field (in form order) that has an error: it alone gets autoFocus. */
export function firstInvalid(order: readonly string[], errors: Record<string, string[] | undefined> | undefined) {
  return order.find((f) => errors?.[f]?.length);
}
