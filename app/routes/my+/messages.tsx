/**
 * The client's conversation with their agent and the firm (issue 39), in the client's language: every message, the
 * agent's read marks on the client's own, and the form to write. Opening it marks what the firm wrote as read.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useMatches } from "@remix-run/react";
import { Conversation } from "../../components/ui/conversation";
import { apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { postMessage, readUpTo } from "../../lib/conversation.server";
import { endpoints } from "../../lib/endpoints.server";
import { asLang, companyOf, orErrorTitle, Toast, useIntlLocale, useTranslation, unlistedTitleMeta } from "../../lib/every-page";
import type { FormFailure } from "../../lib/forms.server";
import { translator } from "../../lib/i18n.server";

export const meta = orErrorTitle(unlistedTitleMeta<typeof loader>("Messages"));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, person } = await requireAccount(request, context, ["client"]);
  const thread = await api.call(endpoints.myThread).catch((e) => apiLoaderError(e, request, context));
  await readUpTo(thread, (through) => api.call(endpoints.myReadThread, { body: { through } }));
  return { thread, timeZone: person.time_zone, title: translator(asLang(person.language))("conversation.title") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAccount(request, context, ["client"]);
  return postMessage(
    request,
    context,
    (body, attachments) => api.call(endpoints.mySendMessage, { body: { body, attachments } }),
    "/my/messages",
    (f) =>
      api.call(endpoints.myMessageAttachment, {
        query: { name: f.name },
        upload: { file: f.file, type: f.type || "application/octet-stream" },
      }),
  );
}

export default function MyMessages() {
  const { thread, timeZone } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const company = companyOf(useMatches());
  return (
    <section className="container page my-page">
      <p className="eyebrow">
        <Link to="/my">{t("my.title")}</Link>
      </p>
      <h1>{t("conversation.heading")}</h1>
      <p className="muted">{t("conversation.intro", { company })}</p>
      <Conversation
        thread={thread}
        timeZone={timeZone}
        locale={locale}
        failure={failure}
        fileHref={(a) => `/my/documents/${a.document_id}/files/${a.file_id}`}
      />
      <Toast toast={failure?.toast} />
    </section>
  );
}

export { ClientAreaErrorBoundary as ErrorBoundary } from "../../lib/every-page";
