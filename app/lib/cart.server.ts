/** Adding to the cart from any page: one answer for success and failure, back on the same page. */
import { json } from "@remix-run/node";
import { z } from "zod";
import type { CartItem } from "../../lib/contract.js";
import { ApiCallError, expireSession, type FormFailure } from "./api.server.js";
import { redirectWithToast } from "./toast.server.js";

export const clientChoice = z.object({
  client_id: z.coerce
    .number({ invalid_type_error: "Choose a client" })
    .int("Choose a client")
    .positive("Choose a client"),
});

/** Runs the add, then redirects back with "Added" or with the API's reason as an error toast. */
export async function addAndReturn(request: Request, backTo: string, add: () => Promise<CartItem>) {
  try {
    const item = await add();
    return await redirectWithToast(request, backTo, {
      type: "success",
      message: `Added to the cart for ${item.client_name}.`,
    });
  } catch (error) {
    if (!(error instanceof ApiCallError)) throw error;
    if (error.status === 401) throw await expireSession(request);
    const message = error.unavailable ? "Server busy" : error.message;
    return redirectWithToast(request, backTo, { type: "error", message });
  }
}

export function chooseClientFailure(values: Record<string, string>) {
  return json<FormFailure>(
    { fieldErrors: { client_id: ["Choose a client"] }, values, formError: "Choose the client this is for." },
    { status: 400 },
  );
}
