import { useSearchParams } from "@remix-run/react";

/**
 * "Book a mentor" or "Add a job" from a client's page: the lists and forms that follow carry `?client=<id>` and
 * their client pickers start on that client. Only digits are taken; an id that is not one of the agent's clients is
 * simply not preselected.
 */
export function useChosenClient(): string {
  const [params] = useSearchParams();
  const raw = params.get("client") ?? "";
  return /^\d{1,9}$/.test(raw) ? raw : "";
}

/** A link that keeps the chosen client. */
export function withClient(to: string, client: string): string {
  return client ? `${to}${to.includes("?") ? "&" : "?"}client=${client}` : to;
}
