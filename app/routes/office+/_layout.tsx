import { type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { requireAccount } from "../../lib/auth.server";

/** The back office: staff only (an agent gets "Not found", a visitor the sign-in page). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { person: staff } = await requireAccount(request, context, ["staff"]);
  return { staff };
}

export default function Office() {
  return <Outlet />;
}

export { OfficeErrorBoundary as ErrorBoundary } from "../../lib/every-page";
