/**
 * The cart route's loader and action, called directly with a real Request and a built context: no browser,
 * no HTTP, the same code the portal runs.
 */
import { describe, expect, it } from "vitest";
import { loadContext, request, signedInCookie } from "../support/route-context.js";

const { loader, action } = await import("../../app/routes/cart.js");

async function dataOf(response: Response) {
  return (await response.json()) as { items: Array<{ id: number; description: string }>; payment: unknown };
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
    expect(Array.isArray(data.items)).toBe(true);
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
