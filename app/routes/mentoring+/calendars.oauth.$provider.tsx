import { type LoaderFunctionArgs } from "@remix-run/node";
import { ApiCallError, apiLoaderError, apiRedirectError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { endpoints } from "../../lib/endpoints.server";
import { workspaceT } from "../../lib/i18n.server";
import { redirectWithToast } from "../../lib/toast.server";

/**
 * Where Google or Microsoft sends the mentor back after they signed in (issue 69): the code and state it brings are
 * handed to the API, which makes (or mends) the connection; the mentor lands on their calendars with what happened.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["mentor"]);
  // Which service is the API's to check (an unknown one is refused there, and said on the calendars page).
  const provider = String(params.provider) as "google" | "microsoft";
  const query = new URL(request.url).searchParams;
  const back = (type: "success" | "error", message: string) =>
    redirectWithToast(request, context, "/mentoring/calendars", { type, message });
  const code = query.get("code");
  const state = query.get("state");
  if (!code || !state) return back("error", workspaceT("mentoring.calendars.oauthDenied"));
  try {
    await api.call(endpoints.finishCalendarOAuth, { params: { provider }, body: { code, state } });
    return await back("success", workspaceT("mentoring.calendars.connected"));
  } catch (error) {
    // The API unreachable: "Server busy" (503) as on every page; the code is still good to try again with.
    if (error instanceof ApiCallError && error.unavailable) return apiLoaderError(error, request, context);
    return apiRedirectError(error, request, context, "/mentoring/calendars");
  }
}
