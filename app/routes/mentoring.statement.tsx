import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StatementView } from "../components/statement";
import { ApiCallError, apiLoaderError } from "../lib/api.server";
import { requireMentor } from "../lib/auth.server";
import { endpoints } from "../lib/endpoints.server";
import { monthOf } from "../lib/statement.server";

export const meta: MetaFunction = () => [{ title: "Your statement · Waypoint Consultancy" }];

/** What the consultancy owes the mentor for a month; a month that is not one is said beside the field. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireMentor(request, context);
  const month = monthOf(new URL(request.url));
  try {
    return { statement: await api.call(endpoints.mentorStatement, { query: { month } }), error: undefined };
  } catch (error) {
    if (!(error instanceof ApiCallError) || error.status !== 400) return apiLoaderError(error, request, context);
    const statement = await api.call(endpoints.mentorStatement, { query: {} }).catch((e) => apiLoaderError(e, request, context));
    return { statement, error: error.errors?.month?.[0] ?? error.message };
  }
}

export default function MentorStatementPage() {
  const { statement, error } = useLoaderData<typeof loader>();
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to="/mentoring">Your agenda</Link>
      </p>
      <h1>Your statement</h1>
      <StatementView
        statement={statement}
        error={error}
        csvHref={`/mentoring/statement.csv?${new URLSearchParams({ month: statement.month })}`}
      />
    </section>
  );
}
