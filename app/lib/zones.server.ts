/**
 * The zones a person may choose from: the current IANA names only (countries-and-timezones: no "Africa/Asmera",
 * "Asia/Calcutta" or "Europe/Kiev", which this runtime's Intl still lists), each with the countries that keep its
 * time, so that typing "Ghana" or "Dubai" in the picker finds it and a country's zones can be suggested first.
 */
import { getAllTimezones } from "countries-and-timezones";
import { isTimeZone } from "../../lib/intl.js";
import type { ZoneChoice } from "../components/ui/place-fields";

const byLocale = new Map<string, ZoneChoice[]>();

function knownZones(locale: string): ZoneChoice[] {
  let zones = byLocale.get(locale);
  if (!zones) {
    const names = new Intl.DisplayNames([locale], { type: "region" });
    const current = Object.values(getAllTimezones()).filter((z) => !z.aliasOf && z.countries.length > 0 && isTimeZone(z.name));
    zones = [
      ...current.map((z): ZoneChoice => {
        const countries = [...z.countries].sort();
        const label = countries.map((c) => names.of(c) ?? c).join(", ");
        return { id: z.name, label, countries };
      }),
      { id: "UTC", label: "UTC", countries: [] },
    ].sort((a, b) => a.id.localeCompare(b.id));
    byLocale.set(locale, zones);
  }
  return zones;
}

/** What a zone picker offers: every current zone, and the person's own first if it is an older name still stored. */
export function zoneChoices(ownZone: string, locale = "en"): ZoneChoice[] {
  const zones = knownZones(locale);
  return zones.some((z) => z.id === ownZone) || !isTimeZone(ownZone)
    ? zones
    : [{ id: ownZone, label: "", countries: [] }, ...zones];
}
