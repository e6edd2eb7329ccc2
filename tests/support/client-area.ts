/**
 * What the API tests of a client's case make again and again: a paid plan of a service for a client (through the
 * cart and the demo payment, as an agent does), and the client signed in to their own area by a one-time link.
 */
import { expect } from "vitest";
import { issueClientLink, openAccess } from "../../backend/clients/links.js";
import type { Db } from "../../backend/db/connection.js";
import type { Harness } from "./api-harness.js";

type Ctx = { database: Db; api: Harness };

/** Pays a published plan of `serviceId` (2, Relocation, unless said) for the agent's client. */
export async function payPlan(ctx: Ctx, agentToken: string, clientId: number, serviceId = 2) {
  const post = (p: string, body: unknown) => ctx.api.call("POST", p, { token: agentToken, body });
  const plan = await ctx.database.db
    .selectFrom("service_plans")
    .select("id")
    .where("service_id", "=", serviceId)
    .where("published", "=", 1)
    .executeTakeFirstOrThrow();
  const added = await post("agent/addcart", { client_id: clientId, item_type: "service_plan", item_id: plan.id });
  expect(added.status, JSON.stringify(added.json)).toBe(201);
  const checkout = await post("stripe/create-checkout-session", {});
  expect((await post(`stripe/demo/complete/${checkout.json.data.session_id}`, {})).status).toBe(200);
}

/** The client signed in to their own area (their access opened, a link used): their token. */
export async function clientToken(ctx: Ctx, clientId: number) {
  const link = await ctx.database.db.transaction().execute(async (trx) => {
    await openAccess(trx, clientId);
    return issueClientLink(trx, clientId, "sign_in", null, "http://portal.test");
  });
  return (await ctx.api.call("POST", "my/link", { body: { token: link.token } })).json.data.token as string;
}

/**
 * A new client of the agent's, heading to Portugal, in `language` (Arabic unless said), signed in to their own area;
 * with a paid plan of Relocation when `pay`: its id and the client's token.
 */
export async function caseClient(
  ctx: Ctx,
  agentToken: string,
  client: { email: string; first_name: string; last_name: string; language?: string; pay?: boolean },
) {
  const { pay, language, ...names } = client;
  const made = await ctx.api.call("POST", "agent/addclient", {
    token: agentToken,
    body: { ...names, language: language ?? "ar", destination_country: "PT" },
  });
  expect(made.status, JSON.stringify(made.json)).toBe(201);
  const clientId = made.json.data.id as number;
  if (pay) await payPlan(ctx, agentToken, clientId);
  return { clientId, token: await clientToken(ctx, clientId) };
}
