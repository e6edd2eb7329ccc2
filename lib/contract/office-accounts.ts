/**
 * The back office's accounts (issue 25): staff manage staff (owners only), any account's e-mail address changes
 * once its new address confirms it, and an agent's clients are handed over to another agent.
 */
import { z } from "zod";
import { fieldLimits } from "../client-fields.js";
import { staffRoles, type StaffRole } from "../office-fields.js";
import { answer, endpoint, type PasswordKind } from "./endpoint.js";
import { emailField, idParam, MAX_ID, oneLineText, timeZoneField } from "./fields.js";

export type { StaffRole };

const roleField = z.enum(staffRoles, { errorMap: () => ({ message: "Choose a role from the list" }) });

export const newStaffBody = z.object({
  name: oneLineText(fieldLimits.name, "Name"),
  email: emailField,
  role: roleField,
  time_zone: timeZoneField,
});
export type NewStaffBody = z.input<typeof newStaffBody>;
export const staffRoleBody = z.object({ role: roleField });
export const staffActiveBody = z.object({
  active: z.boolean({ required_error: "Say whether the account is active", invalid_type_error: "Active must be true or false" }),
});

/** A change of address waiting for the new address to confirm it. */
export type PendingEmail = { email: string; requested_at: string; expires_at: string };

export type OfficeStaffMember = {
  id: number;
  name: string;
  email: string;
  role: StaffRole;
  time_zone: string;
  active: boolean;
  /** Whether a password was ever set (an invited member who has not used their link: false) */
  password_set: boolean;
  last_sign_in_at: string | null;
  created_at: string;
  pending_email: PendingEmail | null;
};
export type NewStaffData = { staff: OfficeStaffMember; password_link: string; link_expires_at: string };

export const emailChangeBody = z.object({ email: emailField });
export const emailChangeToken = z.object({
  token: z.string({ required_error: "The link has no token" }).trim().min(20, "This link is not complete").max(200),
});
export type EmailChangeInfo = { name: string; old_email: string; new_email: string; expires_at: string };
export type EmailChanged = { kind: PasswordKind; email: string };

export const handOverBody = z.object({
  to_agent_id: z.coerce
    .number({ required_error: "Choose the agent who takes them", invalid_type_error: "Choose the agent who takes them" })
    .int("Choose the agent who takes them")
    .positive("Choose the agent who takes them")
    // An id no table can hold (2^31 and up) is no agent: refused here, not by PostgreSQL's integer as a 500.
    .max(MAX_ID, "Choose the agent who takes them"),
  /** The clients to hand over; all the agent's clients (archived ones included) when absent */
  client_ids: z.array(idParam).min(1, "Choose at least one client").max(1000).optional(),
});
export type HandOverData = {
  moved: Array<{ id: number; name: string }>;
  /** Items taken out of the giving agent's cart (they named a moved client) */
  cart_items_removed: number;
  /** The moved clients' sessions that went with them (paid ones keep their order, which stays the giver's) */
  sessions_moved: number;
};

const staff = ["staff"] as const;
const id = { id: idParam };

export const officeAccountEndpoints = {
  officeStaff: endpoint({
    method: "GET",
    path: "office/staff",
    auth: staff,
    owner: true,
    summary: "The staff accounts (owners only)",
    answer: answer<OfficeStaffMember[]>(),
  }),
  createStaffMember: endpoint({
    method: "POST",
    path: "office/staff",
    auth: staff,
    owner: true,
    summary: "Invites a staff member: the account, and a set-password link e-mailed to them",
    body: newStaffBody,
    created: true,
    answer: answer<NewStaffData>(),
  }),
  setStaffActive: endpoint({
    method: "POST",
    path: "office/staff/:id/active",
    auth: staff,
    owner: true,
    summary: "Deactivates (every session ends) or reactivates a staff member; the last active owner stays",
    params: id,
    body: staffActiveBody,
    answer: answer<OfficeStaffMember>(),
  }),
  setStaffRole: endpoint({
    method: "POST",
    path: "office/staff/:id/role",
    auth: staff,
    owner: true,
    summary: "Makes a staff member an owner, or an owner staff; the last active owner stays",
    params: id,
    body: staffRoleBody,
    answer: answer<OfficeStaffMember>(),
  }),
  staffPasswordLink: endpoint({
    method: "POST",
    path: "office/staff/:id/password-link",
    auth: staff,
    owner: true,
    summary: "A new set-password link for a staff member",
    params: id,
    answer: answer<{ password_link: string; link_expires_at: string }>(),
  }),
  changeStaffEmail: endpoint({
    method: "POST",
    path: "office/staff/:id/email",
    auth: staff,
    owner: true,
    summary: "Asks a staff member's new address to confirm it (the address changes when it does)",
    params: id,
    body: emailChangeBody,
    answer: answer<PendingEmail>(),
  }),
  changeAgentEmail: endpoint({
    method: "POST",
    path: "office/agents/:id/email",
    auth: staff,
    summary: "Asks an agent's new address to confirm it (the address changes when it does)",
    params: id,
    body: emailChangeBody,
    answer: answer<PendingEmail>(),
  }),
  changeMentorEmail: endpoint({
    method: "POST",
    path: "office/mentors/:id/email",
    auth: staff,
    summary: "Asks a mentor's new address to confirm it (the address changes when it does)",
    params: id,
    body: emailChangeBody,
    answer: answer<PendingEmail>(),
  }),
  emailChangeCheck: endpoint({
    method: "POST",
    path: "email-change/check",
    auth: "public",
    summary: "Whose address change a confirmation link is, while it can be used",
    body: emailChangeToken,
    answer: answer<EmailChangeInfo>(),
  }),
  confirmEmailChange: endpoint({
    method: "POST",
    path: "email-change/confirm",
    auth: "public",
    summary: "Confirms an address change, once: the account's address becomes the new one",
    body: emailChangeToken,
    answer: answer<EmailChanged>(),
  }),
  handOverClients: endpoint({
    method: "POST",
    path: "office/agents/:id/hand-over",
    auth: staff,
    summary: "Moves some or all of an agent's clients, with their case files, to another agent",
    params: id,
    body: handOverBody,
    answer: answer<HandOverData>(),
  }),
};
