/** Toasts flashed into the session, so they survive the redirect that follows a form post. */
import { redirect, type AppLoadContext } from "@remix-run/node";
import { commitSession, getRequestSession, type PortalSession } from "./session.server.js";
import { makeToast, type ToastType } from "./toast.js";

export async function redirectWithToast(
  request: Request,
  context: AppLoadContext,
  url: string,
  toast: { type: ToastType; message: string },
  init: ResponseInit = {},
  session?: PortalSession,
) {
  const s = session ?? (await getRequestSession(request, context));
  s.flash("toast", makeToast(toast.type, toast.message));
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await commitSession(context, s));
  return redirect(url, { ...init, headers });
}
