/** The job form's action, for adding and editing alike: dollars in, cents to the API, errors beside the fields. */
import type { AppLoadContext } from "@remix-run/node";
import type { JobInput, OfficeJob } from "../../lib/contract.js";
import { formField } from "../../lib/field-errors.js";
import { jobFields } from "../../lib/office-fields.js";
import { dollarsOf, saveCatalogueForm } from "./office-catalogue.server.js";
import { jobInput } from "./schemas.server.js";

const jobForm = {
  fields: jobFields,
  schema: jobInput,
  toBody: (values: Record<string, string>, errors: Record<string, string[]>) =>
    ({
      title: values.title,
      company: values.company,
      country_code: values.country_code,
      city: values.city,
      employment_type: values.employment_type,
      description: values.description,
      salary_min_minor: dollarsOf(values, "salary_min", errors),
      salary_max_minor: dollarsOf(values, "salary_max", errors),
      placement_fee_minor:
        dollarsOf(values, "placement_fee", errors, { missing: "Enter the placement fee in dollars, e.g. 1490" }) ?? undefined,
    }) as JobInput,
  fieldOf: formField({ salary_min_minor: "salary_min", salary_max_minor: "salary_max", placement_fee_minor: "placement_fee" }),
  back: "/office/jobs",
  name: (job: OfficeJob) => job.title,
};

export function saveJob(request: Request, context: AppLoadContext, save: (body: JobInput) => Promise<OfficeJob>, done: string) {
  return saveCatalogueForm(request, context, jobForm, save, done);
}
