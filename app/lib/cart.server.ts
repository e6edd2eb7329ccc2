/** Adding to the cart from any page: one answer for success and failure, back on the same page. */
import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { endpoints, type CartItem } from "../../lib/contract.js";
import { apiRedirectError, type ApiClient } from "./api.server.js";
import { memo } from "./context.server.js";
import { refuse } from "./forms.server.js";
import { checkForm, readForm } from "./security.server.js";
import { redirectWithToast } from "./toast.server.js";

const clientChoice = z.object({
  client_id: z.coerce.number({ invalid_type_error: "Choose a client" }).int("Choose a client").positive("Choose a client"),
});

/** Runs the add, then redirects back with "Added" or with the API's reason as an error toast. */
export async function addAndReturn(request: Request, context: AppLoadContext, backTo: string, add: () => Promise<CartItem>) {
  try {
    const item = await add();
    return await redirectWithToast(request, context, backTo, {
      type: "success",
      message: `Added to the cart for ${item.client_name}.`,
    });
  } catch (error) {
    return apiRedirectError(error, request, context, backTo);
  }
}

/** The "add to cart for [client]" form's action: the client must be chosen, then `add` runs. */
export async function addForChosenClient(
  request: Request,
  context: AppLoadContext,
  backTo: string,
  add: (clientId: number) => Promise<CartItem>,
) {
  const formData = await readForm(request);
  await checkForm(formData, request);
  const values = { client_id: String(formData.get("client_id") ?? "") };
  const parsed = clientChoice.safeParse(values);
  if (!parsed.success) {
    return refuse(values, { fieldErrors: { client_id: ["Choose a client"] }, formError: "Choose the client this is for." });
  }
  return addAndReturn(request, context, backTo, () => add(parsed.data.client_id));
}

/** The agent's cart, fetched once per request: the badge (root loader) and the cart page share it. */
export function cartOf(context: AppLoadContext, api: ApiClient, agentId: number) {
  return memo(context, `cart:${agentId}`, () => api.call(endpoints.cartList, { params: { agentId } }));
}
