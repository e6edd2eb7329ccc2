import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { formatMoney } from "../../../lib/money";
import { AddToCartForm } from "../../components/workspace/add-to-cart-form";
import { apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { addForChosenClient } from "../../lib/cart.server";
import { clientChoices } from "../../lib/client-choices.server";
import { endpoints } from "../../lib/endpoints.server";
import { companyOf, orErrorTitle, useTranslation } from "../../lib/every-page";
import type { FormFailure } from "../../lib/forms.server";
import { routeId } from "../../lib/params";

export const meta: MetaFunction<typeof loader> = orErrorTitle(({ data, matches }) => [
  { title: data ? `${data.relocation.title} · ${companyOf(matches)}` : "Package not found" },
]);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
  const id = routeId(params.id);
  const [relocation, clients] = await Promise.all([
    api.call(endpoints.relocation, { params: { id } }),
    clientChoices(api, agent.id),
  ]).catch((e) => apiLoaderError(e, request, context));
  return { relocation, clients };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["agent"]);
  const relocationId = routeId(params.id);
  return addForChosenClient(request, context, `/relocation/${relocationId}`, (clientId) =>
    api.call(endpoints.addCart, { body: { client_id: clientId, item_type: "relocation", item_id: relocationId } }),
  );
}

export default function RelocationPage() {
  const { relocation, clients } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const { t } = useTranslation();
  return (
    <article className="container page">
      <p className="eyebrow">
        <Link to="/relocation">{t("work.relocations.back")}</Link>
      </p>
      <h1>{relocation.title}</h1>
      <p className="lead">
        {relocation.city}, {relocation.country_name} · {t("work.relocations.days", { count: relocation.duration_days })} ·{" "}
        {formatMoney(relocation.price_minor, relocation.currency)}
      </p>
      <p className="prose">{relocation.description}</p>
      <h2>{t("work.relocations.included")}</h2>
      <ul className="checklist">
        {relocation.includes.map((i) => (
          <li key={i}>{i}</li>
        ))}
      </ul>
      <h2>{t("work.relocations.choose")}</h2>
      <AddToCartForm clients={clients} failure={failure} label={t("work.relocations.add")} />
    </article>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../lib/every-page";
