import { type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StatementView } from "../../components/ui/statement";
import { requireAccount } from "../../lib/auth.server";
import { endpoints } from "../../lib/endpoints.server";
import { orErrorTitle, titleMeta, useTranslation } from "../../lib/every-page";
import { workspaceT } from "../../lib/i18n.server";
import { statementPage } from "../../lib/statement.server";

export const meta = orErrorTitle(titleMeta<typeof loader>("Your statement"));

/** What the consultancy owes the mentor for a month; a month that is not one is said beside the field. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["mentor"]);
  const page = await statementPage(request, context, (month) => api.call(endpoints.mentorStatement, { query: { month } }));
  return { ...page, title: workspaceT("mentoring.statement.title") };
}

export default function MentorStatementPage() {
  const { statement, error } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to="/mentoring">{t("mentoring.statement.back")}</Link>
      </p>
      <h1>{t("mentoring.statement.heading")}</h1>
      <StatementView
        statement={statement}
        error={error}
        csvHref={`/mentoring/statement.csv?${new URLSearchParams({ month: statement.month })}`}
      />
    </section>
  );
}

export { MentoringErrorBoundary as ErrorBoundary } from "../../lib/every-page";
