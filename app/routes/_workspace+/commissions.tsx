/** The agent's commissions (issue 41): what is owed now, month by month what was earned, reversed and paid out. */
import { type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CommissionStatementView } from "../../components/ui/commission-statement";
import { apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { endpoints } from "../../lib/endpoints.server";
import { titleMeta, useTranslation } from "../../lib/every-page";
import { workspaceT } from "../../lib/i18n.server";

export const meta = titleMeta<typeof loader>("Commissions");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["agent"]);
  const statement = await api.call(endpoints.myCommissions).catch((e) => apiLoaderError(e, request, context));
  return { statement, title: workspaceT("commissions.title") };
}

export default function Commissions() {
  const { statement } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="container page">
      <div className="page-head">
        <div>
          <p className="eyebrow">{t("nav.workspace")}</p>
          <h1>{t("commissions.heading")}</h1>
        </div>
        {statement.moves.length ? (
          <a href="/commissions.csv" className="button button--ghost" download>
            {t("commissions.csv")}
          </a>
        ) : null}
      </div>
      <p className="muted">{t("commissions.intro", { zone: statement.time_zone })}</p>
      <CommissionStatementView statement={statement} />
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../lib/every-page";
