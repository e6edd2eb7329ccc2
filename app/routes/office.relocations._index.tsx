import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { OfficeHead, PublishButton } from "../components/office";
import { apiLoaderError } from "../lib/api.server";
import { requireStaff } from "../lib/auth.server";
import { endpoints } from "../lib/endpoints.server";
import { formatMoney } from "../lib/money";
import { publishAction } from "../lib/office-publish.server";

export const meta: MetaFunction = () => [{ title: "Relocation packages · Back office · Waypoint Consultancy" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, context);
  return json({ packages: await api.call(endpoints.officeRelocations).catch((e) => apiLoaderError(e, request, context)) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireStaff(request, context);
  return publishAction(
    request,
    context,
    async (id, published) => {
      const p = await api.call(endpoints.setRelocationPublished, { params: { id }, body: { published } });
      return { ...p, name: p.title };
    },
    "/office/relocations",
  );
}

export default function OfficeRelocations() {
  const { packages } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <section className="container page">
      <OfficeHead title="Relocation packages" add={{ to: "/office/relocations/new", label: "Add a package" }} />
      <p className="muted">
        A city&apos;s bundle of services, bought per client. Our relocation plans (support through the move) are under{" "}
        <Link to="/office/plans">Service plans</Link>.
      </p>
      <ul className="list-reset order-lines">
        {packages.map((p) => (
          <li key={p.id} className="card agenda-item" data-testid={`relocation-${p.id}`}>
            <p>
              <Link to={`/office/relocations/${p.id}`}>{p.title}</Link> · {p.city}, {p.country_name} ·{" "}
              {formatMoney(p.price_minor, p.currency)}
            </p>
            <p className="muted">
              {p.published ? "Published" : "Unpublished"}
              {p.in_carts ? ` · in ${p.in_carts} cart${p.in_carts === 1 ? "" : "s"}` : ""}
            </p>
            <PublishButton
              id={p.id}
              published={p.published}
              name={p.title}
              busy={navigation.state === "submitting" && navigation.formData?.get("id") === String(p.id)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
