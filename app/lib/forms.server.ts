/**
 * What every form action does with what was posted, through Conform (docs/decisions/013-forms-with-conform.md): the
 * fields read as text, checked with the form's zod schema by `parseWithZod`, and every refusal — the schema's, the
 * API's, the action's own — answered as Conform's submission result, which the page's form shows (`useSchemaForm`,
 * around Conform's `useForm`: app/components/ui/form.tsx).
 */
import { parse, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { ZodIssue, ZodType, ZodTypeDef } from "zod";
import { issueCode } from "../../lib/field-errors.js";
import type { Lang } from "../../lib/i18n/languages.js";
import { FIX_FIELDS } from "../../lib/messages.js";
import { refusalWords } from "./refusals.server.js";
import type { ToastMessage } from "./toast.js";

/** Conform's control fields (`@conform-to/dom`): an intent and a state, read as JSON when posted. */
const INTENT = "__intent__";
const STATE = "__state__";

/**
 * A refused form as the page receives it: Conform's submission result (what was typed as `initialValue`, each
 * field's words and the form's under `error`), with a toast to show beside it when there is one.
 */
export type FormFailure = SubmissionResult<string[]> & {
  toast?: ToastMessage;
  /** On a page of several forms, the one this answers (`forForm`); `useSchemaForm(…, { form })` shows only its own */
  form?: string;
};

/** A form's failure as an action answers it: what the page shows, with the status (400, 409, 503 …). */
export type Failed<F extends FormFailure = FormFailure> = ReturnType<typeof data<F>>;

export function textFields(formData: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, String(formData.get(n) ?? "")]));
}

/**
 * The fields a form sends, as Conform reads a submission. They are the action's own text values (`textFields`:
 * only the names it reads, several choices already joined), never the raw body, so what comes back to the page is
 * only what the form has; and never Conform's control fields, whose JSON a visitor could post broken.
 */
const asPayload = (values: Record<string, string>) =>
  new URLSearchParams(Object.entries(values).filter(([name]) => name !== INTENT && name !== STATE));

/** Words of the form as a whole and beside each field, in the page's language already. */
/** A field that carries JSON (a passkey's signature): its value, or undefined when it is not JSON. */
export function parsedJson(value: FormDataEntryValue | null): unknown {
  if (typeof value !== "string" || value.length > 40_000) return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

export type Refusals = { formError?: string; fieldErrors?: Record<string, string[]> };

/**
 * A form refused, as an action answers it: Conform's result for what was typed (`values`, the password fields in
 * `hide` never sent back), the form's and the fields' words, and whatever else the page shows beside them.
 */
export function refuse<X extends object = object>(
  values: Record<string, string>,
  refusals: Refusals & { hide?: readonly string[] },
  init: { status: number; extra?: X; toast?: ToastMessage } = { status: 400 },
): Failed<FormFailure & X> {
  const hideFields = [...(refusals.hide ?? [])];
  const result = parse(asPayload(values), { resolve: () => ({ value: values }) }).reply({
    ...(refusals.formError ? { formErrors: [refusals.formError] } : {}),
    fieldErrors: refusals.fieldErrors ?? {},
    hideFields,
  });
  const body = { ...result, ...(init.toast ? { toast: init.toast } : {}), ...init.extra } as FormFailure & X;
  return data(body, { status: init.status });
}

/** A refusal for one form of a page that has several: only `useSchemaForm(…, { form })` with its name shows it. */
export function forForm<F extends FormFailure>(failed: Failed<F>, form: string): Failed<F & { form: string }> {
  return data({ ...failed.data, form }, failed.init ?? undefined);
}

/** The words of a refused form's summary: "fix the fields below". */
export const fixFields = (lang: Lang = "en") => refusalWords(lang)({ code: "validation.failed", message: FIX_FIELDS });

/** Zod's issues in words, by each one's code (lib/field-errors.ts), a field's own words where it has them. */
export function issueWords(lang: Lang = "en") {
  const say = refusalWords(lang);
  return (issues: readonly ZodIssue[]) =>
    issues.map((issue) => say({ ...issueCode(issue), message: issue.message }, String(issue.path[0] ?? "")));
}

/**
 * The parsed values, or a 400 answer with a refusal per field and what was typed, in the page's language (`lang`:
 * a public page's or a client's; the workspaces are English) by each refusal's code. The schema reads the text as
 * posted (no coercion: our schemas trim and convert themselves, as the API's do).
 */
export function validateForm<T>(
  schema: ZodType<T, ZodTypeDef, unknown>,
  values: Record<string, string>,
  lang: Lang = "en",
  opts: {
    hide?: readonly string[];
    /**
     * What the schema reads when it is not the text itself: a list the form sends as repeated fields (the office's
     * document choices, the clients handed over). `values` is still what comes back to the page (joined).
     */
    input?: Record<string, unknown>;
  } = {},
): { data: T; failure?: undefined } | { data?: undefined; failure: Failed } {
  const words = issueWords(lang);
  const submission =
    opts.input === undefined
      ? parseWithZod(asPayload(values), { schema, disableAutoCoercion: true, formatError: words })
      : parse(asPayload(values), {
          resolve: () => {
            const checked = schema.safeParse(opts.input);
            if (checked.success) return { value: checked.data };
            const error: Record<string, string[]> = {};
            for (const issue of checked.error.issues) {
              const path = issue.path.join(".");
              error[path] = [...(error[path] ?? []), ...words([issue])];
            }
            return { error };
          },
        });
  if (submission.status === "success") return { data: submission.value as T };
  // Beside the field the form has: an issue inside a list ("client_ids[2]") is its field's. An issue of the form
  // as a whole is the summary; otherwise the summary points to the fields.
  const fieldErrors: Record<string, string[]> = {};
  for (const [path, said] of Object.entries(submission.error ?? {})) {
    if (path === "" || !said) continue;
    const field = path.split(/[.[]/)[0]!;
    fieldErrors[field] = [...(fieldErrors[field] ?? []), ...said];
  }
  const whole = submission.error?.[""]?.[0];
  const formError = Object.keys(fieldErrors).length || !whole ? fixFields(lang) : whole;
  return { failure: refuse(values, { formError, fieldErrors, hide: opts.hide }) };
}

/**
 * A route's answer as a Response: a `data()` answer (status, headers) or a plain object as JSON, a Response as it
 * is. For the upload's JSON path, which answers the page action's outcome to a script.
 */
export function asResponse(answer: unknown): Response {
  if (answer instanceof Response) return answer;
  if (answer && typeof answer === "object" && (answer as { type?: unknown }).type === "DataWithResponseInit") {
    const { data: body, init } = answer as ReturnType<typeof data<unknown>>;
    return Response.json(body, init ?? undefined);
  }
  return Response.json(answer);
}
