/**
 * The client a list was opened for (`?client=<id>`, from "Book a mentor" or "Add a job" on a client's page), by
 * name, so the page can say for whom the agent is choosing. An id that is not one of the agent's clients names
 * nobody (the page then reads as the plain list).
 */
import { endpoints } from "../../lib/contract.js";
import { ApiCallError, type ApiClient } from "./api.server.js";

export async function chosenClient(
  api: ApiClient,
  request: Request,
): Promise<{ id: number; name: string; language: string } | null> {
  const raw = new URL(request.url).searchParams.get("client") ?? "";
  if (!/^\d{1,9}$/.test(raw)) return null;
  try {
    const { client } = await api.call(endpoints.viewClient, { params: { clientId: Number(raw) } });
    return { id: client.id, name: `${client.first_name} ${client.last_name}`, language: client.language };
  } catch (error) {
    if (error instanceof ApiCallError && (error.status === 404 || error.status === 403 || error.status === 400)) return null;
    throw error;
  }
}
