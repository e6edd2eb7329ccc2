/** The agent's cart. */
import { z } from "zod";
import { answer, endpoint } from "./endpoint.js";
import { idParam } from "./fields.js";

// ---- cart -------------------------------------------------------------------

export const itemTypes = ["service_plan", "job", "relocation", "mentor_booking", "session_pack"] as const;
export type ItemType = (typeof itemTypes)[number];

/** What a cart item and an order line both are: for whom, what, and its price (as it was put in the cart). */
export type ItemLine = {
  client_id: number;
  client_name: string;
  item_type: ItemType;
  item_id: number;
  description: string;
  price_minor: number;
  currency: string;
};

export type CartItem = ItemLine & {
  id: number;
  created_at: string;
  /** For a mentor session: when it is, and its hold (`released` once the hold lapsed: book again) */
  session: CartSession | null;
  /** False once staff unpublished the job, package or plan (or made the mentor inactive): remove it to pay */
  offered: boolean;
  /** A service plan the client already has from a paid order (warned about before paying for it again); else null */
  bought: Bought | null;
};

/** Where a client's service plan was bought: the paid order (or one under review) whose line was not refunded. */
export type Bought = { order_id: number; paid_at: string | null };

export type CartSession = {
  mentor_id: number;
  mentor_name: string;
  start_at: string;
  topic: string;
  status: "held" | "confirmed" | "released" | "canceled";
  /** Until when the slot is held for this cart (null once paid or released) */
  held_until: string | null;
};

// ---- cart -------------------------------------------------------------------

export const addCartBody = z.object({
  client_id: idParam,
  item_type: z.enum(["service_plan", "job", "relocation", "session_pack"], {
    errorMap: () => ({ message: "Item type must be service_plan, job, relocation or session_pack" }),
  }),
  item_id: idParam,
});
export const jobServicesBody = z.object({ client_id: idParam, job_id: idParam });
export const deleteCartBody = z.object({ id: idParam });

// ---- endpoints ------------------------------------------------------------------

export const cartEndpoints = {
  cartList: endpoint({
    method: "GET",
    path: "api/cart/list/:agentId",
    auth: ["agent"],
    summary: "The agent's cart (its own id only)",
    params: { agentId: idParam },
    answer: answer<CartItem[]>(),
  }),
  addCart: endpoint({
    method: "POST",
    path: "agent/addcart",
    auth: ["agent"],
    summary: "A plan, job, relocation package or session pack into the cart for a client",
    body: addCartBody,
    created: true,
    answer: answer<CartItem>(),
  }),
  jobServices: endpoint({
    method: "POST",
    path: "job/services",
    auth: ["agent"],
    summary: "A job's placement for a client into the cart",
    body: jobServicesBody,
    created: true,
    answer: answer<CartItem>(),
  }),
  deleteCart: endpoint({
    method: "POST",
    path: "agent/deletecart",
    auth: ["agent"],
    summary: "Removes a cart item (a held session's hold ends)",
    body: deleteCartBody,
    answer: answer<{ removed: true }>(),
  }),
};
