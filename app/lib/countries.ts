import type { Country } from "../../lib/contract";

/** A country's name from the list, or the code itself when it is not in the list. */
export function countryName(countries: Country[], code: string | null | undefined): string {
  if (!code) return "—";
  return countries.find((c) => c.code === code)?.name ?? code;
}
