/**
 * The API contract: request schemas (zod) and answer types, imported by the API to
 * validate and by the portal's client to type its calls. JSON field names are
 * snake_case, as in the spec's own payloads (`client_id`).
 */
import { z } from "zod";

// ---- envelope ---------------------------------------------------------------

export type FieldErrors = Record<string, string[]>;
export type ApiSuccess<T> = { status: true; data: T };
export type ApiFailure = { status: false; message: string; errors?: FieldErrors };
export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;

// ---- agent ------------------------------------------------------------------

export const emailField = z
  .string({ required_error: "Email is required", invalid_type_error: "Email must be text" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .email("Enter a valid email address")
  .transform((v) => v.toLowerCase());

export const loginBody = z.object({
  email: emailField,
  password: z
    .string({ required_error: "Password is required", invalid_type_error: "Password must be text" })
    .min(1, "Password is required")
    .max(200, "Password is too long"),
});
export type LoginBody = z.input<typeof loginBody>;

export const tokencheckBody = z
  .object({ token: z.string().max(200).optional() })
  .passthrough();

export type AgentPublic = { id: number; name: string; email: string; time_zone: string };

export type LoginData = { token: string; expires_at: string; agent: AgentPublic };
export type TokencheckData = { agent: AgentPublic; expires_at: string };

// ---- cart -------------------------------------------------------------------

export const itemTypes = ["service_plan", "job", "relocation", "mentor_booking"] as const;
export type ItemType = (typeof itemTypes)[number];

export type CartItem = {
  id: number;
  client_id: number;
  client_name: string;
  item_type: ItemType;
  item_id: number;
  description: string;
  price_minor: number;
  currency: string;
  created_at: string;
};

// ---- ids in paths -----------------------------------------------------------

export const idParam = z.coerce
  .number({ invalid_type_error: "must be a number" })
  .int("must be a whole number")
  .positive("must be a positive number")
  .max(2_147_483_647, "is too large");
