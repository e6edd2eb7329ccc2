import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ClientForm } from "../../../components/workspace/client-form";
import { apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { saveClient, type ClientFormFailure } from "../../../lib/clients.server";
import { endpoints } from "../../../lib/endpoints.server";
import { orErrorTitle, titleMeta, Toast, useTranslation } from "../../../lib/every-page";
import { workspaceT } from "../../../lib/i18n.server";
import { zoneChoices } from "../../../lib/zones.server";

export const meta = orErrorTitle(titleMeta<typeof loader>("Add a client"));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
  const countries = await api.countries().catch((e) => apiLoaderError(e, request, context));
  return {
    countries,
    zones: zoneChoices(agent.time_zone),
    agentZone: agent.time_zone,
    title: workspaceT("work.clientForm.addTitle"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
  return saveClient(request, context, (values) => api.call(endpoints.addClient, { body: values }), "added", {
    api,
    agentId: agent.id,
  });
}

export default function NewClient() {
  const { countries, zones, agentZone } = useLoaderData<typeof loader>();
  const failure = useActionData<ClientFormFailure>();
  const { t } = useTranslation();
  return (
    <section className="container page">
      <p className="eyebrow">{t("work.clientForm.eyebrow")}</p>
      <h1>{t("work.clientForm.addHeading")}</h1>
      <ClientForm
        countries={countries}
        zones={zones}
        agentZone={agentZone}
        failure={failure}
        submitLabel={t("work.clientForm.add")}
        cancelTo="/clients"
      />
      <Toast toast={failure?.toast} />
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../../lib/every-page";
