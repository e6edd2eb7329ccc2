import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { signOut } from "../lib/auth.server";
import { checkForm } from "../lib/security.server";

export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  await checkForm(await request.formData(), request);
  return signOut(request);
}
