import { type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { isolate } from "../../../lib/bidi";
import { clientLanguageLabels } from "../../../lib/client-fields";
import { formatMoney } from "../../../lib/money";
import { appLink } from "../../components/ui/app-link";
import { asWritten, FilterSelects } from "../../components/ui/filter-select";
import { pageOf, Pages } from "../../components/ui/pages";
import { ZoneNote } from "../../components/ui/zone-note";
import { ForClient } from "../../components/workspace/for-client";
import { apiLoaderError } from "../../lib/api.server";
import { requireAccount } from "../../lib/auth.server";
import { useChosenClient, withClient } from "../../lib/chosen-client";
import { chosenClient } from "../../lib/chosen-client.server";
import { dayLabel, timeLabel } from "../../lib/dates";
import { endpoints } from "../../lib/endpoints.server";
import { isLang, orErrorTitle, queryOf, titleMeta, Trans, useTranslation } from "../../lib/every-page";
import { workspaceT } from "../../lib/i18n.server";

export const meta = orErrorTitle(titleMeta<typeof loader>("Mentors"));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, person: agent } = await requireAccount(request, context, ["agent"]);
  const url = new URL(request.url);
  const asked = url.searchParams.get("language");
  const forClient = await chosenClient(api, request).catch((e) => apiLoaderError(e, request, context));
  // Chosen for a client, the list starts with the mentors who speak the client's language (the agent can widen it:
  // an empty ?language= is "any"); when none does, it shows them all and says so.
  const clientLanguage = forClient && asked === null ? languageNameOf(forClient.language) : null;
  const filter = {
    expertise: (url.searchParams.get("expertise") ?? "").slice(0, 100),
    language: (asked ?? clientLanguage ?? "").slice(0, 100),
  };
  // One page of the directory: the API works out the next free slot for this page's mentors only.
  const directoryOf = (language: string) =>
    api
      .call(endpoints.mentorDirectory, { query: { ...filter, language, page: pageOf(url) } })
      .catch((e) => apiLoaderError(e, request, context));
  let directory = await directoryOf(filter.language);
  let narrowed: { language: string; none?: true } | null = clientLanguage ? { language: clientLanguage } : null;
  if (clientLanguage && directory.total === 0) {
    directory = await directoryOf("");
    filter.language = "";
    narrowed = { language: clientLanguage, none: true };
  }
  // The cards carry what they show: not a mentor's bio, zone or country code, which their own page gives.
  const items = directory.items.map(
    ({ id, name, title, photo_url, expertise, languages, country_name, rate_minor, currency, next_free }) => ({
      id,
      name,
      title,
      photo_url,
      expertise,
      languages,
      country_name,
      rate_minor,
      currency,
      next_free,
    }),
  );
  return {
    directory: { ...directory, items },
    filter,
    narrowed,
    timeZone: agent.time_zone,
    forClient,
    title: workspaceT("work.mentors.title"),
  };
}

/** A client's language as the mentors' lists name it ("ar": "Arabic"). */
function languageNameOf(code: string): string | null {
  return isLang(code) ? clientLanguageLabels[code].replace(/ \(.*\)$/, "") : null;
}

function initials(name: string) {
  return name
    .split(/\s+/)
    .map((p) => p[0])
    .slice(0, 2)
    .join("")
    .toUpperCase();
}

export default function Mentors() {
  const client = useChosenClient();
  const { directory, filter, narrowed, timeZone, forClient } = useLoaderData<typeof loader>();
  const { items: mentors, expertise, languages } = directory;
  const { t } = useTranslation();
  const [expertiseIs, languagesAre, nextFree] = [
    t("work.mentors.expertiseIs"),
    t("work.mentors.languagesAre"),
    t("work.mentors.nextFree"),
  ];
  return (
    <section className="container page">
      <p className="eyebrow">{t("work.mentors.eyebrow")}</p>
      <h1>{t("work.mentors.heading")}</h1>
      <ForClient client={forClient} what={t("work.mentors.choosing")} />
      {narrowed && forClient ? (
        <p className="notice" data-testid="client-language">
          {narrowed.none ? (
            t("work.mentors.noneSpeak", { name: isolate(forClient.name), language: narrowed.language })
          ) : (
            <Trans
              i18nKey="work.mentors.speaking"
              values={{ name: isolate(forClient.name), language: narrowed.language }}
              components={{ all: <Link to={`/mentors?${new URLSearchParams({ client, language: "" })}`} /> }}
            />
          )}
        </p>
      ) : null}
      <ZoneNote own={timeZone} />
      <Form method="get" className="filter-form" role="search">
        <FilterSelects
          values={filter}
          filters={[
            {
              name: "expertise",
              label: t("work.mentors.expertise"),
              any: t("work.mentors.anyExpertise"),
              options: asWritten(expertise),
            },
            {
              name: "language",
              label: t("work.mentors.language"),
              any: t("work.mentors.anyLanguage"),
              options: asWritten(languages),
            },
          ]}
        />
        {client ? <input type="hidden" name="client" value={client} /> : null}
        <div className="filter-form__actions">
          <button type="submit" className="button button--ghost">
            {t("work.mentors.filter")}
          </button>
          {filter.expertise || filter.language ? (
            <Link to={client ? `/mentors?${new URLSearchParams({ client, language: "" })}` : "/mentors"}>
              {t("work.mentors.clear")}
            </Link>
          ) : null}
        </div>
      </Form>
      {mentors.length === 0 ? (
        <p className="empty-state">{t("work.mentors.none")}</p>
      ) : (
        <ul className="cards list-reset">
          {/* Plain anchors, 48 of them: the root's one listener navigates in the app (components/app-link.tsx). */}
          {mentors.map((m) => (
            <li key={m.id} className="card mentor-card">
              <div className="avatar" aria-hidden="true">
                {m.photo_url ? <img src={m.photo_url} alt="" /> : initials(m.name)}
              </div>
              <h2 className="card__title">
                <a {...appLink(withClient(`/mentors/${m.id}`, client))}>{m.name}</a>
              </h2>
              <p className="muted">{m.title}</p>
              {/* The cards' headings are said once for the page (a Trans in each card parsed them again). */}
              <p>
                <strong>{expertiseIs}</strong> {m.expertise.join(", ")}
              </p>
              <p>
                <strong>{languagesAre}</strong> {m.languages.join(", ")}
              </p>
              <p>
                {m.country_name} · {t("work.mentors.rate", { amount: formatMoney(m.rate_minor, m.currency) })}
              </p>
              <p data-testid="next-free">
                <strong>{nextFree}</strong>{" "}
                {m.next_free ? (
                  <a {...appLink(withClient(`/mentors/${m.id}/book?${new URLSearchParams({ start: m.next_free })}`, client))}>
                    <span className="visually-hidden">{t("work.mentors.bookName", { name: m.name })} </span>
                    {dayLabel(m.next_free, timeZone)}, {timeLabel(m.next_free, timeZone)}
                  </a>
                ) : (
                  t("work.mentors.noneSoon")
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
      {directory.pages > 1 ? (
        <Pages
          page={directory.page}
          pages={directory.pages}
          total={directory.total}
          noun="mentor"
          url={(page) =>
            // "Any language" chosen for a client is said outright (an empty language), or page 2 would narrow again.
            `${queryOf({ ...filter, client, page: String(page) })}${client && !filter.language ? "&language=" : ""}`
          }
        />
      ) : null}
    </section>
  );
}

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../lib/every-page";
