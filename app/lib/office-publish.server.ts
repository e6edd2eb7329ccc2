/**
 * The Publish / Unpublish action of a catalogue list (jobs, relocation packages, service plans, session packs), for
 * staff; back to the list as it was (its search and page kept).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRedirectError, type ApiClient } from "./api.server.js";
import { requireAccount } from "./auth.server.js";
import { rowIntent } from "./schemas.server.js";
import { checkForm, readForm } from "./security.server.js";
import { redirectWithToast } from "./toast.server.js";

type Published = { published: boolean; in_carts: number } & ({ name: string } | { title: string });

export async function publishAction(
  { request, context }: ActionFunctionArgs,
  set: (api: ApiClient, id: number, published: boolean) => Promise<Published>,
) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  const formData = await readForm(request);
  await checkForm(formData, request);
  const intent = String(formData.get("intent") ?? "");
  if (intent !== "publish" && intent !== "unpublish") throw new Response("Unknown action.", { status: 400 });
  const parsed = rowIntent(intent).safeParse({ intent, id: formData.get("id") });
  if (!parsed.success) throw new Response("Unknown action.", { status: 400 });
  try {
    const item = await set(api, parsed.data.id, intent === "publish");
    const name = "name" in item ? item.name : item.title;
    const carts = item.in_carts
      ? `, and the ${item.in_carts} cart${item.in_carts === 1 ? "" : "s"} holding it cannot pay until it is removed`
      : "";
    const message = item.published
      ? `${name} is published: agents see it.`
      : `${name} is unpublished: agents no longer see it${carts}.`;
    return await redirectWithToast(request, context, back, { type: "success", message });
  } catch (error) {
    return apiRedirectError(error, request, context, back);
  }
}
