/** The back office's catalogue: jobs, relocation packages and service plans as staff edit them (mentors: office-mentors.ts). */
import { z } from "zod";
import type { PlanTexts, Translations } from "../catalogue-texts.js";
import { employmentTypes } from "../office-fields.js";
import type { Job, Relocation } from "./catalogue.js";
import { answer, endpoint } from "./endpoint.js";
import {
  blankToNull,
  countryCode,
  idParam,
  minorUnits,
  oneLineText,
  optionalText,
  requiredText,
  searchPageQuery,
  translatedList,
  translations,
  type Page,
} from "./fields.js";

// ---- the back office: the catalogue ---------------------------------

export { employmentTypes };

export const jobInput = z
  .object({
    title: requiredText(150, "Title"),
    company: requiredText(150, "Company"),
    country_code: countryCode("Country").refine((v) => v !== null && v !== undefined, "Choose a country"),
    city: requiredText(100, "City"),
    employment_type: z.enum(employmentTypes, { errorMap: () => ({ message: "Choose a type from the list" }) }),
    description: requiredText(5000, "Description"),
    salary_min_minor: z.preprocess(blankToNull, minorUnits("Lowest salary").nullable().optional()),
    salary_max_minor: z.preprocess(blankToNull, minorUnits("Highest salary").nullable().optional()),
    placement_fee_minor: minorUnits("Placement fee").refine((v) => v > 0, "A placement fee is more than nothing"),
  })
  .refine((j) => j.salary_min_minor == null || j.salary_max_minor == null || j.salary_min_minor <= j.salary_max_minor, {
    message: "The highest salary cannot be below the lowest",
    path: ["salary_max_minor"],
  });
export type JobInput = z.input<typeof jobInput>;
export type OfficeJob = Job & { published: boolean; in_carts: number };

export const publishedBody = z.object({
  published: z.boolean({ required_error: "Say whether it is published", invalid_type_error: "Published must be true or false" }),
});

export const activeBody = z.object({
  active: z.boolean({ required_error: "Say whether it is active", invalid_type_error: "Active must be true or false" }),
});

export const relocationInput = z.object({
  title: requiredText(150, "Title"),
  country_code: countryCode("Country").refine((v) => v !== null && v !== undefined, "Choose a country"),
  city: requiredText(100, "City"),
  description: requiredText(5000, "Description"),
  includes: z
    .array(requiredText(200, "An included service"), { invalid_type_error: "List what is included" })
    .min(1, "Name one included service at least")
    .max(30),
  duration_days: z.coerce
    .number({ invalid_type_error: "Duration must be a number of days" })
    .int("Duration must be whole days")
    .min(1, "At least one day")
    .max(365, "At most 365 days"),
  price_minor: minorUnits("Price").refine((v) => v > 0, "A price is more than nothing"),
});
export type RelocationInput = z.input<typeof relocationInput>;
export type RelocationValues = z.output<typeof relocationInput>;
export type OfficeRelocation = Relocation & { published: boolean; in_carts: number };

export const planInput = z.object({
  service_id: z.coerce
    .number({ invalid_type_error: "Choose a service" })
    .int("Choose a service")
    // The three services, 1 to 3.
    .min(1, "Choose a service")
    .max(3, "Choose a service"),
  name: oneLineText(100, "Name"),
  description: requiredText(2000, "Description"),
  price_minor: minorUnits("Price").refine((v) => v > 0, "A price is more than nothing"),
  /** What the plan includes, one item a line on its public card (left out: unchanged; none for a new plan) */
  includes: z
    .array(requiredText(200, "An included item"), { invalid_type_error: "List what is included" })
    .max(20, "At most 20 items")
    .optional(),
  texts: translations({
    name: optionalText(100, "Name"),
    description: optionalText(2000, "Description"),
    includes: translatedList(200, "An included item"),
  }),
});
export type PlanInput = z.input<typeof planInput>;
export type PlanValues = z.output<typeof planInput>;
export type OfficePlan = {
  id: number;
  service_id: number;
  service_name: string;
  name: string;
  description: string;
  includes: string[];
  /** What the office has written in the other languages */
  texts: Translations<PlanTexts>;
  price_minor: number;
  currency: string;
  published: boolean;
  in_carts: number;
};

