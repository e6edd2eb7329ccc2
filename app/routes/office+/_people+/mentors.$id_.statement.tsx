import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StatementView } from "../../../components/ui/statement";
import { requireAccount } from "../../../lib/auth.server";
import { endpoints } from "../../../lib/endpoints.server";
import { companyOf, useTranslation } from "../../../lib/every-page";
import { workspaceT } from "../../../lib/i18n.server";
import { routeId } from "../../../lib/params";
import { statementPage } from "../../../lib/statement.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => [
  { title: loaded ? `${loaded.title} · ${companyOf(matches)}` : "Mentor not found" },
];

/** A mentor's monthly statement as the mentor sees it, for paying them. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const id = routeId(params.id);
  const page = await statementPage(request, context, (month) =>
    api.call(endpoints.officeMentorStatement, { params: { id }, query: { month } }),
  );
  return { ...page, title: workspaceT("office.mentor.statementTitle", { name: page.statement.mentor.name }) };
}

export default function OfficeMentorStatement() {
  const { statement, error } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to={`/office/mentors/${statement.mentor.id}`}>{statement.mentor.name}</Link>
      </p>
      <h1>{t("office.mentorForm.statementOf", { name: statement.mentor.name })}</h1>
      <StatementView
        statement={statement}
        error={error}
        csvHref={`/office/mentors/${statement.mentor.id}/statement.csv?${new URLSearchParams({ month: statement.month })}`}
      />
    </section>
  );
}
