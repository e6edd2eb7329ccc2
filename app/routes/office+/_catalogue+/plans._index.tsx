import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatMoney } from "../../../../lib/money";
import { CatalogueCard } from "../../../components/office/lists";
import { OfficeHead } from "../../../components/office/page";
import { apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { endpoints } from "../../../lib/endpoints.server";
import { titleMeta, Trans, useTranslation } from "../../../lib/every-page";
import { workspaceT } from "../../../lib/i18n.server";
import { publishAction } from "../../../lib/office-publish.server";

export const meta = titleMeta<typeof loader>("Service plans · Back office");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const plans = await api.call(endpoints.officePlans).catch((e) => apiLoaderError(e, request, context));
  return { plans, title: workspaceT("office.catalogue.plansTitle") };
}

export function action(args: ActionFunctionArgs) {
  return publishAction(args, (api, id, published) =>
    api.call(endpoints.setPlanPublished, { params: { id }, body: { published } }),
  );
}

export default function OfficePlans() {
  const { plans } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="container page">
      <OfficeHead title={t("office.catalogue.plans")} add={{ to: "/office/plans/new", label: t("office.catalogue.addPlan") }} />
      <p className="muted">
        <Link to="/office/session-packs">{t("office.catalogue.packsLink")}</Link>
      </p>
      <ul className="list-reset order-lines">
        {plans.map((p) => (
          <CatalogueCard key={p.id} testId={`plan-${p.id}`} id={p.id} name={p.name} published={p.published} inCarts={p.in_carts}>
            <Trans
              i18nKey="office.catalogue.planOf"
              values={{ service: p.service_name, name: p.name }}
              components={{ go: <Link to={`/office/plans/${p.id}`} /> }}
            />{" "}
            · {formatMoney(p.price_minor, p.currency)}
          </CatalogueCard>
        ))}
      </ul>
    </section>
  );
}
