/**
 * Booking with a session pack credit (issue 41): the chosen client's credits that can pay for this mentor at this
 * time (left, not ended, for this mentor, lasting past the start), soonest to end first; and the API's refusal of a
 * credit said beside the form's choice of how to pay.
 */
import type { ClientCredit } from "../../lib/contract.js";
import { ApiCallError, type ApiClient } from "./api.server.js";
import { endpoints } from "./endpoints.server.js";

export type UsableCredit = Pick<ClientCredit, "id" | "pack_name" | "left" | "sessions" | "expires_at" | "session_minutes">;

export async function usableCredits(api: ApiClient, request: Request, mentorId: number, start: string): Promise<UsableCredit[]> {
  const raw = new URL(request.url).searchParams.get("client") ?? "";
  if (!/^\d{1,9}$/.test(raw)) return [];
  const credits = await api.call(endpoints.clientCredits, { params: { clientId: Number(raw) } }).catch((error: unknown) => {
    // Not one of the agent's clients: no credits to offer (the picker does not choose them either).
    if (error instanceof ApiCallError && (error.status === 404 || error.status === 400)) return [];
    throw error;
  });
  const at = Date.parse(start);
  return credits
    .filter(
      (c) => c.left > 0 && !c.expired && Date.parse(c.expires_at) > at && (!c.mentor_ids || c.mentor_ids.includes(mentorId)),
    )
    .sort((a, b) => a.expires_at.localeCompare(b.expires_at))
    .map(({ id, pack_name, left, sessions, expires_at, session_minutes }) => ({
      id,
      pack_name,
      left,
      sessions,
      expires_at,
      session_minutes,
    }));
}

/** The API's `credit_id` is the form's `pay`. */
export function byFormField(error: unknown): unknown {
  if (!(error instanceof ApiCallError) || !error.errors?.credit_id) return error;
  const { credit_id, ...rest } = error.errors;
  return new ApiCallError(error.status, error.code, error.message, { ...rest, pay: credit_id }, error.params);
}
