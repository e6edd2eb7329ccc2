import { getFormProps, useForm } from "@conform-to/react";
import type { FormFailure } from "../lib/forms.server";
import { readRefusal } from "./fields";

const formProps = ({ id, onSubmit, noValidate }: ReturnType<typeof getFormProps>) => ({ id, onSubmit, noValidate });

/**
 * A form through Conform (`useForm`, docs/decisions/013-forms-with-conform.md), fed by what the action answered
 * (`lastResult`: a refusal from `refuse`/`validateForm`, or undefined before a post). The same with JavaScript on
 * and off: the server checks every post with the form's zod schema, and its answer brings each field's words, the
 * form's, and what was typed. Conform moves the focus to the first bad field after a post with scripts on; without
 * them, `autoFocusOnError` does, on the first bad field in `order`.
 *
 * - `props`: the `<Form>`'s (its id, Conform's submit handler, no browser validation of its own);
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
  const [form] = useForm<Record<string, string>>({ id: opts.id, lastResult: lastResult ?? undefined });
  // What is shown is what the last answer said, as Conform's result: Conform keeps a refusal in its own state once
  // it has reported it, and a form that was refused, then saved (a redirect to this very page) or left for another
  // form of the page, must not say it again.
  const said = readRefusal(lastResult);
  const typed = said.values;
  const errors = said.errors;
  const first = opts.order?.find((name) => errors(name)?.length);
  return {
    // The form's id, Conform's submit handler, no browser validation. Not its aria attributes: the summary is said
    // by FormError (role="alert"), each field's words by its own aria-describedby.
    props: formProps(getFormProps(form)),
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
