/** The zones an agent may choose from: every IANA zone this server knows, and the agent's own if it is not one. */
import { isTimeZone } from "../../lib/intl.js";

let all: string[] | null = null;

function knownZones(): string[] {
  if (!all) {
    const listed = Intl.supportedValuesOf("timeZone").filter((tz) => isTimeZone(tz));
    all = [...new Set([...listed, "UTC"])].sort((a, b) => a.localeCompare(b));
  }
  return all;
}

/** What a page that shows times needs for its zone note and picker: the zone times are in, and the choices. */
export function zoneChoices(ownZone: string): string[] {
  const zones = knownZones();
  return zones.includes(ownZone) ? zones : [ownZone, ...zones];
}
