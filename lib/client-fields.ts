/**
 * A client's fields and statuses, as the forms show them. Kept apart from the contract's schemas so that a page
 * can name them without shipping zod to the browser; the contract builds its schema from the same names, and a
 * test holds the two together.
 */
export const clientStatuses = ["prospect", "active", "on_hold", "completed"] as const;

export const clientStatusLabels: Record<(typeof clientStatuses)[number], string> = {
  prospect: "Prospect",
  active: "Active",
  on_hold: "On hold",
  completed: "Completed",
};

/** The client's own fields, in form order. */
export const clientFieldNames = [
  "first_name",
  "last_name",
  "email",
  "phone",
  "nationality",
  "current_country",
  "destination_country",
  "date_of_birth",
  "passport_number",
  "status",
  "notes",
] as const;
