/**
 * Changing one's time zone from a page that shows times (the link in its zone note), then back to that page. The
 * pages carry a link instead of the picker itself: some 420 zones in every such page cost a quarter of its CPU.
 */
import { type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError } from "../../components/ui/fields";
import { useSchemaForm } from "../../components/ui/form";
import { ZoneField } from "../../components/ui/place-fields";
import { apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { ownAccount } from "../../lib/endpoints.server";
import { AuthenticityTokenInput, backPath, titleMeta, useTranslation } from "../../lib/every-page";
import { workspaceT } from "../../lib/i18n.server";
import { zoneChoices } from "../../lib/zones.server";

export const meta = titleMeta<typeof loader>("Your time zone");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, kind } = await requireAccount(request, context, ["agent", "staff", "mentor"]);
  // The account itself, as /account reads it: an API that cannot answer makes this page "Server busy" too.
  const account = await api.call(ownAccount[kind].read).catch((e) => apiLoaderError(e, request, context));
  const back = backPath(new URL(request.url).searchParams.get("back"), "/account");
  return { own: account.time_zone, zones: zoneChoices(account.time_zone), back, title: workspaceT("work.zonePage.title") };
}

/** The account action's schema for the zone alone, checked in the browser too (fetched on the form's first focus). */
const zoneCheck = {
  schema: () => import("../../../lib/contract/account").then((m) => m.agentSettingsBody),
  fields: ["time_zone"],
};

export default function ChangeZone() {
  const { own, zones, back } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation();
  // Refused in the browser, the zone is said here; refused by the server, on the account page the form posts to.
  const form = useSchemaForm(undefined, { order: ["time_zone"], check: zoneCheck });
  return (
    <section className="container page narrow">
      <h1>{t("work.zonePage.heading")}</h1>
      <p className="muted">{t("work.zonePage.note", { zone: own })}</p>
      <Form method="post" action="/account" className="form" {...form.props}>
        <AuthenticityTokenInput />
        <FormError message={form.formError} />
        <input type="hidden" name="redirectTo" value={back} />
        <ZoneField zones={zones} label={t("work.zonePage.label")} {...form.field("time_zone", own)} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t("work.zonePage.saving") : t("work.zonePage.save")}
        </button>
        <Link to={back} className="button button--ghost">
          {t("work.zonePage.back")}
        </Link>
      </Form>
    </section>
  );
}
