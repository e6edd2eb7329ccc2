/**
 * The back office's API (lib/contract/office.ts): the day's overview, messages, the outbox, agents' accounts,
 * orders and refunds, the mentors' agenda and the audit log. Staff only: an agent's token is refused with 403, none
 * or an unknown one with 401 (the guard, backend/accounts/guard.ts). The catalogue: catalogue-routes.ts.
 */
import type { Kysely } from "kysely";
import { endpoints } from "../../lib/contract.js";
import { passwordLinkUrl } from "../accounts/password-links.js";
import { listAudit } from "../audit.js";
import { listCountries } from "../catalogue/catalogue.js";
import type { Database } from "../db/schema.js";
import type { MailContext } from "../mail/messages.js";
import { mailPreviews } from "../mail/previews.js";
import type { Payments } from "../payments/checkout.js";
import { settleRefunds } from "../payments/refunds.js";
import type { Server } from "../serve.js";
import {
  createAgentByStaff,
  getOfficeAgent,
  getOfficeAgentDetail,
  listOfficeAgents,
  newAgentPasswordLink,
  setAgentActive,
} from "./agents.js";
import { cancelForAgent, listOfficeBookings } from "./bookings.js";
import { markMentorAbsent } from "./mentor-absence.js";
import { getOfficeOrder, listOfficeOrders, refundOrder, retryRefunds, reviewOrder } from "./orders.js";
import { listMessages, listOutbox, markMessageHandled, officeOverview, replyToMessage, retryOutbox } from "./overview.js";

export function officeRoutes(
  serve: Server,
  deps: {
    db: Kysely<Database>;
    publicUrl: string;
    payments: Payments;
    cancelCutoffHours: number;
    /** The firm's name and address now (the previews' footer) */
    company: () => MailContext["company"];
  },
) {
  const { db } = deps;
  const linkUrl = (token: string) => passwordLinkUrl(deps.publicUrl, token);

  serve(endpoints.officeOverview, async ({ caller }) => officeOverview(db, new Date(), caller.person.time_zone));
  serve(endpoints.officeMessages, async ({ query }) => listMessages(db, { status: query.status, q: query.q, page: query.page }));
  serve(endpoints.markMessageHandled, async ({ caller, params }) => markMessageHandled(db, caller.id, params.id));
  serve(endpoints.replyToMessage, async ({ caller, params, body }) => replyToMessage(db, caller.id, params.id, body.body));
  serve(endpoints.officeOutbox, async ({ query }) => listOutbox(db, query));
  serve(endpoints.officeMailPreviews, async ({ query }) =>
    mailPreviews(query.lang, deps.publicUrl, deps.company(), deps.cancelCutoffHours, query.n ?? -1),
  );
  serve(endpoints.retryOutbox, async ({ caller, params }) => retryOutbox(db, caller.id, params.id));

  serve(endpoints.officeAgents, async ({ query }) => listOfficeAgents(db, { q: query.q, page: query.page }));
  serve(endpoints.createAgent, async ({ caller, body }) => {
    const { agent, link } = await createAgentByStaff(db, caller.id, body, deps.publicUrl);
    return { agent, password_link: linkUrl(link.token), link_expires_at: link.expiresAt };
  });
  serve(endpoints.officeAgent, async ({ params }) => getOfficeAgent(db, params.id));
  serve(endpoints.officeAgentDetail, async ({ params }) => getOfficeAgentDetail(db, params.id));
  serve(endpoints.setAgentActive, async ({ caller, params, body }) => setAgentActive(db, caller.id, params.id, body.active));
  serve(endpoints.agentPasswordLink, async ({ caller, params }) => {
    const link = await newAgentPasswordLink(db, caller.id, params.id, deps.publicUrl);
    return { password_link: linkUrl(link.token), link_expires_at: link.expiresAt };
  });
  // The countries, for the catalogue's forms (api/countrylist is the agents').
  serve(endpoints.officeCountries, async () => listCountries(db));

  // Orders: every agent's, with the flagged ones reviewed and refunds made or retried by staff.
  serve(endpoints.officeOrders, async ({ caller, query }) => listOfficeOrders(db, { ...query, zone: caller.person.time_zone }));
  serve(endpoints.officeOrder, async ({ params }) => getOfficeOrder(db, params.id));
  serve(endpoints.reviewOrder, async ({ caller, params, body }) => reviewOrder(db, caller.id, params.id, body.note));
  serve(endpoints.refundOrder, async ({ caller, params, body }) => refundOrder(deps.payments, caller.id, params.id, body));
  serve(endpoints.retryRefunds, async ({ caller, params }) => retryRefunds(deps.payments, caller.id, params.id));

  // Mentor sessions: the agenda, and cancelling for an agent.
  serve(endpoints.officeBookings, async ({ caller, query }) =>
    listOfficeBookings(db, { ...query, zone: caller.person.time_zone }),
  );
  serve(endpoints.cancelForAgent, async ({ caller, params }) =>
    cancelForAgent(db, caller.id, params.id, deps.cancelCutoffHours, (orderId) => settleRefunds(deps.payments, orderId)),
  );

  serve(endpoints.markMentorAbsent, async ({ caller, params, body }) =>
    markMentorAbsent(deps.payments, caller.id, params.id, body.note),
  );

  serve(endpoints.officeAudit, async ({ query }) =>
    listAudit(db, { kind: query.kind, staff: query.staff, signIns: query.sign_ins === "show", page: query.page }),
  );
}
