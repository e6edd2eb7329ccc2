import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { StatementView } from "../components/statement";
import { requireMentor } from "../lib/auth.server";
import { endpoints } from "../lib/endpoints.server";
import { statementPage } from "../lib/statement.server";

export const meta: MetaFunction = () => [{ title: "Your statement · Waypoint Consultancy" }];

/** What the consultancy owes the mentor for a month; a month that is not one is said beside the field. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireMentor(request, context);
  return statementPage(request, context, (month) => api.call(endpoints.mentorStatement, { query: { month } }));
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
