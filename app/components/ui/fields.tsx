/**
 * A form's plain fields, with no form library: a page that only filters a list (a GET form) loads these and not the
 * form hook or the reading of a refusal (./form.tsx). The country and zone pickers are in ./place-fields.tsx.
 */
import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { fieldLimits } from "../../../lib/client-fields";

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

export type Common = ShellProps & { autoFocusOnError?: boolean };

/** The shell's own props apart from the control's. */
function shellOf<P extends Common & { id?: string }>({ label, name, errors, hint, autoFocusOnError, ...control }: P) {
  return { shell: { label, name, errors, hint, autoFocusOnError, id: control.id }, control };
}

/** A labelled input; with autoFocusOnError the first bad field takes focus (with or without JavaScript). */
export const Field = forwardRef<HTMLInputElement, Common & InputHTMLAttributes<HTMLInputElement>>(function Field(props, ref) {
  const { shell, control } = shellOf(props);
  return <FieldShell {...shell} control={(a11y) => <input name={shell.name} ref={ref} {...a11y} {...control} />} />;
});

/**
 * A password box, always required and never longer than a password may be: `current-password` where one is asked
 * for, `new-password` where one is chosen, so the browser's password manager fills or suggests it.
 */
export function PasswordField(
  props: Common & { autoComplete: "current-password" | "new-password"; autoFocus?: boolean; defaultValue?: string },
) {
  return <Field type="password" required maxLength={fieldLimits.password} {...props} />;
}

/**
 * A grid form's last row, across the grid: its submit button (primary, or `ghost` for a lesser one), sent with the
 * form's `intent` on a page of several forms, and whatever else goes beside it (a way back).
 */
export function WideActions(props: { label: ReactNode; busy: boolean; intent?: string; ghost?: boolean; children?: ReactNode }) {
  return (
    <div className="form__actions form__wide">
      <button
        type="submit"
        name={props.intent ? "intent" : undefined}
        value={props.intent}
        className={`button ${props.ghost ? "button--ghost" : "button--primary"}`}
        disabled={props.busy}
      >
        {props.label}
      </button>
      {props.children}
    </div>
  );
}

export type Option = { value: string; label: string };

export function SelectField(
  props: Common & SelectHTMLAttributes<HTMLSelectElement> & { options: Option[]; placeholder?: string },
) {
  const {
    shell,
    control: { options, placeholder, ...select },
  } = shellOf(props);
  return (
    <FieldShell
      {...shell}
      control={(a11y) => (
        <select name={shell.name} {...a11y} {...select}>
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

export function TextAreaField(props: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { shell, control } = shellOf(props);
  return <FieldShell {...shell} control={(a11y) => <textarea name={shell.name} {...a11y} {...control} />} />;
}

export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <div className="form-error" role="alert">
      {message}
    </div>
  );
}
