/**
 * A form's fields, its refusal and a list's filter, with no form library: a page that only filters a list (a GET
 * form) loads these and not Conform, which `usePortalForm` (./form.tsx) brings.
 */
import {
  forwardRef,
  useEffect,
  useRef,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { fieldLimits } from "../../lib/client-fields";
import type { FormFailure } from "../lib/forms.server";
import { useTranslation } from "../lib/words";

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

/** A country chosen in a form, with its name as the form shows it (for a hint), or null. */
export function countryOf(countries: Array<{ code: string; name: string }>, code: string | undefined) {
  const found = code ? countries.find((c) => c.code === code) : undefined;
  return found ? { code: found.code, name: found.name } : null;
}

/** A choice of country, by name. */
export function CountryField({
  countries,
  label,
  placeholder,
  ...props
}: Omit<Parameters<typeof SelectField>[0], "options" | "label"> & {
  countries: Array<{ code: string; name: string }>;
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={label ?? t("work.fields.country")}
      placeholder={placeholder ?? t("work.fields.chooseCountry")}
      options={countries.map((c) => ({ value: c.code, label: c.name }))}
      {...props}
    />
  );
}

/** A zone a picker offers: its IANA name, the countries that keep its time (codes, and their names as read). */
export type ZoneChoice = { id: string; label: string; countries: string[] };

/**
 * A choice of time zone that can be searched: a text box with the zones as suggestions (a datalist, so it works
 * with scripts off too), where typing a city ("Lisbon") or a country ("Ghana") finds the zone. The zones of
 * `country` come first and are named in the hint; with scripts on, a country picked in the same form (its field
 * named `countryField`) suggests its zones at once.
 */
export function ZoneField({
  zones,
  label,
  hint,
  country,
  countryField,
  ...props
}: Omit<Common & InputHTMLAttributes<HTMLInputElement>, "label" | "list"> & {
  zones: readonly ZoneChoice[];
  label?: string;
  /** The country whose zones are suggested, as its code and its name shown in the form */
  country?: { code: string; name: string } | null;
  countryField?: string;
}) {
  const { t } = useTranslation();
  const [chosenCountry, setChosenCountry] = useState(country ?? null);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const select = countryField ? inputRef.current?.form?.elements.namedItem(countryField) : null;
    if (!(select instanceof HTMLSelectElement)) return;
    const follow = () =>
      setChosenCountry(select.value ? { code: select.value, name: select.selectedOptions[0]?.text ?? select.value } : null);
    select.addEventListener("change", follow);
    return () => select.removeEventListener("change", follow);
  }, [countryField]);
  const suggested = chosenCountry ? zones.filter((z) => z.countries.includes(chosenCountry.code)) : [];
  const ordered = suggested.length ? [...suggested, ...zones.filter((z) => !suggested.includes(z))] : zones;
  const listId = `${props.id ?? `field-${props.name}`}-zones`;
  const suggestion = suggested.length
    ? t("work.fields.zoneSuggested", { country: chosenCountry!.name, zones: suggested.map((z) => z.id).join(", ") })
    : null;
  return (
    <>
      <Field
        label={label ?? t("work.fields.zone")}
        hint={[hint, suggestion ?? t("work.fields.zoneSearch")].filter(Boolean).join(" ")}
        list={listId}
        autoComplete="off"
        spellCheck={false}
        ref={inputRef}
        {...props}
      />
      <datalist id={listId}>
        {ordered.map((z) => (
          <option key={z.id} value={z.id} label={z.label || undefined} />
        ))}
      </datalist>
    </>
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

/** What a refused post typed, as the server answered it (Conform's `initialValue`): each field as text. */
function typedOf(lastResult: FormFailure | null | undefined): Record<string, string> | undefined {
  const typed = lastResult?.initialValue;
  if (!typed) return undefined;
  // Conform leaves an empty field out of `initialValue` and names it in `fields`: typed empty, not untouched.
  const out: Record<string, string> = Object.fromEntries((lastResult.fields ?? []).map((name) => [name, ""]));
  // It reads a dotted name ("affected.12") as a path; the form's fields are named flat.
  const walk = (value: unknown, name: string) => {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) walk(v, name ? `${name}.${k}` : k);
    } else out[name] = Array.isArray(value) ? value.join(",") : String(value ?? "");
  };
  walk(typed, "");
  return out;
}

/**
 * A refusal read without a Conform form: for the upload form, which sends itself (with its progress) rather than
 * through Remix, and answers itself before a byte is sent. The same words and values `usePortalForm` shows.
 */
export function readRefusal(result: FormFailure | null | undefined) {
  const typed = typedOf(result);
  return {
    formError: result?.error?.[""]?.[0],
    errors: (name: string) => result?.error?.[name] ?? undefined,
    /** What was typed, each field as text; undefined before any refusal */
    values: typed,
    typed: (name: string): string | undefined => typed?.[name],
  };
}

/** A refusal made in the browser, shaped as the server's (Conform's submission result). */
export function refusalHere(
  formError: string,
  fieldErrors: Record<string, string[]> = {},
  values?: Record<string, string>,
): FormFailure {
  return { status: "error", error: { "": [formError], ...fieldErrors }, ...(values ? { initialValue: values } : {}) };
}
