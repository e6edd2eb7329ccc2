/**
 * "Add to Google Calendar" and "Add to Outlook" (issue 42, point 3): an event as the two web calendars' own
 * addresses, beside every invite file. Google's `render?action=TEMPLATE` takes UTC times as YYYYMMDDTHHMMSSZ; Outlook's
 * compose deeplink takes ISO times. Both take the title, the text and the place; neither needs an account of ours.
 */
export type CalendarEvent = { title: string; start: string; end: string; details: string; location?: string | null };

const googleTime = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

export function googleCalendarUrl(e: CalendarEvent): string {
  const q = new URLSearchParams({
    action: "TEMPLATE",
    text: e.title,
    dates: `${googleTime(e.start)}/${googleTime(e.end)}`,
    details: e.details,
    ...(e.location ? { location: e.location } : {}),
  });
  return `https://calendar.google.com/calendar/render?${q}`;
}

export function outlookCalendarUrl(e: CalendarEvent): string {
  const q = new URLSearchParams({
    path: "/calendar/action/compose",
    rru: "addevent",
    subject: e.title,
    startdt: new Date(e.start).toISOString(),
    enddt: new Date(e.end).toISOString(),
    body: e.details,
    ...(e.location ? { location: e.location } : {}),
  });
  return `https://outlook.live.com/calendar/0/deeplink/compose?${q}`;
}

export function calendarLinks(e: CalendarEvent) {
  return { google: googleCalendarUrl(e), outlook: outlookCalendarUrl(e) };
}
