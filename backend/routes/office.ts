/**
 * The back office's API (issue 12): staff sign in here (`office/login`), and every other `office/...` call needs a
 * staff token. An agent's token is refused with 403 (an agent never reaches the office), none or an unknown one
 * with 401. Also here, public: the one-time set-password links (`password/check`, `password/set`).
 */
import { Router, type Request } from "express";
import type { Kysely } from "kysely";
import type { ZodType, ZodTypeDef } from "zod";
import {
  activeBody,
  agentActiveBody,
  mentorInput,
  idParam,
  jobInput,
  loginBody,
  newAgentBody,
  officeBookingsQuery,
  officeOrdersQuery,
  officeOutboxQuery,
  orderRefundBody,
  orderReviewBody,
  planInput,
  relocationInput,
  officeListQuery,
  passwordLinkBody,
  publishedBody,
  setPasswordBody,
  type AgentPublic,
  type NewAgentData,
  type PasswordSet,
  type StaffLoginData,
  type StaffPublic,
} from "../../lib/contract.js";
import { FIX_FIELDS } from "../../lib/messages.js";
import { bearerToken } from "../auth.js";
import type { Database } from "../db/schema.js";
import { ApiError, handler, parse, send } from "../http.js";
import type { Payments } from "../payments/checkout.js";
import { settleRefunds } from "../payments/refunds.js";
import type { LoginLimiter } from "../rate-limit.js";
import { listCountries } from "../services/catalogue.js";
import { cancelForAgent, listOfficeBookings } from "../services/office-bookings.js";
import {
  createJob,
  createMentor,
  editJob,
  editMentor,
  getOfficeJob,
  getOfficeMentor,
  listOfficeJobs,
  listOfficeMentors,
  listOfficePlans,
  listOfficeRelocations,
  getOfficePlan,
  getOfficeRelocation,
  savePlan,
  saveRelocation,
  setPublished,
  setJobPublished,
  setMentorActive,
} from "../services/office-catalogue.js";
import { getOfficeOrder, listOfficeOrders, refundOrder, retryRefunds, reviewOrder } from "../services/office-orders.js";
import { listMessages, listOutbox, markMessageHandled, officeOverview, retryOutbox } from "../services/office.js";
import { verifyPassword, hashPassword } from "../services/passwords.js";
import {
  createAgentByStaff,
  getOfficeAgent,
  getOfficeAgentDetail,
  issueStaffToken,
  listAudit,
  listOfficeAgents,
  newAgentPasswordLink,
  passwordLinkUrl,
  passwordLinkInfo,
  revokeStaffToken,
  setAgentActive,
  staffByEmail,
  staffForToken,
  usePasswordLink,
} from "../services/staff.js";
import { agentForToken, issueToken } from "../services/tokens.js";
import { ownAccountRoutes } from "./account.js";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      staff?: StaffPublic;
    }
  }
}

const dummyHash = hashPassword("not-a-real-password");

function currentStaff(req: Request): StaffPublic {
  if (!req.staff) throw new ApiError(401, "Sign in first: this call needs a bearer token.");
  return req.staff;
}

