import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { clientInput } from "../../lib/contract";
import { clientFieldNames, ClientForm } from "../components/client-form";
import { Toast } from "../components/toasts";
import { api, apiActionError, apiLoaderError, type FormFailure } from "../lib/api.server";
import { requireAgent } from "../lib/auth.server";
import { textFields, validateForm } from "../lib/forms.server";
import { routeId } from "../lib/params";
import { checkForm } from "../lib/security.server";
import { redirectWithToast } from "../lib/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Edit ${data.client.first_name} ${data.client.last_name} · Waypoint Consultancy` : "Client not found" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token } = await requireAgent(request);
  const id = routeId(params.id);
  const [view, countries] = await Promise.all([api.viewClient(token, id), api.countries(token)]).catch((e) =>
    apiLoaderError(e, request),
  );
  return json({ client: view.client, countries });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { token } = await requireAgent(request);
  const id = routeId(params.id);
  const formData = await request.formData();
  await checkForm(formData, request);
  const values = textFields(formData, clientFieldNames);
  const { data, failure } = validateForm(clientInput, values);
  if (failure) return failure;
  try {
    const client = await api.editClient(token, id, data);
    return await redirectWithToast(request, `/clients/${client.id}`, {
      type: "success",
      message: `${client.first_name} ${client.last_name} was saved.`,
    });
  } catch (error) {
    return apiActionError(error, request, values);
  }
}

export default function EditClient() {
  const { client, countries } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  return (
    <section className="container page">
      <p className="eyebrow">Clients</p>
      <h1>
        Edit {client.first_name} {client.last_name}
      </h1>
      <ClientForm
        countries={countries}
        client={client}
        failure={failure}
        submitLabel="Save changes"
        cancelTo={`/clients/${client.id}`}
      />
      <Toast toast={failure?.toast} />
    </section>
  );
}
