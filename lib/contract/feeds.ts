/**
 * Calendar feeds (issue 23, point 11): an agent's or a mentor's sessions as an iCalendar file that calendar
 * programs subscribe to, at a private address (a long random token). The address is shown on the account page and
 * can be replaced, which ends the old one.
 */
import { z } from "zod";
import type { ApiFile } from "../transport.js";
import { answer, endpoint } from "./endpoint.js";

/** A feed's token: 43 URL-safe characters (256 random bits); anything else is no feed. */
export const feedTokenParam = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "No such feed");

/** One's own feed: its address (null until made). */
export type FeedAddress = { url: string | null; webcal: string | null };

function feedEndpoints<const P extends string, const K extends "agent" | "mentor">(prefix: P, kind: K) {
  return {
    read: endpoint({
      method: "GET",
      path: `${prefix}/feed`,
      auth: [kind],
      summary: "The address of one's private calendar feed (null until made)",
      answer: answer<FeedAddress>(),
    }),
    replace: endpoint({
      method: "POST",
      path: `${prefix}/feed`,
      auth: [kind],
      summary: "Makes a new address for one's calendar feed: the old one stops working at once",
      answer: answer<FeedAddress>(),
    }),
  };
}

export const ownFeed = {
  agent: feedEndpoints("agent", "agent"),
  mentor: feedEndpoints("mentor", "mentor"),
};

export const feedEndpointsTable = {
  calendarFeed: endpoint({
    method: "GET",
    path: "feeds/:token",
    auth: "public",
    summary:
      "A private calendar feed (text/calendar): its owner's sessions, confirmed, moved and cancelled, with their join links, in the owner's zone",
    params: { token: feedTokenParam },
    download: true,
    answer: answer<ApiFile>(),
  }),
};
