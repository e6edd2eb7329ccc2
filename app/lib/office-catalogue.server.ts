/** The catalogue forms' actions (jobs, packages, plans, mentors): dollars in, cents to the API, errors beside the fields. */
import type { AppLoadContext } from "@remix-run/node";
import type { ZodType, ZodTypeDef } from "zod";
import { listOf, planTextFields, textsFromForm, translatedFieldOf, translatedFields } from "../../lib/catalogue-texts.js";
import { packInput, packTextFields } from "../../lib/contract.js";
import { fieldErrorsOf, fieldMessages, formField } from "../../lib/field-errors.js";
import { FIX_FIELDS } from "../../lib/messages.js";
import { parseDollars } from "../../lib/money.js";
import { packFields, planFields, relocationFields } from "../../lib/office-fields.js";
import { apiActionError } from "./api.server.js";
import { textFields, refuse } from "./forms.server.js";
import { planInput, relocationInput } from "./schemas.server.js";
import { checkForm, readForm } from "./security.server.js";
import { redirectWithToast } from "./toast.server.js";

/**
 * A catalogue form's action, for adding and editing alike: the form read and checked, its text turned into the
 * API's body by `toBody` (which says beside which field a typed amount or list is wrong), the body checked by the
 * schema (its errors beside their fields through `fieldOf`), then saved, and the list it belongs to with a toast.
 */
export async function saveCatalogueForm<B, S>(
  request: Request,
  context: AppLoadContext,
  form: {
    fields: readonly string[];
    schema: ZodType<unknown, ZodTypeDef, unknown>;
    toBody: (values: Record<string, string>, fieldErrors: Record<string, string[]>) => B;
    fieldOf: (path: readonly (string | number)[]) => string | null;
    back: string;
    name: (saved: S) => string;
    /** A mentor's week: the decisions on the booked sessions it leaves out (`affected.<id>`) travel with it */
    decisions?: true;
    /** Fields of several boxes (a pack's mentors): every ticked value, joined with commas */
    lists?: readonly string[];
  },
  save: (body: B) => Promise<S>,
  done: string,
) {
  const formData = await readForm(request);
  await checkForm(formData, request);
  const values = textFields(formData, form.fields);
  for (const name of form.lists ?? []) values[name] = formData.getAll(name).map(String).join(",");
  const fieldErrors: Record<string, string[]> = {};
  let body = form.toBody(values, fieldErrors);
  if (form.decisions) {
    // One radio a session the API listed; kept in `values` so a refused save shows the same choices.
    const affected: Record<string, string> = {};
    for (const [key, value] of formData.entries()) {
      if (/^affected\.\d{1,12}$/.test(key) && typeof value === "string") {
        affected[key.slice("affected.".length)] = value;
        values[key] = value;
      }
    }
    const reason = formData.get("affected_reason");
    values.affected_reason = typeof reason === "string" ? reason : "";
    body = { ...body, affected, affected_reason: values.affected_reason };
  }
  const parsed = form.schema.safeParse(body);
  if (!parsed.success) {
    // A field with a message of the form's own keeps it; the schema's first refusal is said beside each other one.
    const schemaErrors = fieldMessages(
      fieldErrorsOf(parsed.error.issues, { whole: "form", fieldOf: form.fieldOf, firstOnly: true }),
    );
    for (const [field, messages] of Object.entries(schemaErrors)) fieldErrors[field] ??= messages;
  }
  if (!parsed.success || Object.keys(fieldErrors).length) {
    return refuse(values, { fieldErrors, formError: FIX_FIELDS });
  }
  try {
    const saved = await save(body);
    return await redirectWithToast(request, context, form.back, { type: "success", message: `${form.name(saved)} was ${done}.` });
  } catch (error) {
    return apiActionError(error, request, context, values);
  }
}

/**
 * Dollars typed into `field` as cents, or null with a message beside the field: `missing` when it is left empty
 * (an optional amount has none), `wrong` when it is not an amount.
 */
