import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { OfficeSearch } from "../../../components/office/lists";
import { OfficeHead, useOfficeZone } from "../../../components/office/page";
import { PasswordLinkNotice } from "../../../components/office/password-link-notice";
import { appLink } from "../../../components/ui/app-link";
import { pageOf, Pages } from "../../../components/ui/pages";
import { RowButton, RowForm } from "../../../components/ui/row-form";
import { columnWords, StackTable } from "../../../components/ui/table-head";
import { apiLoaderError, apiRedirectError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { formatDateTime } from "../../../lib/dates";
import { endpoints } from "../../../lib/endpoints.server";
import { queryOf, titleMeta, useTranslation } from "../../../lib/every-page";
import { workspaceT } from "../../../lib/i18n.server";
import { rowIntent } from "../../../lib/schemas.server";
import { checkForm, readForm } from "../../../lib/security.server";
import { redirectWithToast } from "../../../lib/toast.server";

export const meta = titleMeta<typeof loader>("Agents · Back office");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const result = await api
    .call(endpoints.officeAgents, { query: { q: q || undefined, page: pageOf(url) } })
    .catch((e) => apiLoaderError(e, request, context));
  return { q, result, title: workspaceT("office.agents.title") };
}

type LinkShown = { link: { agent: string; url: string; expires_at: string } };

/** Deactivate, reactivate, or hand out a new set-password link (shown once, on this page). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
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
      ? workspaceT("office.agents.canSignIn", { name: agent.name })
      : workspaceT("office.agents.deactivated", { name: agent.name });
    return await redirectWithToast(request, context, back, { type: "success", message });
  } catch (error) {
    return apiRedirectError(error, request, context, back);
  }
}

export default function OfficeAgents() {
  const zone = useOfficeZone();
  const { q, result } = useLoaderData<typeof loader>();
  const shown = useActionData<LinkShown>();
  const url = (page: number) => queryOf({ q, page: String(page) });
  const { t } = useTranslation();
  const col = columnWords(t, "office.agents", ["name", "email", "clients", "lastSignIn", "status"]);
  return (
    <section className="container page">
      <OfficeHead title={t("office.agents.heading")} add={{ to: "/office/agents/new", label: t("office.agents.add") }} />
      {shown?.link ? <PasswordLinkNotice to={{ name: shown.link.agent }} link={shown.link} replaces /> : null}
      <OfficeSearch q={q} label={t("office.agents.search")} />
      {result.total === 0 ? (
        <p className="empty-state">{q ? t("office.agents.noMatch", { q }) : t("office.agents.none")}</p>
      ) : (
        <>
          <StackTable columns={[col.name, col.email, { num: col.clients }, col.lastSignIn, col.status, null]}>
            {result.items.map((a) => (
              <tr key={a.id} data-testid={`agent-${a.id}`}>
                <td data-label={col.name}>
                  <a {...appLink(`/office/agents/${a.id}`)}>{a.name}</a>
                </td>
                <td data-label={col.email}>{a.email}</td>
                <td data-label={col.clients} className="num">
                  {a.clients}
                </td>
                <td data-label={col.lastSignIn}>
                  {a.last_sign_in_at ? `${formatDateTime(a.last_sign_in_at, zone)} (${zone})` : t("office.agents.never")}
                </td>
                <td data-label={col.status} data-testid="agent-status">
                  {a.active ? t("office.agents.active") : t("office.agents.inactive")}
                </td>
                <td className="row-actions">
                  <RowForm id={a.id}>
                    <RowButton id={a.id} intent={a.active ? "deactivate" : "reactivate"} primary={!a.active} who={a.name}>
                      {a.active ? t("office.agents.deactivate") : t("office.agents.reactivate")}
                    </RowButton>
                    <RowButton id={a.id} intent="password-link" who={t("office.agents.forName", { name: a.name })}>
                      {t("office.agents.newLink")}
                    </RowButton>
                  </RowForm>
                </td>
              </tr>
            ))}
          </StackTable>
          <Pages page={result.page} pages={result.pages} total={result.total} noun="agent" url={url} />
        </>
      )}
    </section>
  );
}
