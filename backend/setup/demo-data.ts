/**
 * Demo data, seeded outside production (DEMO_DATA): a catalogue of jobs, relocation packages and mentors, a demo
 * agent with clients, and a demo staff member. Salaries are shown in their own currency; what is sold is in USD.
 * The records themselves are data, in demo-catalogue.json; this module gives them their types.
 */
import type { Client, Job, Mentor, Relocation } from "../../lib/contract.js";
import catalogue from "./demo-catalogue.json";

type JobSeed = Pick<Job, "title" | "company" | "country_code" | "city" | "employment_type" | "description"> & {
  /** [lowest, highest, currency] in minor units of that currency; null when the employer gives none */
  salary: [number, number, string] | null;
  placement_fee_minor: number;
  days_ago: number;
};

type RelocationSeed = Omit<Relocation, "id" | "country_name">;

/** A weekly opening: weekday (0 is Sunday) and the mentor's own local times. */
type Slot = [weekday: number, start: string, end: string];

type MentorSeed = Omit<Mentor, "id" | "country_name" | "photo_url"> & { availability: Slot[] };

type ClientSeed = Omit<Client, "id" | "created_at" | "updated_at"> & { email: string; phone: string; passport_number: string };

// JSON's arrays are read as plain arrays: the tuples above are what the file holds (tests/integration/seed.test.ts checks them).
export const jobs = catalogue.jobs as JobSeed[];
export const relocations: RelocationSeed[] = catalogue.relocations;
export const mentors = catalogue.mentors as MentorSeed[];
export const demoClients = catalogue.clients as ClientSeed[];

export const demoAgent = {
  email: "demo@example.com",
  password: "demo-password",
  name: "Dana Demo",
  phone: "+1 555 010 0199",
  time_zone: "Europe/London",
};

/** The demo mentor's sign-in (seeded with demo data only): the first demo mentor, whose agenda is at /mentoring. */
export const demoMentor = {
  name: mentors[0]!.name,
  email: "mentor@example.com",
  password: "mentor-password",
};

/** The demo staff account (seeded with demo data only): the back office at /office. */
export const demoStaff = {
  email: "office@example.com",
  password: "office-password",
  name: "Olive Office",
};