export function dollarsOf(
  values: Record<string, string>,
  field: string,
  fieldErrors: Record<string, string[]>,
  messages: { missing?: string; wrong?: string } = {},
): number | null {
  const text = values[field]?.trim() ?? "";
  if (!text) {
    if (messages.missing) fieldErrors[field] = [messages.missing];
    return null;
  }
  const minor = parseDollars(text);
  if (minor === null) fieldErrors[field] = [messages.wrong ?? "Enter an amount in dollars, e.g. 1490 or 1,490.00"];
  return minor;
}

const priceField = formField({ price_minor: "price" });
const price = {
  missing: "Enter the price in dollars, e.g. 1490 or 1,490.00",
  wrong: "Enter the price in dollars, e.g. 1490 or 1,490.00",
};

export function saveRelocationForm(
  request: Request,
  context: AppLoadContext,
  save: (body: Parameters<typeof relocationInput.parse>[0]) => Promise<{ title: string }>,
  done: string,
) {
  const form = {
    fields: relocationFields,
    schema: relocationInput,
    toBody: (v: Record<string, string>, errors: Record<string, string[]>) => ({
      title: v.title,
      country_code: v.country_code,
      city: v.city,
      duration_days: v.duration_days,
      price_minor: dollarsOf(v, "price", errors, price) ?? 0,
      includes: v
        .includes!.split("\n")
        .map((l) => l.trim())
        .filter(Boolean),
      description: v.description,
    }),
    fieldOf: priceField,
    back: "/office/relocations",
    name: (saved: { title: string }) => saved.title,
  };
  return saveCatalogueForm(request, context, form, save, done);
}

/** A session pack's form (issue 41): dollars to cents, its mentors' boxes as a list, its other languages' words. */
export function savePackForm(
  request: Request,
  context: AppLoadContext,
  save: (body: Parameters<typeof packInput.parse>[0]) => Promise<{ name: string }>,
  done: string,
) {
  const form = {
    fields: [...packFields, ...translatedFields(packTextFields)],
    lists: ["mentor_ids"],
    schema: packInput,
    toBody: (v: Record<string, string>, errors: Record<string, string[]>) => ({
      name: v.name,
      description: v.description,
      sessions: v.sessions,
      session_minutes: v.session_minutes,
      all_mentors: v.all_mentors !== "some",
      mentor_ids: (v.mentor_ids ?? "").split(",").filter(Boolean),
      price_minor: dollarsOf(v, "price", errors, price) ?? 0,
      valid_days: v.valid_days,
      texts: textsFromForm(packTextFields, v),
    }),
    fieldOf: (path: readonly (string | number)[]) =>
      translatedFieldOf(path) ?? (path[0] === "mentor_ids" ? "mentor_ids" : priceField(path)),
    back: "/office/session-packs",
    name: (saved: { name: string }) => saved.name,
  };
  return saveCatalogueForm(request, context, form, save, done);
}

export function savePlanForm(
  request: Request,
  context: AppLoadContext,
  save: (body: Parameters<typeof planInput.parse>[0]) => Promise<{ name: string }>,
  done: string,
) {
  const form = {
    fields: [...planFields, ...translatedFields(planTextFields)],
    schema: planInput,
    toBody: (v: Record<string, string>, errors: Record<string, string[]>) => ({
      service_id: v.service_id,
      name: v.name,
      description: v.description,
      price_minor: dollarsOf(v, "price", errors, price) ?? 0,
      includes: listOf("includes", v.includes),
      texts: textsFromForm(planTextFields, v),
    }),
    fieldOf: (path: readonly (string | number)[]) => translatedFieldOf(path) ?? priceField(path),
    back: "/office/plans",
    name: (saved: { name: string }) => saved.name,
  };
  return saveCatalogueForm(request, context, form, save, done);
}
