import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OfficeSearch, PublishButton } from "../../../components/office/lists";
import { OfficeHead } from "../../../components/office/page";
import { appLink } from "../../../components/ui/app-link";
import { MoneyCell } from "../../../components/ui/money-cell";
import { pageOf, Pages } from "../../../components/ui/pages";
import { columnWords, StackTable } from "../../../components/ui/table-head";
import { apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { endpoints } from "../../../lib/endpoints.server";
import { queryOf, titleMeta, useTranslation } from "../../../lib/every-page";
import { workspaceT } from "../../../lib/i18n.server";
import { publishAction } from "../../../lib/office-publish.server";

export const meta = titleMeta<typeof loader>("Jobs · Back office");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const result = await api
    .call(endpoints.officeJobs, { query: { q: q || undefined, page: pageOf(url) } })
    .catch((e) => apiLoaderError(e, request, context));
  return { q, result, title: workspaceT("office.catalogue.jobsTitle") };
}

/** Publish or unpublish one job. */
export function action(args: ActionFunctionArgs) {
  return publishAction(args, (api, id, published) =>
    api.call(endpoints.setJobPublished, { params: { id }, body: { published } }),
  );
}

export default function OfficeJobs() {
  const { q, result } = useLoaderData<typeof loader>();
  const url = (page: number) => queryOf({ q, page: String(page) });
  const { t } = useTranslation();
  const col = columnWords(t, "office.catalogue", ["job", "where", "fee", "status"]);
  return (
    <section className="container page">
      <OfficeHead title={t("office.catalogue.jobs")} add={{ to: "/office/jobs/new", label: t("office.catalogue.addJob") }} />
      <OfficeSearch q={q} label={t("office.catalogue.jobSearch")} />
      {result.total === 0 ? (
        <p className="empty-state">{q ? t("office.catalogue.noJobMatch", { q }) : t("office.catalogue.noJob")}</p>
      ) : (
        <>
          <StackTable columns={[col.job, col.where, { num: col.fee }, col.status, null]}>
            {result.items.map((j) => (
              <tr key={j.id} data-testid={`job-${j.id}`}>
                <td data-label={col.job}>
                  <a {...appLink(`/office/jobs/${j.id}`)}>{j.title}</a>
                  <br />
                  <span className="muted">{j.company}</span>
                </td>
                <td data-label={col.where}>
                  {j.city}, {j.country_name}
                </td>
                <MoneyCell label={col.fee} minor={j.placement_fee_minor} currency={j.currency} />
                <td data-label={col.status} data-testid="job-status">
                  {j.published ? t("office.common.published") : t("office.common.unpublished")}
                  {j.in_carts ? <span className="muted"> · {t("office.common.inCarts", { count: j.in_carts })}</span> : null}
                </td>
                <td className="row-actions">
                  <PublishButton id={j.id} published={j.published} name={j.title} />
                </td>
              </tr>
            ))}
          </StackTable>
          <Pages page={result.page} pages={result.pages} total={result.total} noun="job" url={url} />
        </>
      )}
    </section>
  );
}
