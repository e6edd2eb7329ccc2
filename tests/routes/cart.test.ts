/**
 * The cart route's loader and action, called directly with a real Request and a built context: no browser,
 * no HTTP, the same code the portal runs.
 */
import { describe, expect, it } from "vitest";
import { asResponse } from "../../app/lib/forms.server.js";
import { endpoints, type CartItem } from "../../lib/contract.js";
import { apiAs, loadContext, request, signedInCookie } from "../support/route-context.js";

const { loader, action } = await import("../../app/routes/_workspace+/cart.js");
const plansPage = await import("../../app/routes/_workspace+/clients+/$id.plans.js");

async function dataOf(answer: unknown) {
  return (await asResponse(answer).json()) as { items: CartItem[]; payment: unknown };
}

describe("the cart route", () => {
  it("sends a visitor without a session to sign in, remembering the cart", async () => {
    const thrown = await loader({ request: request("/cart"), context: loadContext(), params: {} }).catch((r: unknown) => r);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe("/authentication/?redirectTo=%2Fcart");
  });

  it("shows the signed-in agent's cart, and no payment in progress", async () => {
    const cookie = await signedInCookie();
    const data = await dataOf(await loader({ request: request("/cart", { cookie }), context: loadContext(), params: {} }));
    expect(data.payment).toBeNull();
    // The demo agent's own cart as the API has it, nothing of anyone else's.
    const api = await apiAs();
    const me = await api.call(endpoints.tokencheck);
    const own = await api.call(endpoints.cartList, { params: { agentId: me.agent.id } });
    expect(data.items.map((i) => i.id)).toEqual(own.map((i) => i.id));
  });

  it("says a plan the client already has, with its order, on the cart and on the plans page", async () => {
    const api = await apiAs();
    const client = await api.call(endpoints.addClient, {
      body: { first_name: "Twice", last_name: "Bought", email: `twice-${Date.now()}@example.com`, destination_country: "DE" },
    });
    // Whatever the demo cart holds is not this test's: pay for the plan alone.
    const me = await api.call(endpoints.tokencheck);
    for (const item of await api.call(endpoints.cartList, { params: { agentId: me.agent.id } })) {
      await api.call(endpoints.deleteCart, { body: { id: item.id } });
    }
    const plan = (await api.call(endpoints.servicePlans, { body: { client_id: client.id } }))[0]!;
    expect(plan.bought).toBeNull();
    await api.call(endpoints.addCart, { body: { client_id: client.id, item_type: "service_plan", item_id: plan.id } });
    const started = await api.call(endpoints.createCheckout);
    await api.call(endpoints.demoComplete, { params: { id: started.session_id } });
    await api.call(endpoints.addCart, { body: { client_id: client.id, item_type: "service_plan", item_id: plan.id } });

    const cookie = await signedInCookie();
    const cart = await dataOf(await loader({ request: request("/cart", { cookie }), context: loadContext(), params: {} }));
    const again = cart.items.find((i) => i.client_id === client.id)!;
    expect(again.bought).toMatchObject({ order_id: started.order_id });
    const page = await plansPage.loader({
      request: request(`/clients/${client.id}/plans`, { cookie }),
      context: loadContext(),
      params: { id: String(client.id) },
    });
    const shown = page.plans.find((p) => p.id === plan.id)!;
    expect(shown).toMatchObject({ in_cart: true, bought: { order_id: started.order_id } });
    // Another plan of the same client is not marked.
    expect(page.plans.filter((p) => p.id !== plan.id).every((p) => p.bought === null)).toBe(true);
  });

  it("shares one cart list between the root's loader and the page's (one memo per request)", async () => {
    const cookie = await signedInCookie();
    const context = loadContext();
    await loader({ request: request("/cart", { cookie }), context, params: {} });
    expect([...context.memo.keys()].filter((k) => k.startsWith("cart:"))).toHaveLength(1);
    expect([...context.memo.keys()]).toContain("session");
  });

  it("answers a post that is not a form with 400", async () => {
    const cookie = await signedInCookie();
    const notForm = await action({
      request: request("/cart", { method: "POST", cookie, body: "{}", headers: { "Content-Type": "application/json" } }),
      context: loadContext(),
      params: {},
    }).catch((r: unknown) => r);
    expect((notForm as Response).status).toBe(400);
  });
});
