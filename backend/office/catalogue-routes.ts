/**
 * The back office's catalogue (lib/contract/office-catalogue.ts): jobs, relocation packages, service plans and
 * mentors, each listed, read, added, edited, and switched on or off for agents (`published`, or `active` for
 * mentors). Staff only.
 */
import type { Kysely } from "kysely";
import { endpoints } from "../../lib/contract.js";
import { passwordLinkUrl } from "../accounts/password-links.js";
import type { WeekRules } from "../bookings/week-change.js";
import type { Database } from "../db/schema.js";
import type { Server } from "../serve.js";
import { setPublished } from "./catalogue.js";
import { createJob, editJob, getOfficeJob, listOfficeJobs, setJobPublished } from "./jobs.js";
import {
  createMentor,
  editMentor,
  getOfficeMentor,
  listOfficeMentors,
  newMentorPasswordLink,
  setMentorActive,
} from "./mentors.js";
import {
  getOfficePlan,
  getOfficeRelocation,
  listOfficePlans,
  listOfficeRelocations,
  createPlan,
  editPlan,
  createRelocation,
  editRelocation,
} from "./packages.js";

export function officeCatalogueRoutes(
  serve: Server,
  { db, publicUrl, week }: { db: Kysely<Database>; publicUrl: string; week: WeekRules },
) {
  serve(endpoints.officeJobs, async ({ query }) => listOfficeJobs(db, { q: query.q, page: query.page }));
  serve(endpoints.officeJob, async ({ params }) => getOfficeJob(db, params.id));
  serve(endpoints.createJob, async ({ caller, body }) => createJob(db, caller.id, body));
  serve(endpoints.editJob, async ({ caller, params, body }) => editJob(db, caller.id, params.id, body));
  serve(endpoints.setJobPublished, async ({ caller, params, body }) => {
    await setJobPublished(db, caller.id, params.id, body.published);
    return getOfficeJob(db, params.id);
  });

  serve(endpoints.officeRelocations, async () => listOfficeRelocations(db));
  serve(endpoints.officeRelocation, async ({ params }) => getOfficeRelocation(db, params.id));
  serve(endpoints.createRelocation, async ({ caller, body }) => createRelocation(db, caller.id, body));
  serve(endpoints.editRelocation, async ({ caller, params, body }) => editRelocation(db, caller.id, params.id, body));
  serve(endpoints.setRelocationPublished, async ({ caller, params, body }) => {
    await setPublished(db, caller.id, "relocation", params.id, body.published);
    return getOfficeRelocation(db, params.id);
  });

  serve(endpoints.officePlans, async () => listOfficePlans(db));
  serve(endpoints.officePlan, async ({ params }) => getOfficePlan(db, params.id));
  serve(endpoints.createPlan, async ({ caller, body }) => createPlan(db, caller.id, body));
  serve(endpoints.editPlan, async ({ caller, params, body }) => editPlan(db, caller.id, params.id, body));
  serve(endpoints.setPlanPublished, async ({ caller, params, body }) => {
    await setPublished(db, caller.id, "plan", params.id, body.published);
    return getOfficePlan(db, params.id);
  });

  // Mentors: profile, weekly hours, time off, active or not.
  serve(endpoints.officeMentors, async () => listOfficeMentors(db));
  serve(endpoints.officeMentor, async ({ params }) => getOfficeMentor(db, params.id));
  serve(endpoints.createMentor, async ({ caller, body }) => createMentor(db, caller.id, body));
  serve(endpoints.editMentor, async ({ caller, params, body }) => editMentor(db, caller.id, params.id, body, week));
  serve(endpoints.setMentorActive, async ({ caller, params, body }) => {
    await setMentorActive(db, caller.id, params.id, body.active);
    return getOfficeMentor(db, params.id);
  });
  serve(endpoints.mentorPasswordLink, async ({ caller, params }) => {
    const link = await newMentorPasswordLink(db, caller.id, params.id, publicUrl);
    return { password_link: passwordLinkUrl(publicUrl, link.token), link_expires_at: link.expiresAt };
  });
}
