import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatMoney } from "../../../../lib/money";
import { CatalogueCard } from "../../../components/office/lists";
import { OfficeHead } from "../../../components/office/page";
import { apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { endpoints } from "../../../lib/endpoints.server";
import { titleMeta, useTranslation } from "../../../lib/every-page";
import { workspaceT } from "../../../lib/i18n.server";
import { publishAction } from "../../../lib/office-publish.server";

export const meta = titleMeta<typeof loader>("Session packs · Back office");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const packs = await api.call(endpoints.officePacks).catch((e) => apiLoaderError(e, request, context));
  return { packs, title: workspaceT("office.packs.title") };
}

export function action(args: ActionFunctionArgs) {
  return publishAction(args, (api, id, published) => api.call(endpoints.publishPack, { params: { id }, body: { published } }));
}

export default function OfficeSessionPacks() {
  const { packs } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="container page">
      <OfficeHead title={t("office.packs.heading")} add={{ to: "/office/session-packs/new", label: t("office.packs.add") }} />
      <p className="muted">{t("office.packs.intro")}</p>
      {packs.length ? (
        <ul className="list-reset order-lines">
          {packs.map((p) => (
            <CatalogueCard
              key={p.id}
              testId={`pack-${p.id}`}
              id={p.id}
              name={p.name}
              published={p.published}
              inCarts={p.in_carts}
            >
              <Link to={`/office/session-packs/${p.id}`}>{p.name}</Link> ·{" "}
              {t("office.packs.shape", { count: p.sessions, minutes: p.session_minutes, days: p.valid_days })} ·{" "}
              {formatMoney(p.price_minor, p.currency)} · {t("office.packs.sold", { count: p.sold })}
            </CatalogueCard>
          ))}
        </ul>
      ) : (
        <p className="empty">{t("office.packs.none")}</p>
      )}
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../../lib/every-page";
