/**
 * The commission forms' actions (issue 41): a rule as the office types it (what for, one choice; a percentage or
 * dollars) into the API's body, and a payout's dollars into cents; the API's field errors said beside the form's
 * own fields.
 */
import type { AppLoadContext } from "@remix-run/node";
import { commissionTargets, type RuleInput } from "../../lib/contract.js";
import { FIX_FIELDS } from "../../lib/messages.js";
import { parseDollars } from "../../lib/money.js";
import { ApiCallError, apiActionError } from "./api.server.js";
import { refuse } from "./forms.server.js";

export const ruleFields = ["target", "agent_id", "rate", "rate_value", "starts_on"] as const;
export const payoutFields = ["amount", "paid_on", "reference"] as const;

/** A rule typed in the office as the API's body, or the fields' own refusals. */
export function ruleBody(v: Record<string, string>): { body: RuleInput; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const [kind = "", id = ""] = (v.target ?? "").split(":");
  if (!(commissionTargets as readonly string[]).includes(kind)) errors.target = ["Choose what the rule is for"];
  const value = (v.rate_value ?? "").trim();
  let percent_bp: number | undefined;
  let amount_minor: number | undefined;
  if (v.rate === "fixed") {
    amount_minor = parseDollars(value) ?? undefined;
    if (amount_minor === undefined) errors.rate_value = ["Enter the amount in dollars, e.g. 50 or 49.50"];
  } else {
    const n = /^\d{1,3}([.,]\d{1,2})?$/.test(value) ? Number(value.replace(",", ".")) : NaN;
    if (!(n >= 0 && n <= 100)) errors.rate_value = ["Enter a percentage from 0 to 100, e.g. 10 or 12.5"];
    else percent_bp = Math.round(n * 100);
  }
  return {
    body: {
      target: kind as RuleInput["target"],
      ...(id ? { target_id: id } : {}),
      ...(v.agent_id ? { agent_id: v.agent_id } : {}),
      rate: v.rate === "fixed" ? "fixed" : "percent",
      ...(percent_bp !== undefined ? { percent_bp } : {}),
      ...(amount_minor !== undefined ? { amount_minor } : {}),
      starts_on: v.starts_on ?? "",
    },
    errors,
  };
}

/** The API's fields as the form names them. */
const formNames: Record<string, string> = {
  target_id: "target",
  percent_bp: "rate_value",
  amount_minor: "rate_value",
};

/** A refusal of the API's, beside the form's fields: a rule's (`target_id` → `target`), a payout's (`amount_minor` → `amount`). */
export function formRefusal(
  error: unknown,
  request: Request,
  context: AppLoadContext,
  values: Record<string, string>,
  names: Record<string, string> = formNames,
) {
  if (error instanceof ApiCallError && error.errors) {
    const renamed = Object.fromEntries(Object.entries(error.errors).map(([k, list]) => [names[k] ?? k, list]));
    error = new ApiCallError(error.status, error.code, error.message, renamed, error.params);
  }
  return apiActionError(error, request, context, values);
}

/** A form refused before the API is asked: the fields' words, with the summary. */
export const refuseFields = (values: Record<string, string>, fieldErrors: Record<string, string[]>) =>
  refuse(values, { fieldErrors, formError: FIX_FIELDS });
