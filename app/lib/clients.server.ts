/** The add and edit client actions: one check, one call, one answer. */
import { clientFieldNames, clientInput, type Client, type ClientValues } from "../../lib/contract.js";
import { apiActionError } from "./api.server.js";
import { textFields, validateForm } from "./forms.server.js";
import { checkForm, readForm } from "./security.server.js";
import { redirectWithToast } from "./toast.server.js";

export async function saveClient(request: Request, save: (values: ClientValues) => Promise<Client>, done: string) {
  const formData = await readForm(request);
  await checkForm(formData, request);
  const values = textFields(formData, clientFieldNames);
  const { data, failure } = validateForm(clientInput, values);
  if (failure) return failure;
  try {
    const client = await save(data);
    return await redirectWithToast(request, `/clients/${client.id}`, {
      type: "success",
      message: `${client.first_name} ${client.last_name} was ${done}.`,
    });
  } catch (error) {
    return apiActionError(error, request, values);
  }
}