export function officeRoutes(deps: {
  db: Kysely<Database>;
  limiter: LoginLimiter;
  /** The agents' sign-in counters: the one sign-in page tried this email there first, and failed */
  agentLimiter: LoginLimiter;
  tokenTtlDays: number;
  publicUrl: string;
  payments: Payments;
  cancelCutoffHours: number;
}) {
  const { db, limiter } = deps;
  const router = Router();
  const linkUrl = (token: string) => passwordLinkUrl(deps.publicUrl, token);

  router.post(
    "/office/login",
    handler(async (req, res) => {
      const { email, password } = parse(loginBody, req.body);
      const ip = req.clientIp ?? "unknown";
      const { delayMs } = await limiter.beforeAttempt(ip, email);
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const staff = await staffByEmail(db, email);
      const valid = await verifyPassword(staff?.password_hash ?? (await dummyHash), password);
      if (!staff || !staff.password_hash || !valid || !staff.active) {
        await limiter.failed(ip, email);
        throw new ApiError(401, "Email or password is incorrect.");
      }
      await limiter.succeeded(ip, email);
      // The sign-in page asked agent/login first, which counted a failure for this address and email: a staff
      // member signing in often must not be locked out by those.
      await deps.agentLimiter.succeeded(ip, email);
      const { token, expiresAt } = await issueStaffToken(db, staff.id, deps.tokenTtlDays);
      send<StaffLoginData>(res, {
        token,
        expires_at: expiresAt,
        staff: { id: staff.id, name: staff.name, email: staff.email, time_zone: staff.time_zone },
      });
    }),
  );

  // Public: whose a set-password link is, and using it (which signs its person in).
  router.post(
    "/password/check",
    handler(async (req, res) => send(res, await passwordLinkInfo(db, parse(passwordLinkBody, req.body).token))),
  );
  router.post(
    "/password/set",
    handler(async (req, res) => {
      const { token, password } = parse(setPasswordBody, req.body);
      const info = await passwordLinkInfo(db, token);
      if (password.toLowerCase().includes(info.email.toLowerCase())) {
        throw new ApiError(400, FIX_FIELDS, { password: ["Do not use your email address"] });
      }
      const used = await usePasswordLink(db, token, password);
      if (used.kind === "staff") {
        const { token: t, expiresAt } = await issueStaffToken(db, used.accountId, deps.tokenTtlDays);
        const found = (await staffForToken(db, t))!;
        send<PasswordSet>(res, { kind: "staff", login: { token: t, expires_at: expiresAt, staff: found.staff } });
      } else {
        const { token: t, expiresAt } = await issueToken(db, used.accountId, deps.tokenTtlDays);
        const found = await agentForToken(db, t);
        if (!found) throw new ApiError(403, "This account has been deactivated. Ask the consultancy to reactivate it.");
        send<PasswordSet>(res, { kind: "agent", login: { token: t, expires_at: expiresAt, agent: found.agent as AgentPublic } });
      }
    }),
  );

  // Everything else under office/ is for staff only.
  router.use(
    "/office",
    handler(async (req, _res, next) => {
      const token = bearerToken(req);
      if (!token) throw new ApiError(401, "Sign in first: this call needs a bearer token.");
      const found = token.length <= 200 ? await staffForToken(db, token) : null;
      if (!found) {
        if (token.length <= 200 && (await agentForToken(db, token)))
          throw new ApiError(403, "This is for the consultancy's staff.");
        throw new ApiError(401, "Your session has expired. Please sign in again.");
      }
      req.staff = found.staff;
      req.token = token;
      next();
    }),
  );

  ownAccountRoutes(router, db, "staff", "/office", [], (req) => ({ id: currentStaff(req).id, token: req.token! }), limiter);
  router.post(
    "/office/me",
    handler(async (req, res) => send(res, { staff: currentStaff(req) })),
  );
  router.post(
    "/office/logout",
    handler(async (req, res) => {
      currentStaff(req);
      await revokeStaffToken(db, req.token!);
      send(res, { signed_out: true });
    }),
  );
  router.get(
    "/office/overview",
    handler(async (req, res) => {
      currentStaff(req);
      send(res, await officeOverview(db, new Date(), currentStaff(req).time_zone));
    }),
  );

  router.get(
    "/office/messages",
    handler(async (req, res) => {
      currentStaff(req);
      const q = parse(officeListQuery, req.query, "query");
      send(res, await listMessages(db, { status: q.status, q: q.q, page: q.page }));
    }),
  );
  router.get(
    "/office/outbox",
    handler(async (req, res) => {
      currentStaff(req);
      const q = parse(officeOutboxQuery, req.query, "query");
      send(res, await listOutbox(db, q));
    }),
  );
  router.post(
    "/office/outbox/:id/retry",
    handler(async (req, res) => {
      const id = parse(idParam, req.params.id, "id");
      send(res, await retryOutbox(db, currentStaff(req).id, id));
    }),
  );
  router.post(
    "/office/messages/:id/handled",
    handler(async (req, res) => {
      const id = parse(idParam, req.params.id, "id");
      send(res, await markMessageHandled(db, currentStaff(req).id, id));
    }),
  );

  router.get(
    "/office/agents",
    handler(async (req, res) => {
      currentStaff(req);
      const q = parse(officeListQuery, req.query, "query");
      send(res, await listOfficeAgents(db, { q: q.q, page: q.page }));
    }),
  );
  router.post(
    "/office/agents",
    handler(async (req, res) => {
      const body = parse(newAgentBody, req.body);
      const { agent, link } = await createAgentByStaff(db, currentStaff(req).id, body, deps.publicUrl);
      send<NewAgentData>(res, { agent, password_link: linkUrl(link.token), link_expires_at: link.expiresAt }, 201);
    }),
  );
  router.get(
    "/office/agents/:id",
    handler(async (req, res) => {
      currentStaff(req);
      send(res, await getOfficeAgent(db, parse(idParam, req.params.id, "id")));
    }),
  );
  router.get(
    "/office/agents/:id/detail",
    handler(async (req, res) => {
      currentStaff(req);
      send(res, await getOfficeAgentDetail(db, parse(idParam, req.params.id, "id")));
    }),
  );
  router.post(
    "/office/agents/:id/active",
    handler(async (req, res) => {
      const id = parse(idParam, req.params.id, "id");
      const { active } = parse(agentActiveBody, req.body);
      send(res, await setAgentActive(db, currentStaff(req).id, id, active));
    }),
  );
  router.post(
    "/office/agents/:id/password-link",
    handler(async (req, res) => {
      const id = parse(idParam, req.params.id, "id");
      const link = await newAgentPasswordLink(db, currentStaff(req).id, id, deps.publicUrl);
      send(res, { password_link: linkUrl(link.token), link_expires_at: link.expiresAt });
    }),
  );

  // The countries, for the catalogue's forms (api/countrylist is the agents').
  router.get(
    "/office/countries",
    handler(async (req, res) => {
      currentStaff(req);
      send(res, await listCountries(db));
    }),
  );

  /**
   * One part of the catalogue (jobs, relocation packages, service plans, mentors): its list, one item, adding,
   * editing, and switching it on or off for agents (`published`, or `active` for mentors).
   */
  function catalogue<V, T>(
    path: string,
    spec: {
      input: ZodType<V, ZodTypeDef, unknown>;
      list: (query: unknown) => Promise<unknown>;
      get: (id: number) => Promise<T>;
      save: (staffId: number, id: number | null, values: V) => Promise<T>;
      toggle: { path: "published" | "active"; set: (staffId: number, id: number, on: boolean) => Promise<unknown> };
    },
  ) {
    router.get(
      `/office/${path}`,
      handler(async (req, res) => {
        currentStaff(req);
        send(res, await spec.list(req.query));
      }),
    );
    router.get(
      `/office/${path}/:id`,
      handler(async (req, res) => {
        currentStaff(req);
        send(res, await spec.get(parse(idParam, req.params.id, "id")));
      }),
    );
    router.post(
      `/office/${path}`,
      handler(async (req, res) => send(res, await spec.save(currentStaff(req).id, null, parse(spec.input, req.body)), 201)),
    );
    router.post(
      `/office/${path}/:id`,
      handler(async (req, res) => {
        const id = parse(idParam, req.params.id, "id");
        await spec.get(id);
        send(res, await spec.save(currentStaff(req).id, id, parse(spec.input, req.body)));
      }),
    );
    router.post(
      `/office/${path}/:id/${spec.toggle.path}`,
      handler(async (req, res) => {
        const id = parse(idParam, req.params.id, "id");
        const on =
          spec.toggle.path === "published" ? parse(publishedBody, req.body).published : parse(activeBody, req.body).active;
        await spec.toggle.set(currentStaff(req).id, id, on);
        send(res, await spec.get(id));
      }),
    );
  }
  catalogue("jobs", {
    input: jobInput,
    list: (query) => {
      const q = parse(officeListQuery, query, "query");
      return listOfficeJobs(db, { q: q.q, page: q.page });
    },
    get: (id) => getOfficeJob(db, id),
    save: (staffId, id, v) => (id ? editJob(db, staffId, id, v) : createJob(db, staffId, v)),
    toggle: { path: "published", set: (staffId, id, on) => setJobPublished(db, staffId, id, on) },
  });
  catalogue("relocations", {
    input: relocationInput,
    list: () => listOfficeRelocations(db),
    get: (id) => getOfficeRelocation(db, id),
    save: (staffId, id, v) => saveRelocation(db, staffId, id, v),
    toggle: { path: "published", set: (staffId, id, on) => setPublished(db, staffId, "relocation", id, on) },
  });
  catalogue("plans", {
    input: planInput,
    list: () => listOfficePlans(db),
    get: (id) => getOfficePlan(db, id),
    save: (staffId, id, v) => savePlan(db, staffId, id, v),
    toggle: { path: "published", set: (staffId, id, on) => setPublished(db, staffId, "plan", id, on) },
  });
  // Mentors: profile, weekly hours, active or not.
  catalogue("mentors", {
    input: mentorInput,
    list: () => listOfficeMentors(db),
    get: (id) => getOfficeMentor(db, id),
    save: (staffId, id, v) => (id ? editMentor(db, staffId, id, v) : createMentor(db, staffId, v)),
    toggle: { path: "active", set: (staffId, id, on) => setMentorActive(db, staffId, id, on) },
  });

  // Orders: every agent's, with the flagged ones reviewed and refunds made or retried by staff.
  router.get(
    "/office/orders",
    handler(async (req, res) => {
      currentStaff(req);
      const q = parse(officeOrdersQuery, req.query, "query");
      send(res, await listOfficeOrders(db, { ...q, zone: currentStaff(req).time_zone }));
    }),
  );
  router.get(
    "/office/orders/:id",
    handler(async (req, res) => {
      currentStaff(req);
      send(res, await getOfficeOrder(db, parse(idParam, req.params.id, "id")));
    }),
  );
  router.post(
    "/office/orders/:id/review",
    handler(async (req, res) => {
      const id = parse(idParam, req.params.id, "id");
      const { note } = parse(orderReviewBody, req.body);
      send(res, await reviewOrder(db, currentStaff(req).id, id, note));
    }),
  );
  router.post(
    "/office/orders/:id/refund",
    handler(async (req, res) => {
      const id = parse(idParam, req.params.id, "id");
      send(res, await refundOrder(deps.payments, currentStaff(req).id, id, parse(orderRefundBody, req.body)));
    }),
  );
  router.post(
    "/office/orders/:id/retry-refunds",
    handler(async (req, res) => {
      const id = parse(idParam, req.params.id, "id");
      send(res, await retryRefunds(deps.payments, currentStaff(req).id, id));
    }),
  );

  // Mentor sessions: the agenda, and cancelling for an agent.
  router.get(
    "/office/bookings",
    handler(async (req, res) => {
      currentStaff(req);
      const q = parse(officeBookingsQuery, req.query, "query");
      send(res, await listOfficeBookings(db, { ...q, zone: currentStaff(req).time_zone }));
    }),
  );
  router.post(
    "/office/bookings/:id/cancel",
    handler(async (req, res) => {
      const id = parse(idParam, req.params.id, "id");
      send(
        res,
        await cancelForAgent(db, currentStaff(req).id, id, deps.cancelCutoffHours, (orderId) =>
          settleRefunds(deps.payments, orderId),
        ),
      );
    }),
  );

  router.get(
    "/office/audit",
    handler(async (req, res) => {
      currentStaff(req);
      const q = parse(officeListQuery, req.query, "query");
      send(res, await listAudit(db, { kind: q.kind, staff: q.staff, page: q.page }));
    }),
  );

  return router;
}
