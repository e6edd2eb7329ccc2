import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ClientForm } from "../../../components/workspace/client-form";
import { apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { saveClient, type ClientFormFailure } from "../../../lib/clients.server";
import { endpoints } from "../../../lib/endpoints.server";
import { companyOf, orErrorTitle, Toast, useTranslation } from "../../../lib/every-page";
import { workspaceT } from "../../../lib/i18n.server";
import { routeId } from "../../../lib/params";
import { zoneChoices } from "../../../lib/zones.server";

export const meta: MetaFunction<typeof loader> = orErrorTitle(({ data, matches }) => [
  { title: data ? `${data.title} · ${companyOf(matches)}` : "Client not found" },
]);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
  const id = routeId(params.id);
  const [view, countries] = await Promise.all([
    api.call(endpoints.viewClient, { params: { clientId: id } }),
    api.countries(),
  ]).catch((e) => apiLoaderError(e, request, context));
  return {
    client: view.client,
    countries,
    zones: zoneChoices(agent.time_zone),
    agentZone: agent.time_zone,
    title: workspaceT("work.clientForm.editTitle", { name: `${view.client.first_name} ${view.client.last_name}` }),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
  const id = routeId(params.id);
  return saveClient(request, context, (values) => api.call(endpoints.editClient, { body: { ...values, id: id } }), "saved", {
    api,
    agentId: agent.id,
    self: id,
  });
}

export default function EditClient() {
  const { client, countries, zones, agentZone } = useLoaderData<typeof loader>();
  const failure = useActionData<ClientFormFailure>();
  const { t } = useTranslation();
  return (
    <section className="container page">
      <p className="eyebrow">{t("work.clientForm.eyebrow")}</p>
      <h1>{t("work.clientForm.editHeading", { name: `${client.first_name} ${client.last_name}` })}</h1>
      <ClientForm
        countries={countries}
        zones={zones}
        agentZone={agentZone}
        client={client}
        failure={failure}
        submitLabel={t("work.clientForm.save")}
        cancelTo={`/clients/${client.id}`}
      />
      <Toast toast={failure?.toast} />
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../../lib/every-page";
