import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { RelocationInput } from "../../../../lib/contract";
import { OfficeFormPage } from "../../../components/office/page";
import { RelocationForm } from "../../../components/office/relocation-form";
import { apiLoaderError } from "../../../lib/api.server";
import { requireAccount } from "../../../lib/auth.server";
import { endpoints } from "../../../lib/endpoints.server";
import { companyOf, useTranslation } from "../../../lib/every-page";
import type { FormFailure } from "../../../lib/forms.server";
import { workspaceT } from "../../../lib/i18n.server";
import { saveRelocationForm } from "../../../lib/office-catalogue.server";
import { routeId } from "../../../lib/params";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data ? `${data.title} · ${companyOf(matches)}` : "Package not found" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const [pkg, countries] = await Promise.all([
    api.call(endpoints.officeRelocation, { params: { id: routeId(params.id) } }),
    api.call(endpoints.officeCountries),
  ]).catch((e) => apiLoaderError(e, request, context));
  return { pkg, countries, title: workspaceT("office.common.pageTitle", { name: pkg.title }) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const id = routeId(params.id);
  return saveRelocationForm(
    request,
    context,
    (body) => api.call(endpoints.editRelocation, { params: { id }, body: body as RelocationInput }),
    "saved",
  );
}

export default function EditRelocation() {
  const { pkg, countries } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const { t } = useTranslation();
  return (
    <OfficeFormPage
      back={{ to: "/office/relocations", label: t("office.catalogue.relocations") }}
      title={pkg.title}
      note={`${pkg.published ? t("office.catalogue.publishedDot") : t("office.catalogue.unpublishedDot")} ${t("office.catalogue.priceNote")}`}
      toast={failure?.toast}
    >
      <RelocationForm pkg={pkg} countries={countries} failure={failure} submitLabel={t("office.catalogue.savePackage")} />
    </OfficeFormPage>
  );
}
