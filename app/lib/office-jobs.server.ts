/** The job form's action, for adding and editing alike: dollars in, cents to the API, errors beside the fields. */
import { json, type AppLoadContext } from "@remix-run/node";
import type { JobInput, OfficeJob } from "../../lib/contract.js";
import { fieldErrorsOf, formField } from "../../lib/field-errors.js";
import { FIX_FIELDS } from "../../lib/messages.js";
import { jobFields } from "../../lib/office-fields.js";
import { apiActionError, type FormFailure } from "./api.server.js";
import { textFields } from "./forms.server.js";
import { parseDollars } from "./money.js";
import { jobInput } from "./schemas.server.js";
import { checkForm, readForm } from "./security.server.js";
import { redirectWithToast } from "./toast.server.js";

export async function saveJob(
  request: Request,
  context: AppLoadContext,
  save: (body: JobInput) => Promise<OfficeJob>,
  done: string,
) {
  const formData = await readForm(request);
  await checkForm(formData, request);
  const values = textFields(formData, jobFields);
  const fieldErrors: Record<string, string[]> = {};
  const money = (field: "salary_min" | "salary_max" | "placement_fee", required: boolean) => {
    const text = values[field]!.trim();
    if (!text) {
      if (required) fieldErrors[field] = ["Enter the placement fee in dollars, e.g. 1490"];
      return null;
    }
    const minor = parseDollars(text);
    if (minor === null) fieldErrors[field] = ["Enter an amount in dollars, e.g. 1490 or 1,490.00"];
    return minor;
  };
  const body = {
    title: values.title,
    company: values.company,
    country_code: values.country_code,
    city: values.city,
    employment_type: values.employment_type,
    description: values.description,
    salary_min_minor: money("salary_min", false),
    salary_max_minor: money("salary_max", false),
    placement_fee_minor: money("placement_fee", true) ?? undefined,
  };
  const parsed = jobInput.safeParse(body);
  if (!parsed.success) {
    const fieldOf = formField({
      salary_min_minor: "salary_min",
      salary_max_minor: "salary_max",
      placement_fee_minor: "placement_fee",
    });
    fieldErrorsOf(parsed.error.issues, { whole: "form", fieldOf, firstOnly: true, into: fieldErrors });
  }
  if (!parsed.success || Object.keys(fieldErrors).length) {
    return json<FormFailure>({ fieldErrors, values, formError: FIX_FIELDS }, { status: 400 });
  }
  try {
    const job = await save(body as JobInput);
    return await redirectWithToast(request, context, "/office/jobs", { type: "success", message: `${job.title} was ${done}.` });
  } catch (error) {
    return apiActionError(error, request, context, values);
  }
}
