import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { OfficeHead } from "../components/office";
import { TableHead } from "../components/table-head";
import { apiLoaderError, apiRedirectError } from "../lib/api.server";
import { requireStaff } from "../lib/auth.server";
import { endpoints } from "../lib/endpoints.server";
import { formatMoney } from "../lib/money";
import { rowIntent } from "../lib/schemas.server";
import { checkForm, readForm } from "../lib/security.server";
import { redirectWithToast } from "../lib/toast.server";

export const meta: MetaFunction = () => [{ title: "Mentors · Back office · Waypoint Consultancy" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, context);
  return { mentors: await api.call(endpoints.officeMentors).catch((e) => apiLoaderError(e, request, context)) };
}

/** Make a mentor inactive (no new bookings; booked sessions stay) or active again. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireStaff(request, context);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const intent = String(formData.get("intent") ?? "");
  if (intent !== "activate" && intent !== "deactivate") throw new Response("Unknown action.", { status: 400 });
  const parsed = rowIntent(intent).safeParse({ intent, id: formData.get("id") });
  if (!parsed.success) throw new Response("Unknown action.", { status: 400 });
  try {
    const m = await api.call(endpoints.setMentorActive, {
      params: { id: parsed.data.id },
      body: { active: intent === "activate" },
    });
    const message = m.active
      ? `${m.name} is active: agents can book again.`
      : `${m.name} is inactive: agents no longer see them; the ${m.upcoming_sessions} session${m.upcoming_sessions === 1 ? "" : "s"} to come stay booked.`;
    return await redirectWithToast(request, context, "/office/mentors", { type: "success", message });
  } catch (error) {
    return apiRedirectError(error, request, context, "/office/mentors");
  }
}

const dayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

export default function OfficeMentors() {
  const { mentors } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <section className="container page">
      <OfficeHead title="Mentors" add={{ to: "/office/mentors/new", label: "Add a mentor" }} />
      {mentors.length === 0 ? (
        <p className="empty-state">No mentor yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="table table--stack">
            <TableHead columns={["Mentor", "Hours (mentor's zone)", { num: "Rate" }, "Status", null]} />
            <tbody>
              {mentors.map((m) => (
                <tr key={m.id} data-testid={`mentor-${m.id}`}>
                  <td data-label="Mentor">
                    <Link to={`/office/mentors/${m.id}`}>{m.name}</Link>
                    <br />
                    <span className="muted">{m.title}</span>
                  </td>
                  <td data-label="Hours">
                    {[...new Set(m.availability.map((a) => a.weekday))].map((d) => dayNames[d]).join(", ") || "None"}{" "}
                    <span className="muted">({m.time_zone})</span>
                  </td>
                  <td data-label="Rate" className="num">
                    {formatMoney(m.rate_minor, m.currency)}
                  </td>
                  <td data-label="Status" data-testid="mentor-status">
                    {m.active ? "Active" : "Inactive"}
                    {m.upcoming_sessions ? <span className="muted"> · {m.upcoming_sessions} to come</span> : null}
                  </td>
                  <td className="row-actions">
                    <Form method="post">
                      <AuthenticityTokenInput />
                      <input type="hidden" name="id" value={m.id} />
                      <button
                        type="submit"
                        name="intent"
                        value={m.active ? "deactivate" : "activate"}
                        className="button button--small button--ghost"
                        disabled={navigation.state === "submitting" && navigation.formData?.get("id") === String(m.id)}
                      >
                        {m.active ? "Make inactive" : "Make active"}
                        <span className="visually-hidden"> {m.name}</span>
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
