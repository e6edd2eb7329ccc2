import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError, SelectField } from "../../../components/ui/fields";
import { useSchemaForm } from "../../../components/ui/form";
import { ApiCallError, apiActionError, apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { endpoints } from "../../../lib/endpoints.server";
import { AuthenticityTokenInput, companyOf, Toast, useTranslation } from "../../../lib/every-page";
import { validateForm, type FormFailure } from "../../../lib/forms.server";
import { workspaceT } from "../../../lib/i18n.server";
import { routeId } from "../../../lib/params";
import { handOverBody } from "../../../lib/schemas.server";
import { checkForm, readForm } from "../../../lib/security.server";
import { redirectWithToast } from "../../../lib/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data ? `${data.title} · ${companyOf(matches)}` : "Agent not found" },
];

/** Handing some or all of an agent's clients to another agent, with their case files. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const id = routeId(params.id);
  return await (async () => {
    const detail = await api.call(endpoints.officeAgentDetail, { params: { id } });
    // Every other active agent, a page at a time (the list answers 25 a page).
    const others: Array<{ id: number; name: string; email: string }> = [];
    for (let page = 1; page <= 40; page++) {
      const result = await api.call(endpoints.officeAgents, { query: { page } });
      others.push(
        ...result.items.filter((a) => a.active && a.id !== id).map((a) => ({ id: a.id, name: a.name, email: a.email })),
      );
      if (page >= result.pages) break;
    }
    return {
      agent: detail.agent,
      clients: detail.clients,
      others,
      title: workspaceT("office.handOver.title", { name: detail.agent.name }),
    };
  })().catch((e) => apiLoaderError(e, request, context));
}

/**
 * Two steps, the same with scripts on or off: the choice (nothing ticked) is checked and read back as a question
 * ("Move 1 client from A to B?"), and only its confirmation moves anyone.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const id = routeId(params.id);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const chosen = formData.getAll("client_id").map(String);
  const values = { to_agent_id: String(formData.get("to_agent_id") ?? ""), client_id: chosen.join(",") };
  // An empty choice is a list of none, which the schema refuses beside the clients (absent would mean all).
  // The clients are a list the form sends as repeated fields: checked as a list, refused beside them.
  const { data: body, failure } = validateForm(handOverBody, values, "en", { input: { ...values, client_ids: chosen } });
  if (failure) return failure;
  try {
    if (formData.get("intent") !== "confirm") {
      // The question names whom and to whom as the office reads them now (a client of another agent's is no choice).
      const detail = await api.call(endpoints.officeAgentDetail, { params: { id } });
      const to = await api.call(endpoints.officeAgentDetail, { params: { id: body.to_agent_id } });
      const clients = detail.clients.filter((c) => body.client_ids?.includes(c.id)).map((c) => ({ id: c.id, name: c.name }));
      if (clients.length !== body.client_ids?.length || !to.agent.active) return apiActionError(gone(), request, context, values);
      return { review: { from: detail.agent.name, to: { id: to.agent.id, name: to.agent.name }, clients }, values };
    }
    const moved = await api.call(endpoints.handOverClients, { params: { id }, body });
    const n = moved.moved.length;
    return await redirectWithToast(request, context, `/office/agents/${body.to_agent_id}`, {
      type: "success",
      message: workspaceT("office.handOver.done", { count: n }),
    });
  } catch (error) {
    return apiActionError(error, request, context, values);
  }
}

/** The choice no longer stands (a client moved or the taker deactivated meanwhile): said as the API would say it. */
function gone() {
  return new ApiCallError(409, "handover.changed", workspaceT("office.handOver.changed"));
}

type Review = { review: { from: string; to: { id: number; name: string }; clients: Array<{ id: number; name: string }> } };

export default function HandOver() {
  const { agent, clients, others } = useLoaderData<typeof loader>();
  const answer = useActionData<FormFailure | (Review & { values: Record<string, string> })>();
  const asked = answer && "review" in answer ? answer : null;
  const review = asked?.review ?? null;
  const failure = answer && !("review" in answer) ? answer : undefined;
  const busy = useNavigation().state === "submitting";
  const form = useSchemaForm(failure, { order: ["to_agent_id", "client_ids"] });
  const f = form.field;
  // What was chosen stays chosen when the choice is refused or changed; nothing is chosen at first.
  const kept = (asked ? asked.values.client_id : form.typed("client_id"))?.split(",") ?? [];
  const clientError = form.errors("client_ids")?.[0];
  const { t } = useTranslation();
  return (
    <section className="container page narrow">
      <p className="eyebrow">
        <Link to={`/office/agents/${agent.id}`}>{agent.name}</Link>
      </p>
      <h1>{t("office.handOver.heading", { name: agent.name })}</h1>
      <p className="muted">{t("office.handOver.intro", { name: agent.name })}</p>
      {review ? (
        <Form method="post" className="notice" key="review" aria-live="polite">
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="to_agent_id" value={review.to.id} />
          {review.clients.map((c) => (
            <input key={c.id} type="hidden" name="client_id" value={c.id} />
          ))}
          <h2>{t("office.handOver.confirm", { count: review.clients.length, from: review.from, to: review.to.name })}</h2>
          <ul>
            {review.clients.map((c) => (
              <li key={c.id}>
                <bdi>{c.name}</bdi>
              </li>
            ))}
          </ul>
          <div className="form__actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? t("office.handOver.handing") : t("office.handOver.yes", { count: review.clients.length })}
            </button>
          </div>
        </Form>
      ) : null}
      {clients.length === 0 ? (
        <p className="empty-state">{t("office.handOver.noClient", { name: agent.name })}</p>
      ) : others.length === 0 ? (
        <p className="empty-state">{t("office.handOver.noOther")}</p>
      ) : (
        <Form method="post" className="form" {...form.props} key={asked ? JSON.stringify(asked.values) : form.key}>
          <AuthenticityTokenInput />
          <FormError message={form.formError} />
          <SelectField
            label={t("office.handOver.toAgent")}
            placeholder={t("office.handOver.chooseAgent")}
            options={others.map((a) => ({ value: String(a.id), label: `${a.name} (${a.email})` }))}
            {...f("to_agent_id")}
          />
          <fieldset
            className={clientError ? "field field--invalid" : "field"}
            aria-describedby={clientError ? "client-ids-error" : undefined}
          >
            <legend>{t("office.handOver.clients", { count: clients.length })}</legend>
            <ul className="list-reset checklist">
              {clients.map((c) => (
                <li key={c.id}>
                  <label>
                    <input type="checkbox" name="client_id" value={c.id} defaultChecked={kept.includes(String(c.id))} />{" "}
                    <bdi>{c.name}</bdi> · {t(`work.clientStatus.${c.status}`)}
                    {c.archived ? ` · ${t("office.handOver.archived")}` : ""}
                  </label>
                </li>
              ))}
            </ul>
            {clientError ? (
              <p className="field__error" id="client-ids-error">
                {clientError}
              </p>
            ) : null}
          </fieldset>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("office.handOver.review")}
          </button>
        </Form>
      )}
      <Toast toast={failure?.toast} />
    </section>
  );
}
