import { type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { requireStaff } from "../lib/auth.server";

/** The back office: staff only (an agent gets "Not found", a visitor the sign-in page). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { staff } = await requireStaff(request, context);
  return { staff };
}

export default function Office() {
  return <Outlet />;
}
