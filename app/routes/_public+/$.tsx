import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireAccount } from "../../lib/auth.server";
import { companyOf } from "../../lib/every-page";

export const meta: MetaFunction = ({ matches }) => [{ title: `Page not found · ${companyOf(matches)}` }];

// Any other address: a visitor is sent to sign in (spec §2); a signed-in agent gets the 404 page.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccount(request, context, ["agent"]);
  throw new Response("Not found", { status: 404 });
}

export default function NotFound() {
  return null;
}
