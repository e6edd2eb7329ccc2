import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { fieldLimits } from "../../../../lib/client-fields";
import type { NewAgentData } from "../../../../lib/contract";
import { newAgentFields } from "../../../../lib/office-fields";
import { AccountMade, NewAccountForm } from "../../../components/office/new-account";
import { Field } from "../../../components/ui/fields";
import { requireAccount } from "../../../lib/auth.server";
import { endpoints } from "../../../lib/endpoints.server";
import { companyOf, useTranslation } from "../../../lib/every-page";
import { formAction } from "../../../lib/form-action.server";
import { type FormFailure } from "../../../lib/forms.server";
import { workspaceT } from "../../../lib/i18n.server";
import { newAgentBody } from "../../../lib/schemas.server";
import { zoneChoices } from "../../../lib/zones.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: `${data?.title ?? "Add an agent"} · Back office · ${companyOf(matches)}` },
];

const fields = newAgentFields;
/** The action's schema, checked in the browser too (fetched on the form's first focus). */
const agentCheck = { schema: () => import("../../../../lib/contract/office").then((m) => m.newAgentBody), fields };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { person: staff } = await requireAccount(request, context, ["staff"]);
  // An invite starts in the inviter's own zone (most agents work where their office does); any zone can be chosen.
  return { zones: zoneChoices(staff.time_zone), zone: staff.time_zone, title: workspaceT("office.newAccount.agentTitle") };
}

type Created = { created: NewAgentData };

/** Creates the account and shows its one-time set-password link on this page (once). */
export function action(args: ActionFunctionArgs) {
  return formAction(args, ["staff"], { fields, schema: newAgentBody }, async ({ api }, input) =>
    data<Created>(
      { created: await api.call(endpoints.createAgent, { body: { ...input, phone: input.phone ?? undefined } }) },
      { status: 201 },
    ),
  );
}

export default function NewAgent() {
  const { zones, zone } = useLoaderData<typeof loader>();
  const answer = useActionData<FormFailure | Created>();
  const { t } = useTranslation();
  const back = { to: "/office/agents", label: t("office.agents.heading") };
  if (answer && "created" in answer) {
    const { agent, password_link, link_expires_at } = answer.created;
    return (
      <AccountMade
        back={back}
        title={t("office.newAccount.agentMade", { name: agent.name })}
        person={agent}
        link={{ url: password_link, expires_at: link_expires_at }}
      >
        <p className="muted">{t("office.newAccount.newLinkFromList")}</p>
        <p className="form__actions">
          <Link to="/office/agents" className="button button--primary">
            {t("office.newAccount.backToAgents")}
          </Link>
          <Link to="/office/agents/new" reloadDocument className="button button--ghost">
            {t("office.newAccount.addAnother")}
          </Link>
        </p>
      </AccountMade>
    );
  }
  return (
    <NewAccountForm back={back} kind="agent" failure={answer} order={fields} check={agentCheck} zones={zones} zone={zone}>
      {(f) => <Field label={t("office.newAccount.phone")} type="tel" maxLength={fieldLimits.phone} {...f("phone")} />}
    </NewAccountForm>
  );
}
