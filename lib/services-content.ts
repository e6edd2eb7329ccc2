/** The public copy of the three services (spec: Mentorship 1, Relocation 2, Job Placement 3). */
export type ServiceContent = {
  id: 1 | 2 | 3;
  name: string;
  tagline: string;
  intro: string;
  steps: Array<{ title: string; text: string }>;
  includes: string[];
  forWhom: string;
};

export const serviceContent: Record<1 | 2 | 3, ServiceContent> = {
  1: {
    id: 1,
    name: "Mentorship",
    tagline: "Learn the new market from someone who already made the move.",
    intro:
      "Our mentors are engineers, nurses, designers, HR directors and relocation specialists who built a career abroad. They meet your client one to one, online, in the client's language where possible, and help with what no guide book covers: how hiring really works there, what to say in the interview, what a fair offer looks like.",
    steps: [
      {
        title: "Match",
        text: "The agent picks a mentor by expertise, language and country, and sees the mentor's free hours in their own time zone.",
      },
      {
        title: "Book",
        text: "A session is held for the client while the agent pays, then confirmed. No two clients can take the same slot.",
      },
      { title: "Meet", text: "Sessions of 60 minutes, with written notes and a next step after each." },
    ],
    includes: [
      "Career strategy for the destination market",
      "Mock interviews and feedback",
      "Offer and salary negotiation",
      "Workplace culture and first 90 days",
    ],
    forWhom:
      "Clients who have the skills and want to land well: career switchers, first-time movers, and senior people negotiating a package.",
  },
  2: {
    id: 2,
    name: "Relocation",
    tagline: "From the visa appointment to the first rent payment.",
    intro:
      "Moving a person, or a family, is a hundred small tasks in a language they may not speak yet. Our relocation packages put people on the ground in the destination city to handle registration, housing, banking, schools and the paperwork in between, with a clear price before anything starts.",
    steps: [
      { title: "Plan", text: "Eligibility and a document list for the client's destination, with realistic dates." },
      { title: "Move", text: "Temporary housing, airport pickup, and appointments booked and attended with the client." },
      { title: "Settle", text: "Registration, tax number, bank account, health insurance, schools, and a long-term lease." },
    ],
    includes: [
      "Visa and residence permit support",
      "Housing search and lease review",
      "Registration, tax and banking",
      "School search for families",
    ],
    forWhom: "Professionals with a job offer, families following a move, and companies relocating a new hire.",
  },
  3: {
    id: 3,
    name: "Job Placement",
    tagline: "Roles with employers who sponsor international hires.",
    intro:
      "We keep a list of open roles with employers that sponsor visas and have hired from abroad before, in engineering, healthcare, data, design, construction and hospitality. Agents place their clients on these roles, and we prepare the client from CV to signed offer.",
    steps: [
      { title: "Prepare", text: "A CV in the destination market's format, and a profile that gets past the first screen." },
      {
        title: "Apply",
        text: "Introductions to the hiring manager, not a job board: each role lists its placement fee up front.",
      },
      { title: "Sign", text: "Interview preparation, contract review and support through the work permit." },
    ],
    includes: [
      "Vetted roles with visa sponsorship",
      "CV and cover letter in local format",
      "Interview preparation",
      "Contract and permit support",
    ],
    forWhom: "Skilled workers ready to move, and agents who want vetted employers rather than cold applications.",
  },
};

export function serviceById(id: string | null): ServiceContent | null {
  if (id === "1" || id === "2" || id === "3") return serviceContent[Number(id) as 1 | 2 | 3];
  return null;
}
