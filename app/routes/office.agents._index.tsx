import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { OfficeHead, OfficeSearch, PasswordLinkNotice, useOfficeZone } from "../components/office";
import { pageOf, Pages } from "../components/pages";
import { TableHead } from "../components/table-head";
import { apiLoaderError, apiRedirectError } from "../lib/api.server";
import { requireStaff } from "../lib/auth.server";
import { formatDateTime } from "../lib/dates";
import { endpoints } from "../lib/endpoints.server";
import { rowIntent } from "../lib/schemas.server";
import { checkForm, readForm } from "../lib/security.server";
import { redirectWithToast } from "../lib/toast.server";

export const meta: MetaFunction = () => [{ title: "Agents · Back office · Waypoint Consultancy" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, context);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const result = await api
    .call(endpoints.officeAgents, { query: { q: q || undefined, page: pageOf(url) } })
    .catch((e) => apiLoaderError(e, request, context));
  return { q, result };
}

type LinkShown = { link: { agent: string; url: string; expires_at: string } };

/** Deactivate, reactivate, or hand out a new set-password link (shown once, on this page). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireStaff(request, context);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const intent = String(formData.get("intent") ?? "");
  const back = `/office/agents${new URL(request.url).search}`;
  if (intent !== "deactivate" && intent !== "reactivate" && intent !== "password-link") {
    throw new Response("Unknown action.", { status: 400 });
  }
  const parsed = rowIntent(intent).safeParse({ intent, id: formData.get("id") });
  if (!parsed.success) throw new Response("Unknown action.", { status: 400 });
  try {
    if (intent === "password-link") {
      const [agent, link] = [
        await api.call(endpoints.officeAgent, { params: { id: parsed.data.id } }),
        await api.call(endpoints.agentPasswordLink, { params: { id: parsed.data.id } }),
      ];
      return data<LinkShown>({ link: { agent: agent.name, url: link.password_link, expires_at: link.link_expires_at } });
    }
    const agent = await api.call(endpoints.setAgentActive, {
      params: { id: parsed.data.id },
      body: { active: intent === "reactivate" },
    });
    const message = agent.active
      ? `${agent.name} can sign in again.`
      : `${agent.name} is deactivated: their sessions have ended.`;
    return await redirectWithToast(request, context, back, { type: "success", message });
  } catch (error) {
    return apiRedirectError(error, request, context, back);
  }
}

export default function OfficeAgents() {
  const zone = useOfficeZone();
  const { q, result } = useLoaderData<typeof loader>();
  const shown = useActionData<LinkShown>();
  const navigation = useNavigation();
  const busy = (id: number) => navigation.state === "submitting" && navigation.formData?.get("id") === String(id);
  const url = (page: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page) })}`;
  return (
    <section className="container page">
      <OfficeHead title="Agents" add={{ to: "/office/agents/new", label: "Add an agent" }} />
      {shown?.link ? (
        <PasswordLinkNotice
          name={shown.link.agent}
          email={null}
          url={shown.link.url}
          expiresAt={shown.link.expires_at}
          replaces
        />
      ) : null}
      <OfficeSearch q={q} label="Search by name or email" />
      {result.total === 0 ? (
        <p className="empty-state">{q ? `No agent matches “${q}”.` : "No agent yet."}</p>
      ) : (
        <>
          <div className="table-wrap">
            <table className="table table--stack">
              <TableHead columns={["Name", "Email", { num: "Clients" }, "Last sign-in", "Status", null]} />
              <tbody>
                {result.items.map((a) => (
                  <tr key={a.id} data-testid={`agent-${a.id}`}>
                    <td data-label="Name">
                      <Link to={`/office/agents/${a.id}`}>{a.name}</Link>
                    </td>
                    <td data-label="Email">{a.email}</td>
                    <td data-label="Clients" className="num">
                      {a.clients}
                    </td>
                    <td data-label="Last sign-in">
                      {a.last_sign_in_at ? `${formatDateTime(a.last_sign_in_at, zone)} (${zone})` : "Never"}
                    </td>
                    <td data-label="Status" data-testid="agent-status">
                      {a.active ? "Active" : "Deactivated"}
                    </td>
                    <td className="row-actions">
                      <Form method="post">
                        <AuthenticityTokenInput />
                        <input type="hidden" name="id" value={a.id} />
                        <button
                          type="submit"
                          name="intent"
                          value={a.active ? "deactivate" : "reactivate"}
                          className={a.active ? "button button--small button--ghost" : "button button--small button--primary"}
                          disabled={busy(a.id)}
                        >
                          {a.active ? "Deactivate" : "Reactivate"}
                          <span className="visually-hidden"> {a.name}</span>
                        </button>
                        <button
                          type="submit"
                          name="intent"
                          value="password-link"
                          className="button button--small button--ghost"
                          disabled={busy(a.id)}
                        >
                          New password link<span className="visually-hidden"> for {a.name}</span>
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pages page={result.page} pages={result.pages} total={result.total} noun="agent" url={url} />
        </>
      )}
    </section>
  );
}
