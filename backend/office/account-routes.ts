/**
 * The back office's accounts (lib/contract/office-accounts.ts): owners manage the staff accounts; any staff member
 * changes an agent's or a mentor's address (confirmed by the new address) and hands clients over; the confirmation
 * link's two calls are public (the link is the proof).
 */
import type { Kysely } from "kysely";
import { endpoints } from "../../lib/contract.js";
import { confirmEmailChange, emailChangeInfo, requestEmailChange } from "../accounts/email-changes.js";
import { passwordLinkUrl } from "../accounts/password-links.js";
import type { Database } from "../db/schema.js";
import type { Server } from "../serve.js";
import { handOverClients } from "./hand-over.js";
import { getStaffMember, inviteStaff, listStaff, newStaffPasswordLink, setStaffActive, setStaffRole } from "./staff.js";

export function officeAccountRoutes(serve: Server, deps: { db: Kysely<Database>; publicUrl: string }) {
  const { db, publicUrl } = deps;
  const linkUrl = (token: string) => passwordLinkUrl(publicUrl, token);

  serve(endpoints.officeStaff, async () => listStaff(db));
  serve(endpoints.createStaffMember, async ({ caller, body }) => {
    const { staff, link } = await inviteStaff(db, caller.id, body, publicUrl);
    return { staff, password_link: linkUrl(link.token), link_expires_at: link.expiresAt };
  });
  serve(endpoints.setStaffActive, async ({ caller, params, body }) => setStaffActive(db, caller.id, params.id, body.active));
  serve(endpoints.setStaffRole, async ({ caller, params, body }) => setStaffRole(db, caller.id, params.id, body.role));
  serve(endpoints.staffPasswordLink, async ({ caller, params }) => {
    const link = await newStaffPasswordLink(db, caller.id, params.id, publicUrl);
    return { password_link: linkUrl(link.token), link_expires_at: link.expiresAt };
  });

  serve(endpoints.changeStaffEmail, async ({ caller, params, body }) => {
    await getStaffMember(db, params.id);
    return requestEmailChange(db, caller.id, "staff", params.id, body.email, publicUrl);
  });
  serve(endpoints.changeAgentEmail, async ({ caller, params, body }) =>
    requestEmailChange(db, caller.id, "agent", params.id, body.email, publicUrl),
  );
  serve(endpoints.changeMentorEmail, async ({ caller, params, body }) =>
    requestEmailChange(db, caller.id, "mentor", params.id, body.email, publicUrl),
  );
  serve(endpoints.emailChangeCheck, async ({ body }) => emailChangeInfo(db, body.token));
  serve(endpoints.confirmEmailChange, async ({ body }) => confirmEmailChange(db, body.token));

  serve(endpoints.handOverClients, async ({ caller, params, body }) => handOverClients(db, caller.id, params.id, body));
}
