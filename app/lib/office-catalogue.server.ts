/** The relocation package and service plan forms' actions: dollars in, cents to the API, errors beside the fields. */
import { json, type AppLoadContext } from "@remix-run/node";
import type { ZodType, ZodTypeDef } from "zod";
import { fieldErrorsOf, formField } from "../../lib/field-errors.js";
import { FIX_FIELDS } from "../../lib/messages.js";
import { planFields, relocationFields } from "../../lib/office-fields.js";
import { apiActionError, type FormFailure } from "./api.server.js";
import { textFields } from "./forms.server.js";
import { parseDollars } from "./money.js";
import { planInput, relocationInput } from "./schemas.server.js";
import { checkForm, readForm } from "./security.server.js";
import { redirectWithToast } from "./toast.server.js";

async function saveForm<B>(
  request: Request,
  context: AppLoadContext,
  fields: readonly string[],
  schema: ZodType<unknown, ZodTypeDef, unknown>,
  toBody: (values: Record<string, string>, priceMinor: number | null) => B,
  save: (body: B) => Promise<{ name: string }>,
  back: string,
  done: string,
) {
  const formData = await readForm(request);
  await checkForm(formData, request);
  const values = textFields(formData, fields);
  const fieldErrors: Record<string, string[]> = {};
  const price = values.price!.trim() ? parseDollars(values.price!) : null;
  if (price === null) fieldErrors.price = ["Enter the price in dollars, e.g. 1490 or 1,490.00"];
  const body = toBody(values, price);
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    fieldErrorsOf(parsed.error.issues, {
      whole: "form",
      fieldOf: formField({ price_minor: "price" }),
      firstOnly: true,
      into: fieldErrors,
    });
  }
  if (Object.keys(fieldErrors).length) {
    return json<FormFailure>({ fieldErrors, values, formError: FIX_FIELDS }, { status: 400 });
  }
  try {
    const saved = await save(body);
    return await redirectWithToast(request, context, back, { type: "success", message: `${saved.name} was ${done}.` });
  } catch (error) {
    return apiActionError(error, request, context, values);
  }
}

export function saveRelocationForm(
  request: Request,
  context: AppLoadContext,
  save: (body: Parameters<typeof relocationInput.parse>[0]) => Promise<{ title: string }>,
  done: string,
) {
  return saveForm(
    request,
    context,
    relocationFields,
    relocationInput,
    (v, price) => ({
      title: v.title,
      country_code: v.country_code,
      city: v.city,
      duration_days: v.duration_days,
      price_minor: price ?? 0,
      includes: v
        .includes!.split("\n")
        .map((l) => l.trim())
        .filter(Boolean),
      description: v.description,
    }),
    async (body) => ({ name: (await save(body)).title }),
    "/office/relocations",
    done,
  );
}

export function savePlanForm(
  request: Request,
  context: AppLoadContext,
  save: (body: Parameters<typeof planInput.parse>[0]) => Promise<{ name: string }>,
  done: string,
) {
  return saveForm(
    request,
    context,
    planFields,
    planInput,
    (v, price) => ({ service_id: v.service_id, name: v.name, description: v.description, price_minor: price ?? 0 }),
    save,
    "/office/plans",
    done,
  );
}
