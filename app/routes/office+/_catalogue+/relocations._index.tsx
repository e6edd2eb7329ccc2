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

export const meta = titleMeta<typeof loader>("Relocation packages · Back office");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const packages = await api.call(endpoints.officeRelocations).catch((e) => apiLoaderError(e, request, context));
  return { packages, title: workspaceT("office.catalogue.relocationsTitle") };
}

export function action(args: ActionFunctionArgs) {
  return publishAction(args, (api, id, published) =>
    api.call(endpoints.setRelocationPublished, { params: { id }, body: { published } }),
  );
}

export default function OfficeRelocations() {
  const { packages } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="container page">
      <OfficeHead
        title={t("office.catalogue.relocations")}
        add={{ to: "/office/relocations/new", label: t("office.catalogue.addPackage") }}
      />
      <p className="muted">
        <Trans i18nKey="office.catalogue.relocationIntro" components={{ go: <Link to="/office/plans" /> }} />
      </p>
      <ul className="list-reset order-lines">
        {packages.map((p) => (
          <CatalogueCard
            key={p.id}
            testId={`relocation-${p.id}`}
            id={p.id}
            name={p.title}
            published={p.published}
            inCarts={p.in_carts}
          >
            <Link to={`/office/relocations/${p.id}`}>{p.title}</Link> · {p.city}, {p.country_name} ·{" "}
            {formatMoney(p.price_minor, p.currency)}
          </CatalogueCard>
        ))}
      </ul>
    </section>
  );
}
