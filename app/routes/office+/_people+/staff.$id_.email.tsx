import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { EmailChangeScreen } from "../../../components/office/email-change";
import { emailChangeAction, emailChangeLoader } from "../../../lib/email-change.server";
import { companyOf } from "../../../lib/every-page";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data ? `${data.title} · ${companyOf(matches)}` : "Not found" },
];

export const loader = (args: LoaderFunctionArgs) => emailChangeLoader("staff", args);
export const action = (args: ActionFunctionArgs) => emailChangeAction("staff", args);

export default EmailChangeScreen;
