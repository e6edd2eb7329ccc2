/** The add and edit client actions: one check, one call, one answer. */
import type { AppLoadContext } from "@remix-run/node";
import { type Client, clientFieldNames, clientInput, type ClientValues, endpoints } from "../../lib/contract.js";
import { apiActionError, type ApiClient } from "./api.server.js";
import { refuse, textFields, validateForm, type FormFailure } from "./forms.server.js";
import { checkForm, readForm } from "./security.server.js";
import { redirectWithToast } from "./toast.server.js";

/** A client's form refused, or held back for a question: the agent already has a client with this email. */
export type ClientFormFailure = FormFailure & { duplicate?: { id: number; name: string } };

/** Another client of the agent's with this email (emails are compared as the contract stores them: lower case). */
async function sameEmail(api: ApiClient, agentId: number, email: string, self?: number) {
  const found = await api.call(endpoints.clients, { params: { agentId }, query: { q: email, per_page: 20 } });
  return found.items.find((c) => c.email.toLowerCase() === email && c.id !== self) ?? null;
}

export async function saveClient(
  request: Request,
  context: AppLoadContext,
  save: (values: ClientValues) => Promise<Client>,
  done: string,
  duplicates: { api: ApiClient; agentId: number; self?: number },
) {
  const formData = await readForm(request);
  await checkForm(formData, request);
  const values = textFields(formData, clientFieldNames);
  const { data: input, failure } = validateForm(clientInput, values);
  if (failure) return failure;
  try {
    // Two clients with one email are most often one client added twice: ask first, and link the one there is.
    if (formData.get("duplicate_ok") !== "yes") {
      const twin = await sameEmail(duplicates.api, duplicates.agentId, input.email, duplicates.self);
      if (twin) {
        return refuse(
          values,
          { formError: `You already have a client with this email: ${twin.first_name} ${twin.last_name}.` },
          { status: 409, extra: { duplicate: { id: twin.id, name: `${twin.first_name} ${twin.last_name}` } } },
        );
      }
    }
    const client = await save(input);
    return await redirectWithToast(request, context, `/clients/${client.id}`, {
      type: "success",
      message: `${client.first_name} ${client.last_name} was ${done}.`,
    });
  } catch (error) {
    return apiActionError(error, request, context, values);
  }
}
