/** What every form action does first: read the fields as text, check them with the form's zod schema. */
import { json } from "@remix-run/node";
import type { ZodType, ZodTypeDef } from "zod";
import { fieldErrorsOf, formField } from "../../lib/field-errors.js";
import { FIX_FIELDS } from "../../lib/messages.js";
import type { FormFailure } from "./api.server.js";

export function textFields(formData: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, String(formData.get(n) ?? "")]));
}

/** The parsed values, or a 400 answer with a message per field and what was typed. */
export function validateForm<T>(
  schema: ZodType<T, ZodTypeDef, unknown>,
  values: Record<string, string>,
): { data: T; failure?: undefined } | { data?: undefined; failure: ReturnType<typeof json<FormFailure>> } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data };
  const fieldErrors = fieldErrorsOf(result.error.issues, { whole: "form", fieldOf: formField() });
  return {
    failure: json<FormFailure>({ fieldErrors, values, formError: FIX_FIELDS }, { status: 400 }),
  };
}
