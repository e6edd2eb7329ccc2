/** The mentor's own area: the sessions they give (issue 23). */
import type { z } from "zod";
import { answer, endpoint } from "./endpoint.js";
import type { MentorProfile } from "./mentors.js";
import { mentorInput } from "./office-catalogue.js";

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

/** What a mentor keeps of their own profile: how agents read them, their zone and where they meet. */
export const mentorProfileBody = mentorInput.pick({
  bio: true,
  expertise: true,
  languages: true,
  time_zone: true,
  meeting_url: true,
});
export type MentorProfileBody = z.input<typeof mentorProfileBody>;

/** Their weekly hours and days off, with the office's rules (ranges of a day never overlap, days as YYYY-MM-DD). */
export const mentorHoursBody = mentorInput.pick({ hours: true, time_off: true });
export type MentorHoursBody = z.input<typeof mentorHoursBody>;

/** The mentor's own profile as they edit it: what agents see of them, their week and where they meet. */
export type MentorOwnProfile = MentorProfile & { meeting_url: string | null };

export const mentoringEndpoints = {
  mentorProfile: endpoint({
    method: "GET",
    path: "mentor/profile",
    auth: ["mentor"],
    summary: "The signed-in mentor's profile, weekly hours and days off",
    answer: answer<MentorOwnProfile>(),
  }),
  saveMentorProfile: endpoint({
    method: "POST",
    path: "mentor/profile",
    auth: ["mentor"],
    summary: "The mentor's bio, expertise, languages, zone and standing meeting link (audited as the mentor's)",
    body: mentorProfileBody,
    answer: answer<MentorOwnProfile>(),
  }),
  saveMentorHours: endpoint({
    method: "POST",
    path: "mentor/hours",
    auth: ["mentor"],
    summary: "The mentor's weekly hours and days off (booked sessions stay; audited as the mentor's)",
    body: mentorHoursBody,
    answer: answer<MentorOwnProfile>(),
  }),
  mentorAgenda: endpoint({
    method: "GET",
    path: "mentor/sessions",
    auth: ["mentor"],
    summary: "The signed-in mentor's sessions: upcoming, then past",
    answer: answer<MentorAgenda>(),
  }),
};
