import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { RelocationInput } from "../../../../lib/contract";
import { OfficeFormPage } from "../../../components/office/page";
import { RelocationForm } from "../../../components/office/relocation-form";
import { apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { endpoints } from "../../../lib/endpoints.server";
import { titleMeta, useTranslation } from "../../../lib/every-page";
import type { FormFailure } from "../../../lib/forms.server";
import { workspaceT } from "../../../lib/i18n.server";
import { saveRelocationForm } from "../../../lib/office-catalogue.server";

export const meta = titleMeta<typeof loader>("Add a relocation package · Back office");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const countries = await api.call(endpoints.officeCountries).catch((e) => apiLoaderError(e, request, context));
  return { countries, title: workspaceT("office.catalogue.addRelocationTitle") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  return saveRelocationForm(
    request,
    context,
    (body) => api.call(endpoints.createRelocation, { body: body as RelocationInput }),
    "added (published)",
  );
}

export default function NewRelocation() {
  const { countries } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const { t } = useTranslation();
  return (
    <OfficeFormPage
      back={{ to: "/office/relocations", label: t("office.catalogue.relocations") }}
      title={t("office.catalogue.addRelocation")}
      toast={failure?.toast}
    >
      <RelocationForm countries={countries} failure={failure} submitLabel={t("office.catalogue.addThePackage")} />
    </OfficeFormPage>
  );
}
