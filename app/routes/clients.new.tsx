import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { clientInput } from "../../lib/contract";
import { clientFieldNames, ClientForm } from "../components/client-form";
import { Toast } from "../components/toasts";
import { api, apiActionError, apiLoaderError, type FormFailure } from "../lib/api.server";
import { requireAgent } from "../lib/auth.server";
import { textFields, validateForm } from "../lib/forms.server";
import { checkForm } from "../lib/security.server";
import { redirectWithToast } from "../lib/toast.server";

export const meta: MetaFunction = () => [{ title: "Add a client · Waypoint Consultancy" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireAgent(request);
  const countries = await api.countries(token).catch((e) => apiLoaderError(e, request));
  return json({ countries });
}

export async function action({ request }: ActionFunctionArgs) {
  const { token } = await requireAgent(request);
  const formData = await request.formData();
  await checkForm(formData, request);
  const values = textFields(formData, clientFieldNames);
  const { data, failure } = validateForm(clientInput, values);
  if (failure) return failure;
  try {
    const client = await api.addClient(token, data);
    return await redirectWithToast(request, `/clients/${client.id}`, {
      type: "success",
      message: `${client.first_name} ${client.last_name} was added.`,
    });
  } catch (error) {
    return apiActionError(error, request, values);
  }
}

export default function NewClient() {
  const { countries } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  return (
    <section className="container page">
      <p className="eyebrow">Clients</p>
      <h1>Add a client</h1>
      <ClientForm countries={countries} failure={failure} submitLabel="Add client" cancelTo="/clients" />
      <Toast toast={failure?.toast} />
    </section>
  );
}
