import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FormError, SelectField } from "../components/form";
import { Toast } from "../components/toasts";
import { apiActionError, type FormFailure } from "../lib/api.server";
import { requireAgent } from "../lib/auth.server";
import { sessionOf } from "../lib/context.server";
import { formatDateTime } from "../lib/dates";
import { textFields, validateForm } from "../lib/forms.server";
import { hasControlCharacters, safeRedirectPath } from "../lib/paths";
import { agentSettingsBody } from "../lib/schemas.server";
import { checkForm, readForm } from "../lib/security.server";
import { redirectWithToast } from "../lib/toast.server";
import { zoneChoices } from "../lib/zones.server";

export const meta: MetaFunction = () => [{ title: "Your account · Waypoint Consultancy" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { agent } = await requireAgent(request, context);
  return json({ agent, zones: zoneChoices(agent.time_zone), now: new Date().toISOString() });
}

/** Saves the agent's zone, from this page or from the picker on any page that shows times (then back there). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api, agent } = await requireAgent(request, context);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const values = textFields(formData, ["time_zone"]);
  const back = formData.get("redirectTo");
  const redirectTo = typeof back === "string" && !hasControlCharacters(back) ? safeRedirectPath(back, "/account") : "/account";
  const { data, failure } = validateForm(agentSettingsBody, values);
  if (failure) return failure;
  try {
    const saved = await api.saveSettings(data);
    const session = await sessionOf(context, request);
    session.set("agent", { ...agent, ...saved });
    return await redirectWithToast(
      request,
      redirectTo,
      { type: "success", message: `Times are now shown in ${saved.time_zone}.` },
      {},
      session,
    );
  } catch (error) {
    return apiActionError(error, request, values);
  }
}

export default function Account() {
  const { agent, zones, now } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="container page narrow">
      <p className="eyebrow">Your account</p>
      <h1>{agent.name}</h1>
      <dl className="details">
        <dt>Email</dt>
        <dd>{agent.email}</dd>
        <dt>Time zone</dt>
        <dd>
          {agent.time_zone} (now {formatDateTime(now, agent.time_zone)})
        </dd>
      </dl>
      <h2>Time zone</h2>
      <p className="muted">Every time the portal shows (sessions, holds, orders) is in this zone.</p>
      <Form method="post" className="form" noValidate key={failure ? "failed" : agent.time_zone}>
        <AuthenticityTokenInput />
        <FormError message={failure?.formError} />
        <SelectField
          label="Your time zone"
          name="time_zone"
          defaultValue={failure?.values?.time_zone ?? agent.time_zone}
          options={zones.map((z) => ({ value: z, label: z.replaceAll("_", " ") }))}
          errors={failure?.fieldErrors?.time_zone}
          autoFocusOnError
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? "Saving…" : "Save time zone"}
        </button>
      </Form>
      <Toast toast={failure?.toast} />
    </section>
  );
}
