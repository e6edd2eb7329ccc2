import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PasswordLinkNotice } from "../../../components/office/password-link-notice";
import { FormError } from "../../../components/ui/fields";
import { useSchemaForm } from "../../../components/ui/form";
import { apiActionError, apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { endpoints } from "../../../lib/endpoints.server";
import { AuthenticityTokenInput, companyOf, Trans, useTranslation } from "../../../lib/every-page";
import type { FormFailure } from "../../../lib/forms.server";
import { workspaceT } from "../../../lib/i18n.server";
import { routeId } from "../../../lib/params";
import { checkForm, readForm } from "../../../lib/security.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => [
  { title: loaded ? `${loaded.title} · ${companyOf(matches)}` : "Mentor not found" },
];

/** Inviting a mentor to sign in: a one-time set-password link, e-mailed to them and shown here once. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const mentor = await api
    .call(endpoints.officeMentor, { params: { id: routeId(params.id) } })
    .catch((e) => apiLoaderError(e, request, context));
  return {
    mentor: { id: mentor.id, name: mentor.name, email: mentor.email, active: mentor.active, signed_up: mentor.signed_up },
    title: workspaceT("office.common.inviteTitle", { name: mentor.name }),
  };
}

type Sent = { link: { url: string; expires_at: string } };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const formData = await readForm(request);
  await checkForm(formData, request);
  try {
    const link = await api.call(endpoints.mentorPasswordLink, { params: { id: routeId(params.id) } });
    return data<Sent>({ link: { url: link.password_link, expires_at: link.link_expires_at } });
  } catch (error) {
    return apiActionError(error, request, context, {});
  }
}

export default function InviteMentor() {
  const { mentor } = useLoaderData<typeof loader>();
  const answer = useActionData<Sent & FormFailure>();
  const form = useSchemaForm(answer);
  const busy = useNavigation().state === "submitting";
  const back = `/office/mentors/${mentor.id}`;
  const { t } = useTranslation();
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to={back}>{mentor.name}</Link>
      </p>
      <h1>{t("office.mentor.inviteHeading", { name: mentor.name })}</h1>
      {answer?.link ? <PasswordLinkNotice to={mentor} link={answer.link} replaces /> : null}
      <FormError message={form.formError} />
      {!mentor.email ? (
        <p>
          <Trans i18nKey="office.mentor.noAddress" values={{ name: mentor.name }} components={{ go: <Link to={back} /> }} />
        </p>
      ) : !mentor.active ? (
        <p>
          <Trans i18nKey="office.mentor.inactive" values={{ name: mentor.name }} components={{ go: <Link to={back} /> }} />
        </p>
      ) : answer?.link ? null : (
        <Form method="post" className="form" {...form.props}>
          <AuthenticityTokenInput />
          <p>
            {mentor.signed_up
              ? t("office.mentor.hasPassword", { name: mentor.name })
              : t("office.mentor.willReceive", { name: mentor.name, email: mentor.email })}
          </p>
          <p className="form__actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {mentor.signed_up ? t("office.mentor.sendNew") : t("office.mentor.sendInvite")}
            </button>
            <Link to={back} className="button button--ghost">
              {t("office.mentor.cancel")}
            </Link>
          </p>
        </Form>
      )}
    </section>
  );
}