// ---- endpoints ------------------------------------------------------------------

const staff = ["staff"] as const;
const id = { id: idParam };

export const officeCatalogueEndpoints = {
  officeJobs: endpoint({
    method: "GET",
    path: "office/jobs",
    auth: staff,
    summary: "Every job, published or not",
    query: searchPageQuery,
    answer: answer<Page<OfficeJob>>(),
  }),
  officeJob: endpoint({
    method: "GET",
    path: "office/jobs/:id",
    auth: staff,
    summary: "One job",
    params: id,
    answer: answer<OfficeJob>(),
  }),
  createJob: endpoint({
    method: "POST",
    path: "office/jobs",
    auth: staff,
    summary: "Adds a job",
    body: jobInput,
    created: true,
    answer: answer<OfficeJob>(),
  }),
  editJob: endpoint({
    method: "POST",
    path: "office/jobs/:id",
    auth: staff,
    summary: "Edits a job",
    params: id,
    body: jobInput,
    answer: answer<OfficeJob>(),
  }),
  setJobPublished: endpoint({
    method: "POST",
    path: "office/jobs/:id/published",
    auth: staff,
    summary: "Shows a job to agents, or hides it",
    params: id,
    body: publishedBody,
    answer: answer<OfficeJob>(),
  }),
  officeRelocations: endpoint({
    method: "GET",
    path: "office/relocations",
    auth: staff,
    summary: "Every relocation package",
    answer: answer<OfficeRelocation[]>(),
  }),
  officeRelocation: endpoint({
    method: "GET",
    path: "office/relocations/:id",
    auth: staff,
    summary: "One relocation package",
    params: id,
    answer: answer<OfficeRelocation>(),
  }),
  createRelocation: endpoint({
    method: "POST",
    path: "office/relocations",
    auth: staff,
    summary: "Adds a relocation package",
    body: relocationInput,
    created: true,
    answer: answer<OfficeRelocation>(),
  }),
  editRelocation: endpoint({
    method: "POST",
    path: "office/relocations/:id",
    auth: staff,
    summary: "Edits a relocation package",
    params: id,
    body: relocationInput,
    answer: answer<OfficeRelocation>(),
  }),
  setRelocationPublished: endpoint({
    method: "POST",
    path: "office/relocations/:id/published",
    auth: staff,
    summary: "Shows a package to agents, or hides it",
    params: id,
    body: publishedBody,
    answer: answer<OfficeRelocation>(),
  }),
  officePlans: endpoint({
    method: "GET",
    path: "office/plans",
    auth: staff,
    summary: "Every service plan",
    answer: answer<OfficePlan[]>(),
  }),
  officePlan: endpoint({
    method: "GET",
    path: "office/plans/:id",
    auth: staff,
    summary: "One service plan",
    params: id,
    answer: answer<OfficePlan>(),
  }),
  createPlan: endpoint({
    method: "POST",
    path: "office/plans",
    auth: staff,
    summary: "Adds a service plan",
    body: planInput,
    created: true,
    answer: answer<OfficePlan>(),
  }),
  editPlan: endpoint({
    method: "POST",
    path: "office/plans/:id",
    auth: staff,
    summary: "Edits a service plan",
    params: id,
    body: planInput,
    answer: answer<OfficePlan>(),
  }),
  setPlanPublished: endpoint({
    method: "POST",
    path: "office/plans/:id/published",
    auth: staff,
    summary: "Shows a plan to agents, or hides it",
    params: id,
    body: publishedBody,
    answer: answer<OfficePlan>(),
  }),
};
