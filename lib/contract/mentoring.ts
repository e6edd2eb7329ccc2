/** The mentor's own area: the sessions they give (issue 23). */
import { answer, endpoint } from "./endpoint.js";

/**
 * One session as its mentor sees it: who it is for by first name and last initial, what it is about, and the agent
 * who booked it (to reach them). Never the client's passport, date of birth, phone or documents, nor the price.
 */
export type MentorSession = {
  id: number;
  start_at: string;
  end_at: string;
  /** confirmed (paid) | canceled */
  status: "confirmed" | "canceled";
  topic: string;
  /** "Ana P." */
  client: string;
  agent: { name: string; email: string };
  /** Where it meets (a confirmed session's only) */
  join_url: string | null;
};

/** The mentor's agenda: upcoming sessions soonest first, then past ones newest first (the last 50). */
export type MentorAgenda = { time_zone: string; upcoming: MentorSession[]; past: MentorSession[] };

export const mentoringEndpoints = {
  mentorAgenda: endpoint({
    method: "GET",
    path: "mentor/sessions",
    auth: ["mentor"],
    summary: "The signed-in mentor's sessions: upcoming, then past",
    answer: answer<MentorAgenda>(),
  }),
};
