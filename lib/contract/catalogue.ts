/** What agents browse: countries, jobs, relocation packages and service plans. */
import { z } from "zod";
import type { Bought } from "./cart.js";
import { answer, endpoint } from "./endpoint.js";
import { countryCode, idParam, searchField } from "./fields.js";

export type Country = { code: string; name: string };

export type Job = {
  id: number;
  title: string;
  company: string;
  country_code: string;
  country_name: string;
  city: string;
  employment_type: string;
  description: string;
  salary_min_minor: number | null;
  salary_max_minor: number | null;
  salary_currency: string | null;
  placement_fee_minor: number;
  currency: string;
  posted_at: string;
};

export type Relocation = {
  id: number;
  title: string;
  country_code: string;
  country_name: string;
  city: string;
  description: string;
  includes: string[];
  duration_days: number;
  price_minor: number;
  currency: string;
};

export const catalogueQuery = z.object({
  country: countryCode("Country"),
  q: searchField,
});

export type ServicePlan = {
  id: number;
  service_id: number;
  service_name: string;
  name: string;
  description: string;
  price_minor: number;
  currency: string;
  in_cart: boolean;
  /** The client has it already, from this order; null when not */
  bought: Bought | null;
};

export const servicePlanBody = z.object({ client_id: idParam });

// ---- endpoints ------------------------------------------------------------------

export const catalogueEndpoints = {
  countries: endpoint({
    method: "GET",
    path: "api/countrylist",
    // A client's questionnaire asks for countries too (issue 40).
    auth: ["agent", "client"],
    summary: "Countries (ISO 3166)",
    answer: answer<Country[]>(),
  }),
  jobs: endpoint({
    method: "GET",
    path: "api/jobs",
    auth: ["agent"],
    summary: "Published jobs, by country and words",
    query: catalogueQuery,
    answer: answer<Job[]>(),
  }),
  job: endpoint({
    method: "GET",
    path: "api/jobs/:id",
    auth: ["agent"],
    summary: "One job",
    params: { id: idParam },
    answer: answer<Job>(),
  }),
  relocations: endpoint({
    method: "GET",
    path: "api/relocations",
    auth: ["agent"],
    summary: "Published relocation packages, by country",
    query: catalogueQuery,
    answer: answer<Relocation[]>(),
  }),
  relocation: endpoint({
    method: "GET",
    path: "api/relocations/:id",
    auth: ["agent"],
    summary: "One relocation package",
    params: { id: idParam },
    answer: answer<Relocation>(),
  }),
  servicePlans: endpoint({
    method: "POST",
    path: "api/serviceplan",
    auth: ["agent"],
    summary: "Service plans, with whether each is in the client's cart",
    body: servicePlanBody,
    answer: answer<ServicePlan[]>(),
  }),
};
