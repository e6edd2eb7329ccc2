/**
 * Business rules both sides need, each with one name and one home: the API enforces them, the portal
 * explains them before the agent tries.
 */

/** The three services (spec §1): ids fixed by the spec's `/servicesPage?id=1|2|3`. */
export const SERVICES = { mentorship: 1, relocation: 2, jobPlacement: 3 } as const;

/**
 * A relocation plan is for a client who is moving: one with a destination country other than the country they
 * live in now. Returns why this client cannot have one yet, or null when they can.
 */
export function relocationPlanBlocker(client: {
  destination_country: string | null;
  current_country: string | null;
}): string | null {
  if (!client.destination_country) return "This client has no destination country yet";
  if (client.destination_country === client.current_country) return "This client's destination is the country they live in now";
  return null;
}
