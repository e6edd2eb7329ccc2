/**
 * Agents' commissions (issue 41): rules written by the office (a percentage or an amount, from a date, for a service,
 * a plan, relocation packages, job placements, session packs or single sessions, for every agent or one); an accrual
 * row for each paid line, a reversing row for its refund, payouts recorded by staff (or sent through Stripe Connect).
 */
import { z } from "zod";
import { answer, endpoint } from "./endpoint.js";
import { boundedDay, idParam, minorUnits, oneLineText } from "./fields.js";

export const commissionTargets = ["service", "plan", "relocation", "job", "pack", "session"] as const;
export type CommissionTargetKind = (typeof commissionTargets)[number];

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

export const ruleInput = z
  .object({
    target: z.enum(commissionTargets, { errorMap: () => ({ message: "Choose what the rule is for" }) }),
    /** The service (1-3) for `service`; the plan, package, job or pack for those (left out: all of them) */
    target_id: z.preprocess(blankToUndefined, idParam.optional()),
    /** Left out: every agent */
    agent_id: z.preprocess(blankToUndefined, idParam.optional()),
    rate: z.enum(["percent", "fixed"], { errorMap: () => ({ message: "Choose a percentage or an amount" }) }),
    /** Hundredths of a per cent: 1000 is 10 % */
    percent_bp: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ invalid_type_error: "Enter a percentage" })
        .int("Enter a percentage with at most two decimals")
        .min(0, "A percentage cannot be negative")
        .max(10_000, "At most 100 %")
        .optional(),
    ),
    amount_minor: z.preprocess(blankToUndefined, minorUnits("Amount").optional()),
    starts_on: boundedDay("Enter the date as YYYY-MM-DD"),
  })
  .superRefine((v, ctx) => {
    if (v.target === "service" && (v.target_id === undefined || v.target_id > 3))
      ctx.addIssue({ code: "custom", path: ["target_id"], message: "Choose a service" });
    if (v.target === "plan" && v.target_id === undefined)
      ctx.addIssue({ code: "custom", path: ["target_id"], message: "Choose a plan" });
    if (v.rate === "percent" && v.percent_bp === undefined)
      ctx.addIssue({ code: "custom", path: ["percent_bp"], message: "Enter a percentage" });
    if (v.rate === "fixed" && v.amount_minor === undefined)
      ctx.addIssue({ code: "custom", path: ["amount_minor"], message: "Enter an amount" });
  });
export type RuleInput = z.input<typeof ruleInput>;
export type RuleValues = z.output<typeof ruleInput>;

export type CommissionRule = {
  id: number;
  target: CommissionTargetKind;
  target_id: number | null;
  /** What it is for, in words: "Mentorship", "Plan: Career Starter", "Every relocation package" */
  target_name: string;
  agent_id: number | null;
  agent_name: string | null;
  percent_bp: number | null;
  amount_minor: number | null;
  currency: string;
  starts_on: string;
  created_at: string;
  /** Not started yet: it may still be removed */
  removable: boolean;
};

export const commissionMoveKinds = ["accrued", "reversed", "paid_out", "payout_returned"] as const;
export type CommissionMove = {
  id: number;
  kind: (typeof commissionMoveKinds)[number];
  amount_minor: number;
  balance_minor: number;
  currency: string;
  at: string;
  order_id: number | null;
  /** The order line's words and client, for an accrual or a reversal */
  line: string | null;
  client_name: string | null;
  payout_reference: string | null;
};
export type CommissionMonth = {
  /** YYYY-MM in the reader's zone */
  month: string;
  currency: string;
  earned_minor: number;
  reversed_minor: number;
  paid_out_minor: number;
  /** Owed at the month's end */
  owed_minor: number;
};
export type CommissionPayout = {
  id: number;
  amount_minor: number;
  currency: string;
  paid_on: string;
  reference: string;
  method: "manual" | "stripe";
  status: "recorded" | "sending" | "sent" | "failed";
  transfer_id: string | null;
  failure: string | null;
  created_at: string;
};
export type CommissionBalance = {
  agent_id: number;
  agent_name: string;
  agent_email: string;
  currency: string;
  earned_minor: number;
  reversed_minor: number;
  paid_out_minor: number;
  owed_minor: number;
};
export type CommissionStatement = {
  agent_id: number;
  agent_name: string;
  time_zone: string;
  months: CommissionMonth[];
  moves: CommissionMove[];
  payouts: CommissionPayout[];
  owed: Array<{ currency: string; owed_minor: number }>;
};
export type OfficeCommissionStatement = CommissionStatement & {
  connect_account_id: string | null;
  /** Payouts go as Stripe transfers (STRIPE_CONNECT=on and an account set) */
  connect: boolean;
};

export const payoutInput = z.object({
  amount_minor: minorUnits("Amount").refine((v) => v > 0, "A payout is more than nothing"),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, "Choose a currency")
    .default("USD"),
  paid_on: boundedDay("Enter the date as YYYY-MM-DD"),
  reference: oneLineText(100, "Reference"),
});
export const connectInput = z.object({
  account_id: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim()) : v),
    z
      .string()
      .regex(/^acct_[A-Za-z0-9]{6,64}$/, "A connected account id starts acct_ (Stripe's dashboard shows it)")
      .nullable(),
  ),
});

const staff = ["staff"] as const;
const inAgent = { agentId: idParam };

export const commissionEndpoints = {
  commissionRules: endpoint({
    method: "GET",
    path: "office/commissions/rules",
    auth: staff,
    summary: "The commission rules, newest first",
    answer: answer<CommissionRule[]>(),
  }),
  addCommissionRule: endpoint({
    method: "POST",
    path: "office/commissions/rules",
    auth: staff,
    summary: "Adds a commission rule (from its date on, for the lines paid from then)",
    body: ruleInput,
    created: true,
    answer: answer<CommissionRule>(),
  }),
  removeCommissionRule: endpoint({
    method: "POST",
    path: "office/commissions/rules/:id/remove",
    auth: staff,
    summary: "Removes a rule that has not started (a started one is ended by a new rule from a later date)",
    params: { id: idParam },
    answer: answer<{ removed: true }>(),
  }),
  commissionBalances: endpoint({
    method: "GET",
    path: "office/commissions",
    auth: staff,
    summary: "Every agent's commissions: earned, reversed, paid out and owed, by currency",
    answer: answer<CommissionBalance[]>(),
  }),
  agentCommissions: endpoint({
    method: "GET",
    path: "office/commissions/:agentId",
    auth: staff,
    summary: "One agent's commissions month by month, every movement and payout, and their connected account",
    params: inAgent,
    answer: answer<OfficeCommissionStatement>(),
  }),
  recordPayout: endpoint({
    method: "POST",
    path: "office/commissions/:agentId/payouts",
    auth: staff,
    owner: true,
    summary: "Records a payout (a Stripe transfer when Connect is on): at most what is owed, each reference once",
    params: inAgent,
    body: payoutInput,
    created: true,
    answer: answer<OfficeCommissionStatement>(),
  }),
  setConnectAccount: endpoint({
    method: "POST",
    path: "office/commissions/:agentId/connect",
    auth: staff,
    owner: true,
    summary: "Sets (or clears) the agent's Stripe connected account, where payouts are sent",
    params: inAgent,
    body: connectInput,
    answer: answer<OfficeCommissionStatement>(),
  }),
  myCommissions: endpoint({
    method: "GET",
    path: "api/commissions",
    auth: ["agent"],
    summary: "The agent's own commissions month by month: earned, reversed, paid out, owed; every movement",
    answer: answer<CommissionStatement>(),
  }),
};
