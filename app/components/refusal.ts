/**
 * A refused post read as Conform's submission result, with no form drawn: the words and values `usePortalForm`
 * (./form.tsx) shows, for the pages and the upload form that read a refusal themselves. Apart from the fields so a
 * page that only reads a refusal does not fetch them.
 */
import type { FormFailure } from "../lib/forms.server";

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
