/**
 * Reference data, seeded in every install (production included): the three services and their plans. Everything
 * sold is priced in USD minor units (one billing currency: docs/decisions/004-one-billing-currency.md). Countries
 * come from a maintained package (seed.ts).
 */

export const services = [
  {
    id: 1,
    slug: "mentorship",
    name: "Mentorship",
    summary:
      "One-to-one sessions with mentors who have made the move themselves: career strategy, interviews, local workplace culture.",
  },
  {
    id: 2,
    slug: "relocation",
    name: "Relocation",
    summary: "Visas, housing, registration, schools and the first weeks in a new country, handled by people on the ground.",
  },
  {
    id: 3,
    slug: "job-placement",
    name: "Job Placement",
    summary:
      "Roles with employers who sponsor international hires, with CV work and interview preparation until an offer is signed.",
  },
] as const;

export const servicePlans = [
  {
    service_id: 1,
    name: "Starter mentorship",
    description: "Three 60-minute sessions over one month, with written notes after each.",
    price_minor: 29000,
    sort_order: 1,
  },
  {
    service_id: 1,
    name: "Career switch mentorship",
    description: "Eight sessions over three months, a CV and LinkedIn review, two mock interviews.",
    price_minor: 79000,
    sort_order: 2,
  },
  {
    service_id: 1,
    name: "Executive mentorship",
    description: "Twelve sessions with a senior mentor, negotiation coaching and a 90-day plan.",
    price_minor: 149000,
    sort_order: 3,
  },
  {
    service_id: 2,
    name: "Visa essentials",
    description: "Eligibility check, document list, application review and appointment booking.",
    price_minor: 45000,
    sort_order: 1,
  },
  {
    service_id: 2,
    name: "Full relocation",
    description: "Visa, two weeks of temporary housing search, registration, bank account and a local SIM.",
    price_minor: 189000,
    sort_order: 2,
  },
  {
    service_id: 2,
    name: "Family relocation",
    description: "Everything in Full relocation for a family, plus school search and dependant visas.",
    price_minor: 329000,
    sort_order: 3,
  },
  {
    service_id: 3,
    name: "CV and profile",
    description: "A CV in the destination market's format, a cover letter template and a profile review.",
    price_minor: 19000,
    sort_order: 1,
  },
  {
    service_id: 3,
    name: "Placement search",
    description: "Shortlisting, introductions to sponsoring employers and interview preparation for three months.",
    price_minor: 99000,
    sort_order: 2,
  },
  {
    service_id: 3,
    name: "Placement guarantee",
    description: "Placement search until a signed offer, with contract review and onboarding support.",
    price_minor: 219000,
    sort_order: 3,
  },
];
