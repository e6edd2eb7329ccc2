/**
 * A form's answer: read by `usePortalForm` for a Conform form, by `readRefusal` for a page or the upload form that
 * reads a refusal itself (with no form drawn), made in the browser by `refusalHere`. The fields themselves are apart
 * (./fields.tsx), so a page that only reads a refusal does not fetch them.
 */
import { useEffect, useId } from "react";
import type { FormFailure } from "../../lib/forms.server";

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

/** The form's first control, in the page's order, whose name `refused` picks (hidden and disabled ones left out). */
function firstRefused(form: HTMLFormElement, refused: (name: string) => boolean) {
  for (const el of Array.from(form.elements)) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement)) continue;
    if (el.type === "hidden" || el.disabled || !el.name) continue;
    if (refused(el.name)) return el;
  }
  return undefined;
}

/**
 * A form read and answered as Conform's submission result (docs/decisions/013-forms-with-conform.md), fed by what
 * the action answered (`lastResult`: a refusal from `refuse`/`validateForm`, or undefined before a post). The same
 * with JavaScript on and off: the server checks every post with the form's zod schema, and its answer brings each
 * field's words, the form's, and what was typed. Validation runs on the server only, so the browser needs nothing of
 * Conform's: with scripts on, this hook moves the focus to the first bad field when an answer comes (as Conform's
 * `useForm` did); without them, `autoFocusOnError` does, on the first bad field in `order`.
 *
 * - `props`: the `<Form>`'s (its id, no browser validation of its own: the server's words are the ones said);
 * - `key`: for a form whose fields should show what a refused post typed after a post made with scripts on;
 * - `field(name, fallback)`: a field's name, words, focus and value (typed, else `stored`, else `fallback`);
 * - `errors(name)`, `typed(name)`, `formError`: for the controls a `Field` does not draw.
 */
export function usePortalForm(
  lastResult: FormFailure | null | undefined,
  opts: {
    id?: string;
    /** On a page of several forms, this one's name: it shows only the refusals `forForm` named it in */
    form?: string;
    order?: readonly string[];
    stored?: Record<string, string | undefined>;
  } = {},
) {
  if (opts.form !== undefined && lastResult?.form !== opts.form) lastResult = undefined;
  const ownId = useId();
  const id = opts.id ?? ownId;
  // What is shown is what the last answer said: a form that was refused, then saved (a redirect to this very page)
  // or left for another form of the page, must not say it again.
  const said = readRefusal(lastResult);
  const typed = said.values;
  const errors = said.errors;
  const first = opts.order?.find((name) => errors(name)?.length);
  useEffect(() => {
    // Each new answer (its object changes with each post) that refuses a field puts the focus on the first one.
    if (!lastResult) return;
    const form = document.getElementById(id);
    if (!(form instanceof HTMLFormElement)) return;
    firstRefused(form, (name) => (first ? name === first : !!errors(name)?.length))?.focus();
    // Once per answer: `id`, `first` and `errors` follow from it and the page's own options.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastResult]);
  return {
    // The form's id and no browser validation. Not its aria attributes: the summary is said by FormError
    // (role="alert"), each field's words by its own aria-describedby.
    props: { id, noValidate: true },
    key: typed ? JSON.stringify(typed) : "stored",
    formError: said.formError,
    errors,
    /** Every field's words, for a list of fields the page learns only from the refusal */
    fieldErrors: Object.entries(lastResult?.error ?? {}).filter((e): e is [string, string[]] => e[0] !== "" && !!e[1]?.length),
    typed: (name: string): string | undefined => typed?.[name],
    field: (name: string, fallback = "") => ({
      name,
      errors: errors(name),
      // Without an order, every bad field asks for the focus and the browser gives it to the first on the page.
      autoFocusOnError: opts.order ? first === name : true,
      defaultValue: typed?.[name] ?? opts.stored?.[name] ?? fallback,
    }),
  };
}

/** A form as `usePortalForm` gives it, for a part of a form drawn by another component. */
export type PortalForm = ReturnType<typeof usePortalForm>;
/** A form's `field(name, fallback)` */
export type FieldOf = PortalForm["field"];
