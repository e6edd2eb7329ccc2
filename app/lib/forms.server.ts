/** What every form action does first: read the fields as text, check them with the form's zod schema. */
import { data } from "@remix-run/node";
import type { ZodType, ZodTypeDef } from "zod";
import { fieldErrorsOf, formField } from "../../lib/field-errors.js";
import type { Lang } from "../../lib/i18n/languages.js";
import { FIX_FIELDS } from "../../lib/messages.js";
import type { FormFailure } from "./api.server.js";
import { refusalWords } from "./refusals.server.js";

export function textFields(formData: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, String(formData.get(n) ?? "")]));
}

/** A form's failure as an action answers it: what the page shows, with the status (400, 409, 503 …). */
export type Failed = ReturnType<typeof data<FormFailure>>;

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

/**
 * The parsed values, or a 400 answer with a refusal per field and what was typed, in the page's language (`lang`:
 * a public page's or a client's; the workspaces are English) by each refusal's code.
 */
export function validateForm<T>(
  schema: ZodType<T, ZodTypeDef, unknown>,
  values: Record<string, string>,
  lang: Lang = "en",
): { data: T; failure?: undefined } | { data?: undefined; failure: Failed } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data };
  const say = refusalWords(lang);
  const fieldErrors = say.fields(fieldErrorsOf(result.error.issues, { whole: "form", fieldOf: formField() }));
  return {
    failure: data<FormFailure>(
      { fieldErrors, values, formError: say({ code: "validation.failed", message: FIX_FIELDS }) },
      { status: 400 },
    ),
  };
}
