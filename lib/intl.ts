/**
 * Time zones, dates and money formatted through Intl, shared by the API, the portal's server and the browser.
 *
 * Building an Intl formatter costs far more than using one (a mentor's week of slots needs a few hundred labels,
 * a catalogue page dozens of prices), so formatters are made once per locale and options and kept; so is the
 * answer to "is this a zone?". The caches are bounded: zones and currencies can come from visitors' input.
 */
const MAX_CACHED = 500;

/** A value kept in `cache` under `key`, made on first use; the oldest dropped past MAX_CACHED (keys can come from input). */
export function remember<V>(cache: Map<string, V>, key: string, make: () => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    cache.set(key, value);
  }
  return value;
}

const zones = new Map<string, boolean>();

/** Whether `tz` is an IANA time zone this runtime knows ("Europe/London", "UTC"). */
export function isTimeZone(tz: string | null | undefined): tz is string {
  if (!tz || tz.length > 64) return false;
  return remember(zones, tz, () => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  });
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per locale, options and zone, made on first use. Throws for an unknown zone, as Intl does. */
export function dateFormatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  return remember(formatters, key, () => new Intl.DateTimeFormat(locale, options));
}

/**
 * The formatters of one set of options, for the calls a page makes by the dozen (a list's times, each slot's day, a
 * mentor's first free day): found by locale and zone alone, where `dateFormatter` writes its options out as a key on
 * every call. Throws for an unknown zone, as Intl does.
 */
export function zonedDates(options: Omit<Intl.DateTimeFormatOptions, "timeZone">) {
  const made = new Map<string, Intl.DateTimeFormat>();
  return (locale: string, timeZone: string): Intl.DateTimeFormat =>
    remember(made, `${locale}|${timeZone}`, () => new Intl.DateTimeFormat(locale, { ...options, timeZone }));
}

const numberFormatters = new Map<string, Intl.NumberFormat>();

/** One number formatter per locale and options, made on first use. Throws for an unknown currency, as Intl does. */
export function numberFormatter(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return remember(numberFormatters, `${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}
