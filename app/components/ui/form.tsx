/**
 * A page's form on Conform (docs/decisions/017-conform-both-sides.md): `useSchemaForm` draws it with Conform's
 * `useForm`, fed by the action's answer and, with scripts on, by the same zod schema the action checks it with;
 * `readRefusal` reads an answer for a page or the upload form that reads a refusal itself (with no form drawn),
 * `refusalHere` makes one in the browser. The fields themselves are apart (./fields.tsx), so a page that only reads a
 * refusal does not fetch them.
 */
import { getFormProps, parse, useForm, type Submission } from "@conform-to/react";
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FocusEvent } from "react";
import type { ZodTypeAny } from "zod";
import { fieldWords } from "../../lib/field-words";
import type { FormFailure } from "../../lib/forms.server";
import { useTranslation } from "../../lib/page-words";

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
 * through Remix, and answers itself before a byte is sent. The same words and values `useSchemaForm` shows.
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
 * What the browser checks a form with: the action's schema, fetched when needed (`() => import(…)`, so zod stays out
 * of the page's first load), and the fields the action reads (its `textFields`), read the same way.
 */
export type FormSchema = { schema: () => Promise<ZodTypeAny>; fields: readonly string[] };

type Checked = Submission<Record<string, unknown>, string[]>;
type Check = (formData: FormData) => Checked | null;

/** An answer that says nothing: each new one (the page's answer changed) clears what the form said before. */
const said = (): FormFailure => ({ status: "success", error: {} });

/**
 * A form drawn by Conform's `useForm`, fed by what the action answered (`lastResult`: a refusal from `refuse` or
 * `validateForm`, or undefined before a post) and, with scripts on, by the browser's own check (`check`): the
 * action's zod schema, fetched the first time the form takes the focus, checks the whole form before it is sent
 * (nothing is sent when it refuses), then each field it refused again as it changes, with the server's words. Not as
 * a field is left: words appearing then moved the button being pressed, and the press was lost. Until the check has
 * come, and for a form without one, the server checks the post and its answer says the same. Without scripts, the server's answer is all there is: the first bad
 * field (in `order`) takes the focus, each field says its words, and shows what was typed.
 *
 * - `props`: the `<Form>`'s (its id, Conform's submit handler, no browser validation of its own: the words said are
 *   the portal's, the same with scripts on and off);
 * - `key`: for a form whose fields should show what a refused post typed after a post made with scripts on;
 * - `field(name, fallback)`: a field's name, words, focus and value (typed, else `stored`, else `fallback`);
 * - `errors(name)`, `typed(name)`, `formError`: for the controls a `Field` does not draw.
 */
export function useSchemaForm(
  lastResult: FormFailure | null | undefined,
  opts: {
    id?: string;
    /** On a page of several forms, this one's name: it shows only the refusals `forForm` named it in */
    form?: string;
    order?: readonly string[];
    stored?: Record<string, string | undefined>;
    check?: FormSchema;
  } = {},
) {
  const own = opts.form !== undefined && lastResult?.form !== opts.form ? undefined : lastResult;
  const ownId = useId();
  const id = opts.id ?? ownId;
  const { t, i18n } = useTranslation();
  // Conform reads each new answer once (by its identity). The page's answer, when it is another form's or none
  // (after a redirect), is said as nothing: what this form said before is cleared. Every field a refusal names is
  // one Conform shows words for, whether or not the form sent it.
  const answer = useMemo(
    () => (own ? { ...own, fields: [...new Set([...(own.fields ?? []), ...Object.keys(own.error ?? {})])] } : said()),
    // One answer per action answer: `own` follows from it and the form's name.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [lastResult],
  );
  const check = useRef<Check | null>(null);
  const asked = useRef(false);
  // Said on the form (`data-check="ready"`) once its check has come: the form then refuses before it sends.
  const [ready, setReady] = useState(false);
  const { check: schemaOf } = opts;
  // The page's words as they are when a field is checked (a page can change its language and keep the form).
  const words = useRef({ lang: i18n.language, t, has: i18n.exists });
  words.current = { lang: i18n.language, t, has: i18n.exists };
  const load = useCallback(() => {
    if (!schemaOf || asked.current) return;
    asked.current = true;
    Promise.all([schemaOf.schema(), import("./form-check")])
      .then(([schema, { formCheck }]) => {
        check.current = formCheck(schema, schemaOf.fields, () => words.current, fieldWords) as Check;
        setReady(true);
      })
      // Not fetched (offline, a new release): the server checks every post, as without scripts.
      .catch(() => {
        asked.current = false;
      });
  }, [schemaOf]);
  const [form, fields] = useForm<Record<string, unknown>>({
    id,
    lastResult: answer,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => {
      const checked = check.current?.(formData);
      if (checked) return checked;
      // Not checked here: a field left keeps what it said; a post goes to the server, which checks it.
      const keep: Record<string, string[] | null> = Object.fromEntries(
        // This render's form: Conform calls the latest options' `onValidate`, after the form it returned.
        Object.keys(form.allErrors).map((name) => [name, null]),
      );
      return parse<Record<string, unknown>, string[]>(formData, {
        resolve: () => (formData.has("__intent__") ? { error: keep } : { value: {} }),
      });
    },
  });
  const typed = typedOf(own);
  const errors = (name: string): string[] | undefined => fields[name]?.errors ?? undefined;
  const first = opts.order?.find((name) => errors(name)?.length);
  useEffect(() => {
    // Each new answer that refuses a field puts the focus on the first one, once the page has drawn it (a form
    // keyed by what was typed is drawn anew). A refusal of the browser's own check is focused by Conform.
    if (!own) return;
    const element = document.getElementById(id);
    if (!(element instanceof HTMLFormElement)) return;
    firstRefused(element, (name) => (first ? name === first : !!own.error?.[name]?.length))?.focus();
    // Once per answer: `id`, `first` and `own` follow from it and the page's own options.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastResult]);
  const conform = getFormProps(form);
  return {
    // Conform's id and submit handler, no browser validation, and its check fetched on the first focus. Not its
    // aria attributes: the summary is said by FormError (role="alert"), each field's words by its own aria-describedby.
    props: {
      id: conform.id,
      onSubmit: conform.onSubmit,
      noValidate: true,
      onFocus: schemaOf ? (_: FocusEvent<HTMLFormElement>) => load() : undefined,
      "data-check": ready ? "ready" : undefined,
    },
    key: typed ? JSON.stringify(typed) : "stored",
    formError: form.errors?.[0],
    errors,
    /** Every field's words, for a list of fields the page learns only from the refusal */
    fieldErrors: Object.entries(form.allErrors).filter((e): e is [string, string[]] => e[0] !== "" && !!e[1]?.length),
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

/** A form as `useSchemaForm` gives it, for a part of a form drawn by another component. */
export type PortalForm = ReturnType<typeof useSchemaForm>;
/** A form's `field(name, fallback)` */
export type FieldOf = PortalForm["field"];
