/**
 * The back office's forms, field by field, once per entity (as lib/client-fields.ts does for clients): the form
 * shows these names, its action reads them, and the first one refused gets the focus. Plain values, so a page may
 * import them without shipping zod to the browser. Money is typed in dollars (`price`, `rate`, `placement_fee`) and
 * sent to the API in minor units.
 */
export const employmentTypes = ["Full-time", "Part-time", "Contract", "Internship"] as const;

export const jobFields = [
  "title",
  "company",
  "country_code",
  "city",
  "employment_type",
  "description",
  "salary_min",
  "salary_max",
  "placement_fee",
] as const;

export const relocationFields = ["title", "country_code", "city", "duration_days", "price", "includes", "description"] as const;

/** The plan form's own fields (its words in other languages follow: lib/catalogue-texts.ts). */
export const planFields = ["service_id", "name", "price", "description", "includes"] as const;
/** The lengths a pack's sessions may have (issue 41): each fits in one of a mentor's hour slots. */
export const packMinutes = [30, 45, 60] as const;
/** A session pack's form (issue 41): `all_mentors` is "all" or "some", `mentor_ids` the ticked boxes */
export const packFields = [
  "name",
  "description",
  "sessions",
  "session_minutes",
  "price",
  "valid_days",
  "all_mentors",
  "mentor_ids",
] as const;

export const weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
/** A mentor's weekly hours, one field per weekday ("09:00-12:00, 14:00-17:00") */
export const hoursField = (weekday: number) => `hours_${weekday}`;

export const mentorFields = [
  "name",
  "email",
  "meeting_url",
  "language",
  "title",
  "bio",
  "expertise",
  "languages",
  "country_code",
  "time_zone",
  "rate",
  "photo_url",
  "time_off",
  ...weekdayNames.map((_, i) => hoursField(i)),
] as const;

/** The mentor's own forms: their week, and what agents read of them (the page's component reads these too). */
export const mentorWeekFields = ["time_off", ...weekdayNames.map((_, i) => hoursField(i))] as const;
export const mentorProfileFields = ["bio", "expertise", "languages", "time_zone", "meeting_url", "language"] as const;

export const newAgentFields = ["name", "email", "phone", "time_zone"] as const;

/** A staff account's role: owners also manage the staff accounts and the business settings. */
export const staffRoles = ["owner", "staff"] as const;
export type StaffRole = (typeof staffRoles)[number];
export const staffRoleLabels: Record<StaffRole, string> = { owner: "Owner", staff: "Staff" };
