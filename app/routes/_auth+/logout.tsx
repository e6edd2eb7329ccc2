import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { signOut } from "../../lib/auth.server";
import { checkForm, readForm } from "../../lib/security.server";

export async function loader() {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  await checkForm(await readForm(request), request);
  return signOut(request, context);
}
