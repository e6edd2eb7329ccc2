/** Agents' commissions (lib/contract/commissions.ts): the office's rules, balances and payouts; the agent's own. */
import { endpoints } from "../../lib/contract.js";
import type { Payments } from "../payments/checkout.js";
import { officeStatement, recordPayout, setConnectAccount } from "../payments/payouts.js";
import type { Server } from "../serve.js";
import { addRule, listRules, removeRule } from "./rules.js";
import { commissionBalances, commissionStatement } from "./statements.js";

export function commissionRoutes(serve: Server, p: Payments) {
  const { db } = p;
  serve(endpoints.commissionRules, async () => listRules(db));
  serve(endpoints.addCommissionRule, async ({ caller, body }) => addRule(db, caller.id, body));
  serve(endpoints.removeCommissionRule, async ({ caller, params }) => removeRule(db, caller.id, params.id));
  serve(endpoints.commissionBalances, async () => commissionBalances(db));
  serve(endpoints.agentCommissions, async ({ params }) => officeStatement(p, params.agentId));
  serve(endpoints.recordPayout, async ({ caller, params, body }) => recordPayout(p, caller.id, params.agentId, body));
  serve(endpoints.setConnectAccount, async ({ caller, params, body }) =>
    setConnectAccount(p, caller.id, params.agentId, body.account_id),
  );
  serve(endpoints.myCommissions, async ({ caller }) => commissionStatement(db, caller.id));
}
