import { Form, Link } from "@remix-run/react";
import type { Country } from "../../../lib/contract";
import { useChosenClient } from "../../lib/chosen-client";
import { useTranslation } from "../../lib/page-words";
import { FilterSelect } from "../ui/filter-select";

/** A GET form: works without JavaScript, and the filter is in the address (shareable, back-button safe). */
export function CatalogueFilter({
  countries,
  country,
  q,
  withSearch,
  clearTo,
}: {
  countries: Country[];
  country: string;
  q?: string;
  withSearch?: boolean;
  clearTo: string;
}) {
  const client = useChosenClient();
  const { t } = useTranslation();
  return (
    <Form method="get" className="filter-form" role="search">
      {client ? <input type="hidden" name="client" value={client} /> : null}
      <FilterSelect
        id="filter-country"
        label={t("work.filter.country")}
        name="country"
        value={country}
        any={t("work.filter.allCountries")}
        options={countries.map((c) => ({ value: c.code, label: c.name }))}
      />
      {withSearch ? (
        <div className="field">
          <label htmlFor="filter-q">{t("work.filter.search")}</label>
          <input
            id="filter-q"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={100}
            placeholder={t("work.filter.searchHint")}
          />
        </div>
      ) : null}
      <div className="filter-form__actions">
        <button type="submit" className="button button--ghost">
          {t("work.filter.filter")}
        </button>
        {country || q ? <Link to={clearTo}>{t("work.filter.clear")}</Link> : null}
      </div>
    </Form>
  );
}

/** Reads ?country=XX&q=… leniently: a malformed value is dropped rather than refused. */
export function readFilter(request: Request) {
  const url = new URL(request.url);
  const country = (url.searchParams.get("country") ?? "").toUpperCase();
  return {
    country: /^[A-Z]{2}$/.test(country) ? country : "",
    q: (url.searchParams.get("q") ?? "").trim().slice(0, 100),
  };
}
