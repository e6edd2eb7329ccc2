/**
 * The loader and action of an agent's page that lists what was sent to one client and sends another (their
 * agreements, their questionnaires): the client's name and whether they are archived beside the list, and a
 * one-field form that sends, then comes back to the page with a toast.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { ZodType, ZodTypeDef } from "zod";
import { apiLoaderError, type ApiClient } from "./api.server";
import { requireAccount } from "./auth.server";
import { endpoints } from "./endpoints.server";
import { formAction } from "./form-action.server";
import { workspaceT } from "./i18n.server";
import { routeId } from "./params";
import { redirectWithToast } from "./toast.server";

export async function loadClientSends<T>(
  { request, params, context }: LoaderFunctionArgs,
  list: (api: ApiClient, clientId: number) => Promise<T>,
  titleKey: string,
) {
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
  const clientId = routeId(params.id);
  const [view, items] = await Promise.all([api.call(endpoints.viewClient, { params: { clientId } }), list(api, clientId)]).catch(
    (e) => apiLoaderError(e, request, context),
  );
  const name = `${view.client.first_name} ${view.client.last_name}`;
  return {
    client: { id: clientId, name, archived: Boolean(view.client.archived_at) },
    list: items,
    timeZone: agent.time_zone,
    title: workspaceT(titleKey, { name }),
  };
}

/** Sends what the form names (through `formAction`); `send` answers the toast's words. Back to `/clients/<id>/<page>`. */
export function sendToClient<T>(
  args: ActionFunctionArgs,
  form: { field: string; more?: string[]; schema: ZodType<T, ZodTypeDef, unknown>; page: string },
  send: (api: ApiClient, clientId: number, body: T) => Promise<string>,
) {
  return formAction(
    args,
    ["agent"],
    { fields: [form.field, ...(form.more ?? [])], schema: form.schema },
    async ({ api }, body) => {
      const clientId = routeId(args.params.id);
      const message = await send(api, clientId, body);
      return redirectWithToast(args.request, args.context, `/clients/${clientId}/${form.page}`, { type: "success", message });
    },
  );
}
