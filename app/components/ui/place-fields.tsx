/**
 * Where a form's person is: a country chosen by name and a time zone found by city or country. Apart from the plain
 * fields (./fields.tsx) because only the account, client, mentor and settings forms ask for them, and the zone
 * picker is the largest field there is.
 */
import { useEffect, useRef, useState, type InputHTMLAttributes } from "react";
import { useTranslation } from "../../lib/page-words";
import { Field, SelectField, type Common } from "./fields";

/** A country chosen in a form, with its name as the form shows it (for a hint), or null. */
export function countryOf(countries: Array<{ code: string; name: string }>, code: string | undefined) {
  const found = code ? countries.find((c) => c.code === code) : undefined;
  return found ? { code: found.code, name: found.name } : null;
}

/** A choice of country, by name. */
export function CountryField({
  countries,
  label,
  placeholder,
  ...props
}: Omit<Parameters<typeof SelectField>[0], "options" | "label"> & {
  countries: Array<{ code: string; name: string }>;
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={label ?? t("work.fields.country")}
      placeholder={placeholder ?? t("work.fields.chooseCountry")}
      options={countries.map((c) => ({ value: c.code, label: c.name }))}
      {...props}
    />
  );
}

/** A zone a picker offers: its IANA name, the countries that keep its time (codes, and their names as read). */
export type ZoneChoice = { id: string; label: string; countries: string[] };

/**
 * A choice of time zone that can be searched: a text box with the zones as suggestions (a datalist, so it works
 * with scripts off too), where typing a city ("Lisbon") or a country ("Ghana") finds the zone. The zones of
 * `country` come first and are named in the hint; with scripts on, a country picked in the same form (its field
 * named `countryField`) suggests its zones at once.
 */
export function ZoneField({
  zones,
  label,
  hint,
  country,
  countryField,
  ...props
}: Omit<Common & InputHTMLAttributes<HTMLInputElement>, "label" | "list"> & {
  zones: readonly ZoneChoice[];
  label?: string;
  /** The country whose zones are suggested, as its code and its name shown in the form */
  country?: { code: string; name: string } | null;
  countryField?: string;
}) {
  const { t } = useTranslation();
  const [chosenCountry, setChosenCountry] = useState(country ?? null);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const select = countryField ? inputRef.current?.form?.elements.namedItem(countryField) : null;
    if (!(select instanceof HTMLSelectElement)) return;
    const follow = () =>
      setChosenCountry(select.value ? { code: select.value, name: select.selectedOptions[0]?.text ?? select.value } : null);
    select.addEventListener("change", follow);
    return () => select.removeEventListener("change", follow);
  }, [countryField]);
  const suggested = chosenCountry ? zones.filter((z) => z.countries.includes(chosenCountry.code)) : [];
  const ordered = suggested.length ? [...suggested, ...zones.filter((z) => !suggested.includes(z))] : zones;
  const listId = `${props.id ?? `field-${props.name}`}-zones`;
  const suggestion = suggested.length
    ? t("work.fields.zoneSuggested", { country: chosenCountry!.name, zones: suggested.map((z) => z.id).join(", ") })
    : null;
  return (
    <>
      <Field
        label={label ?? t("work.fields.zone")}
        hint={[hint, suggestion ?? t("work.fields.zoneSearch")].filter(Boolean).join(" ")}
        list={listId}
        autoComplete="off"
        spellCheck={false}
        ref={inputRef}
        {...props}
      />
      <datalist id={listId}>
        {ordered.map((z) => (
          <option key={z.id} value={z.id} label={z.label || undefined} />
        ))}
      </datalist>
    </>
  );
}
