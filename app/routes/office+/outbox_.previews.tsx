/**
 * Every kind of e-mail, in every language, as the firm sends it (issue 42): a list by kind and reader, and the chosen
 * one framed at a phone's 375 px and a mail client's 640 px, with its plain-text part.
 */
import { type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { OfficeHead } from "../../components/office/page";
import { apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { endpoints } from "../../lib/endpoints.server";
import { isLang, languageNames, languages, titleMeta, useTranslation } from "../../lib/every-page";
import { workspaceT } from "../../lib/i18n.server";

export const meta = titleMeta<typeof loader>("E-mail previews · Back office");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAccount(request, context, ["staff"]);
  const url = new URL(request.url);
  const asked = url.searchParams.get("lang") ?? "en";
  const lang = isLang(asked) ? asked : "en";
  const askedN = Math.max(0, Number(url.searchParams.get("n") ?? "0") || 0);
  // The words of every one, for the list; the page frames the chosen one's HTML (its own route draws it).
  const previews = await api
    .call(endpoints.officeMailPreviews, { query: { lang } })
    .catch((e) => apiLoaderError(e, request, context));
  const n = Math.min(askedN, previews.length - 1);
  const chosen = previews[n]!;
  return {
    lang,
    n,
    list: previews.map(({ n, kind, reader, subject }) => ({ n, kind, reader, subject })),
    chosen: { subject: chosen.subject, text: chosen.text, kind: chosen.kind, reader: chosen.reader },
    title: workspaceT("office.outbox.previewsTitle"),
  };
}

export default function MailPreviews() {
  const { lang, n, list, chosen } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const src = `/office/outbox/preview?lang=${lang}&n=${n}`;
  return (
    <section className="container page">
      <OfficeHead title={t("office.outbox.previewsHeading")} />
      <p className="muted">{t("office.outbox.previewsIntro")}</p>
      <nav className="pagination" aria-label={t("office.outbox.previewsLanguages")}>
        {languages.map((l) =>
          l === lang ? (
            <strong key={l} lang={l}>
              {languageNames[l]}
            </strong>
          ) : (
            <Link key={l} to={`?lang=${l}&n=0`} lang={l}>
              {languageNames[l]}
            </Link>
          ),
        )}
      </nav>
      <div className="section">
        <ol className="list-reset order-lines" data-testid="previews">
          {list.map((p) => (
            <li key={p.n}>
              <Link to={`?lang=${lang}&n=${p.n}`} aria-current={p.n === n ? "true" : undefined}>
                {t(`office.outbox.kinds.${p.kind.replaceAll(".", "_")}`)}
              </Link>{" "}
              <span className="muted">
                · {t(`office.outbox.readers.${p.reader}`)} · <bdi>{p.subject}</bdi>
              </span>
            </li>
          ))}
        </ol>
        <div>
          <h2>
            <bdi>{chosen.subject}</bdi>
          </h2>
          <div className="table-wrap mail-previews" tabIndex={0} role="region" aria-label={t("office.outbox.previewsFrames")}>
            <iframe title={t("office.outbox.atPhone")} src={src} width={375} height={640} className="mail-preview" />
            <iframe title={t("office.outbox.atDesk")} src={src} width={640} height={640} className="mail-preview" />
          </div>
          <h3>{t("office.outbox.plainText")}</h3>
          <pre className="mail-text" data-testid="plain-text">
            {chosen.text}
          </pre>
        </div>
      </div>
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../lib/every-page";
