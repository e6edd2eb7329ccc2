/**
 * Zod's issues as messages beside fields, for the API's 400 answers and the portal's forms alike: one function, so a
 * message reaches its field the same way wherever the input was checked.
 */
import type { ZodIssue } from "zod";

export type FieldErrors = Record<string, string[]>;

export function fieldErrorsOf(
  issues: readonly ZodIssue[],
  opts: {
    /** The key of an issue about the input as a whole (the API says "body", a form "form") */
    whole: string;
    /** The key for an issue's path: by default the path itself ("time_off.0.starts_on"); null leaves it out */
    fieldOf?: (path: ReadonlyArray<string | number>) => string | null;
    /** Only each field's first message (a form shows one under each field) */
    firstOnly?: boolean;
    /** Errors found before (a form's own checks), added to */
    into?: FieldErrors;
  },
): FieldErrors {
  const errors: FieldErrors = opts.into ?? {};
  for (const issue of issues) {
    const key = issue.path.length ? (opts.fieldOf ? opts.fieldOf(issue.path) : issue.path.join(".")) : opts.whole;
    if (key === null) continue;
    if (opts.firstOnly && errors[key]) continue;
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** A form's key: the field the path starts with, renamed where the form names it otherwise. */
export const formField =
  (rename: Record<string, string> = {}) =>
  (path: ReadonlyArray<string | number>) =>
    rename[String(path[0])] ?? String(path[0]);
