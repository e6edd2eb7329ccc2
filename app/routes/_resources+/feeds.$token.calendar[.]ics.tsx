/**
 * A private calendar feed (issue 23, point 11), for calendar programs that subscribe to it: no session, no cookie;
 * the long token in the address is the key. An unknown, replaced or deactivated account's token: 404.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { ApiCallError } from "../../lib/api.server";
import { apiFor } from "../../lib/context.server";
import { endpoints } from "../../lib/endpoints.server";
import { SERVER_BUSY } from "../../lib/every-page";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return new Response("No such feed.", { status: 404 });
  try {
    const file = await apiFor(context).call(endpoints.calendarFeed, { params: { token } });
    return new Response(file.bytes as unknown as BodyInit, {
      headers: {
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": 'inline; filename="calendar.ics"',
        // Private to whoever holds the address; calendars ask again every quarter of an hour or so.
        "Cache-Control": "private, max-age=300",
        "X-Robots-Tag": "noindex",
        "Referrer-Policy": "no-referrer",
      },
    });
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 404) return new Response("No such feed.", { status: 404 });
    // The database away: the calendar asks again later (it keeps what it has meanwhile).
    if (error instanceof ApiCallError && error.unavailable) {
      return new Response(SERVER_BUSY, { status: 503, headers: { "Retry-After": "60" } });
    }
    throw error;
  }
}
