import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { PackInput } from "../../../../lib/contract";
import { PackForm } from "../../../components/office/pack-form";
import { OfficeFormPage } from "../../../components/office/page";
import { apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { endpoints } from "../../../lib/endpoints.server";
import { titleMeta, useTranslation } from "../../../lib/every-page";
import type { FormFailure } from "../../../lib/forms.server";
import { workspaceT } from "../../../lib/i18n.server";
import { savePackForm } from "../../../lib/office-catalogue.server";

export const meta = titleMeta<typeof loader>("Add a session pack · Back office");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const mentors = await api.call(endpoints.officeMentors).catch((e) => apiLoaderError(e, request, context));
  return {
    mentors: mentors.map((m) => ({ id: m.id, name: m.name, active: m.active })),
    title: workspaceT("office.packs.addTitle"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  return savePackForm(
    request,
    context,
    (body) => api.call(endpoints.createPack, { body: body as PackInput }),
    "added (unpublished)",
  );
}

export default function NewSessionPack() {
  const { mentors } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const { t } = useTranslation();
  return (
    <OfficeFormPage
      back={{ to: "/office/session-packs", label: t("office.packs.heading") }}
      title={t("office.packs.add")}
      toast={failure?.toast}
    >
      <PackForm mentors={mentors} failure={failure} submitLabel={t("office.packs.addThe")} />
    </OfficeFormPage>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../../lib/every-page";
