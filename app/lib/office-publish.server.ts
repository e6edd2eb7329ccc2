import type { AppLoadContext } from "@remix-run/node";
/** The Publish / Unpublish action of a catalogue list (jobs, relocation packages, service plans). */
import { apiRedirectError } from "./api.server.js";
import { rowIntent } from "./schemas.server.js";
import { checkForm, readForm } from "./security.server.js";
import { redirectWithToast } from "./toast.server.js";

export async function publishAction(
  request: Request,
  context: AppLoadContext,
  set: (id: number, published: boolean) => Promise<{ published: boolean; in_carts: number; name: string }>,
  back: string,
) {
  const formData = await readForm(request);
  await checkForm(formData, request);
  const intent = String(formData.get("intent") ?? "");
  if (intent !== "publish" && intent !== "unpublish") throw new Response("Unknown action.", { status: 400 });
  const parsed = rowIntent(intent).safeParse({ intent, id: formData.get("id") });
  if (!parsed.success) throw new Response("Unknown action.", { status: 400 });
  try {
    const item = await set(parsed.data.id, intent === "publish");
    const carts = item.in_carts
      ? `, and the ${item.in_carts} cart${item.in_carts === 1 ? "" : "s"} holding it cannot pay until it is removed`
      : "";
    const message = item.published
      ? `${item.name} is published: agents see it.`
      : `${item.name} is unpublished: agents no longer see it${carts}.`;
    return await redirectWithToast(request, context, back, { type: "success", message });
  } catch (error) {
    return apiRedirectError(error, request, context, back);
  }
}
