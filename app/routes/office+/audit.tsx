import { type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { auditSubject, describeAudit } from "../../../lib/audit-words";
import { OfficeHead, useOfficeZone } from "../../components/office/page";
import { appLink } from "../../components/ui/app-link";
import { FilterCheck } from "../../components/ui/filter-select";
import { pageOf, Pages } from "../../components/ui/pages";
import { columnWords, TableHead } from "../../components/ui/table-head";
import { apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { formatDateTime } from "../../lib/dates";
import { endpoints } from "../../lib/endpoints.server";
import { queryOf, titleMeta, useTranslation } from "../../lib/every-page";
import { workspaceT } from "../../lib/i18n.server";

export const meta = titleMeta<typeof loader>("Audit log · Back office");

/** The filter's choices: a kind's prefix, and the catalogue's name for it */
const kinds = [
  ["", "all"],
  ["staff.", "staff"],
  ["agent.", "agent"],
  ["account.", "account"],
  ["settings.", "settings"],
  ["message.", "message"],
  ["job.", "job"],
  ["relocation.", "relocation"],
  ["plan.", "plan"],
  ["mentor.", "mentor"],
  ["order.", "order"],
  ["booking.", "booking"],
] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const url = new URL(request.url);
  const asked = url.searchParams.get("kind") ?? "";
  const kind = kinds.find(([k]) => k === asked)?.[0] ?? "";
  const staff = (url.searchParams.get("staff") ?? "").slice(0, 100);
  const signIns = url.searchParams.get("sign_ins") === "show";
  const result = await api
    .call(endpoints.officeAudit, { query: { kind, staff, page: pageOf(url), sign_ins: signIns ? "show" : undefined } })
    .catch((e) => apiLoaderError(e, request, context));
  return { kind, staff, signIns, result, title: workspaceT("office.audit.title") };
}

export default function OfficeAudit() {
  const zone = useOfficeZone();
  const { kind, staff, signIns, result } = useLoaderData<typeof loader>();
  const url = (page: number) => queryOf({ kind, staff, sign_ins: signIns ? "show" : null, page: String(page) });
  const { t } = useTranslation();
  const col = columnWords(t, "office.audit", ["when", "who", "about", "what"]);
  return (
    <section className="container page">
      <OfficeHead title={t("office.audit.heading")} />
      <p className="muted">{t("office.audit.intro", { zone })}</p>
      <Form method="get" className="search-form">
        <label htmlFor="audit-kind">{t("office.audit.show")}</label>
        <div className="search-form__row">
          <select id="audit-kind" name="kind" defaultValue={kind}>
            {kinds.map(([k, name]) => (
              <option key={k} value={k}>
                {t(`office.audit.kinds.${name}`)}
              </option>
            ))}
          </select>
          <label htmlFor="audit-staff" className="visually-hidden">
            {t("office.audit.staffMember")}
          </label>
          <input
            id="audit-staff"
            name="staff"
            type="search"
            placeholder={t("office.audit.staffHint")}
            defaultValue={staff}
            maxLength={100}
          />
          <FilterCheck name="sign_ins" value="show" checked={signIns} label={t("office.audit.signIns")} />
          <button type="submit" className="button button--ghost">
            {t("office.audit.filter")}
          </button>
        </div>
      </Form>

      {result.total === 0 ? (
        <p className="empty-state">{t("office.audit.none")}</p>
      ) : (
        <>
          {/* Focusable, so that a keyboard can scroll it should a long entry ever need it. */}
          <div className="table-wrap" role="region" aria-label={t("office.audit.entries")} tabIndex={0}>
            <table className="table table--stack audit-table">
              <TableHead columns={[col.when, col.who, col.about, col.what]} />
              <tbody>
                {result.items.map((e) => {
                  const about = auditSubject(e.subject, t);
                  return (
                    <tr key={e.id} data-testid="audit-row">
                      <td data-label={col.when} className="nowrap">
                        {formatDateTime(e.created_at, zone)}
                      </td>
                      <td data-label={col.who}>
                        {e.staff_name ??
                          (e.mentor_name ? t("office.audit.mentor", { name: e.mentor_name }) : t("office.audit.commandLine"))}
                      </td>
                      <td data-label={col.about}>
                        {about ? about.href ? <a {...appLink(about.href)}>{about.label}</a> : about.label : "—"}
                      </td>
                      <td data-label={col.what} data-testid="audit-summary">
                        {describeAudit(e, t)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pages page={result.page} pages={result.pages} total={result.total} noun="entry" url={url} />
        </>
      )}
    </section>
  );
}
