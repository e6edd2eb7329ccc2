/**
 * The demo catalogue: services and plans, jobs, relocation packages and mentors. Everything sold is priced
 * in USD minor units (one billing currency: docs/decisions/004-one-billing-currency.md); salaries are shown
 * in their own currency.
 */

export const services = [
  {
    id: 1,
    slug: "mentorship",
    name: "Mentorship",
    summary:
      "One-to-one sessions with mentors who have made the move themselves: career strategy, interviews, local workplace culture.",
  },
  {
    id: 2,
    slug: "relocation",
    name: "Relocation",
    summary:
      "Visas, housing, registration, schools and the first weeks in a new country, handled by people on the ground.",
  },
  {
    id: 3,
    slug: "job-placement",
    name: "Job Placement",
    summary:
      "Roles with employers who sponsor international hires, with CV work and interview preparation until an offer is signed.",
  },
] as const;

export const servicePlans = [
  { service_id: 1, name: "Starter mentorship", description: "Three 60-minute sessions over one month, with written notes after each.", price_minor: 29000, sort_order: 1 },
  { service_id: 1, name: "Career switch mentorship", description: "Eight sessions over three months, a CV and LinkedIn review, two mock interviews.", price_minor: 79000, sort_order: 2 },
  { service_id: 1, name: "Executive mentorship", description: "Twelve sessions with a senior mentor, negotiation coaching and a 90-day plan.", price_minor: 149000, sort_order: 3 },
  { service_id: 2, name: "Visa essentials", description: "Eligibility check, document list, application review and appointment booking.", price_minor: 45000, sort_order: 1 },
  { service_id: 2, name: "Full relocation", description: "Visa, two weeks of temporary housing search, registration, bank account and a local SIM.", price_minor: 189000, sort_order: 2 },
  { service_id: 2, name: "Family relocation", description: "Everything in Full relocation for a family, plus school search and dependant visas.", price_minor: 329000, sort_order: 3 },
  { service_id: 3, name: "CV and profile", description: "A CV in the destination market's format, a cover letter template and a profile review.", price_minor: 19000, sort_order: 1 },
  { service_id: 3, name: "Placement search", description: "Shortlisting, introductions to sponsoring employers and interview preparation for three months.", price_minor: 99000, sort_order: 2 },
  { service_id: 3, name: "Placement guarantee", description: "Placement search until a signed offer, with contract review and onboarding support.", price_minor: 219000, sort_order: 3 },
];

type JobSeed = {
  title: string;
  company: string;
  country_code: string;
  city: string;
  employment_type: string;
  description: string;
  salary: [number, number, string] | null;
  placement_fee_minor: number;
  days_ago: number;
};

export const jobs: JobSeed[] = [
  { title: "Senior Backend Engineer", company: "Nordlicht Software", country_code: "DE", city: "Berlin", employment_type: "Full-time", description: "Build payment services in TypeScript and Go for a team of 40 engineers. Visa sponsorship and relocation budget included.", salary: [7000000, 8500000, "EUR"], placement_fee_minor: 120000, days_ago: 2 },
  { title: "Registered Nurse (ICU)", company: "St. Mary's Health Trust", country_code: "GB", city: "Manchester", employment_type: "Full-time", description: "Intensive care nursing on a sponsored Health and Care Worker visa. NMC registration support provided.", salary: [3500000, 4200000, "GBP"], placement_fee_minor: 90000, days_ago: 3 },
  { title: "Data Analyst", company: "Maple Analytics", country_code: "CA", city: "Toronto", employment_type: "Full-time", description: "SQL, Python and dashboards for a retail analytics firm. Eligible for Express Entry job offer points.", salary: [7500000, 9000000, "CAD"], placement_fee_minor: 95000, days_ago: 4 },
  { title: "Civil Engineer", company: "Gulf Infrastructure Group", country_code: "AE", city: "Dubai", employment_type: "Full-time", description: "Site engineering on transport projects. Tax-free salary, housing allowance and annual flights home.", salary: [24000000, 30000000, "AED"], placement_fee_minor: 110000, days_ago: 5 },
  { title: "Frontend Developer", company: "Canal Digital", country_code: "NL", city: "Amsterdam", employment_type: "Full-time", description: "React and accessibility work on public-sector products. Highly skilled migrant sponsor; 30% ruling eligible.", salary: [5500000, 7000000, "EUR"], placement_fee_minor: 100000, days_ago: 6 },
  { title: "Mechanical Technician", company: "Alpine Precision", country_code: "CH", city: "Zurich", employment_type: "Full-time", description: "Maintenance of CNC lines in a medical-device plant. German B1 needed; language course paid.", salary: [8000000, 9500000, "CHF"], placement_fee_minor: 115000, days_ago: 7 },
  { title: "Chef de Partie", company: "Harbour Hotels", country_code: "AU", city: "Sydney", employment_type: "Full-time", description: "Fine dining kitchen, sponsored skills-in-demand visa, four-day rotating roster.", salary: [7000000, 7800000, "AUD"], placement_fee_minor: 80000, days_ago: 8 },
  { title: "Cloud Support Engineer", company: "Liffey Cloud Services", country_code: "IE", city: "Dublin", employment_type: "Full-time", description: "Linux and networking support for enterprise customers. Critical Skills Employment Permit.", salary: [5000000, 6200000, "EUR"], placement_fee_minor: 95000, days_ago: 9 },
  { title: "Secondary School Maths Teacher", company: "Auckland Grammar Trust", country_code: "NZ", city: "Auckland", employment_type: "Full-time", description: "Teach years 9 to 13. Teaching Council registration and accredited employer visa supported.", salary: [8000000, 9500000, "NZD"], placement_fee_minor: 85000, days_ago: 10 },
  { title: "Electrician", company: "Nordic Build AS", country_code: "NO", city: "Oslo", employment_type: "Full-time", description: "Residential and commercial installations. Authorisation of foreign qualifications handled with you.", salary: [55000000, 62000000, "NOK"], placement_fee_minor: 90000, days_ago: 11 },
  { title: "Product Designer", company: "Lisboa Labs", country_code: "PT", city: "Lisbon", employment_type: "Full-time", description: "Design for a fintech app used in 12 countries. Tech visa and relocation package.", salary: [4200000, 5200000, "EUR"], placement_fee_minor: 85000, days_ago: 12 },
  { title: "Logistics Coordinator", company: "Port of Rotterdam Partners", country_code: "NL", city: "Rotterdam", employment_type: "Full-time", description: "Coordinate container flows between terminals and carriers. English working language.", salary: [4000000, 4800000, "EUR"], placement_fee_minor: 70000, days_ago: 14 },
  { title: "Machine Learning Engineer", company: "Kyoto Robotics", country_code: "JP", city: "Osaka", employment_type: "Full-time", description: "Perception models for warehouse robots. Engineer/Specialist in Humanities visa; Japanese not required.", salary: [900000000, 1200000000, "JPY"], placement_fee_minor: 130000, days_ago: 15 },
  { title: "Care Assistant", company: "Sunrise Care Homes", country_code: "GB", city: "Leeds", employment_type: "Part-time", description: "Residential elderly care, 30 hours a week, sponsored visa with accommodation help.", salary: [2400000, 2700000, "GBP"], placement_fee_minor: 50000, days_ago: 18 },
  { title: "Site Reliability Engineer", company: "Baltic Payments", country_code: "EE", city: "Tallinn", employment_type: "Contract", description: "Kubernetes and observability for a payments platform, 12-month contract with extension.", salary: [6000000, 7200000, "EUR"], placement_fee_minor: 100000, days_ago: 20 },
];

export const relocations = [
  { title: "Berlin starter package", country_code: "DE", city: "Berlin", description: "Arrive and settle in Berlin: address registration, tax ID, bank account and health insurance enrolment.", includes: ["Anmeldung appointment", "Temporary flat for 30 days", "Bank and insurance set-up", "Airport pickup"], duration_days: 30, price_minor: 260000, currency: "USD" },
  { title: "Toronto newcomer package", country_code: "CA", city: "Toronto", description: "Landing in Canada: SIN, health card, banking and a rental search in the neighbourhood you choose.", includes: ["SIN and OHIP applications", "Rental search with 5 viewings", "Banking and phone", "City orientation day"], duration_days: 21, price_minor: 230000, currency: "USD" },
  { title: "Dubai executive move", country_code: "AE", city: "Dubai", description: "Emirates ID, residence visa stamping, villa or apartment search and school shortlisting.", includes: ["Emirates ID and medical", "Housing search", "School shortlist", "Driving licence conversion"], duration_days: 30, price_minor: 330000, currency: "USD" },
  { title: "Amsterdam relocation", country_code: "NL", city: "Amsterdam", description: "BSN registration, 30% ruling application, housing and a DigiD set-up.", includes: ["Municipality registration", "30% ruling filing", "Housing search", "Bike and transport set-up"], duration_days: 21, price_minor: 285000, currency: "USD" },
  { title: "London essentials", country_code: "GB", city: "London", description: "BRP collection, National Insurance number, GP registration and a flat search.", includes: ["NI number application", "GP registration", "Flat search with referencing", "Oyster and banking"], duration_days: 21, price_minor: 280000, currency: "USD" },
  { title: "Sydney family move", country_code: "AU", city: "Sydney", description: "Medicare, tax file number, school enrolment and a rental for a family.", includes: ["Medicare and TFN", "School enrolment", "Rental application support", "Shipping coordination"], duration_days: 45, price_minor: 430000, currency: "USD" },
  { title: "Lisbon remote-worker package", country_code: "PT", city: "Lisbon", description: "NIF, digital nomad visa follow-up, a lease and a co-working membership.", includes: ["NIF and bank account", "Visa follow-up", "Lease negotiation", "Co-working month"], duration_days: 30, price_minor: 195000, currency: "USD" },
  { title: "Dublin tech move", country_code: "IE", city: "Dublin", description: "IRP appointment, PPS number, housing and a welcome session on Irish workplaces.", includes: ["IRP appointment", "PPS number", "Housing search", "Welcome session"], duration_days: 21, price_minor: 250000, currency: "USD" },
];

type Slot = [weekday: number, start: string, end: string];
export const mentors: Array<{
  name: string;
  title: string;
  bio: string;
  expertise: string[];
  languages: string[];
  country_code: string;
  time_zone: string;
  rate_minor: number;
  currency: string;
  availability: Slot[];
}> = [
  { name: "Amira Haddad", title: "Engineering manager, ex-relocated to Berlin", bio: "Moved from Amman to Berlin in 2016 and now hires engineers from 20 countries. Helps with tech interviews and negotiating offers in Germany.", expertise: ["Software engineering", "Interviews", "Salary negotiation"], languages: ["English", "Arabic", "German"], country_code: "DE", time_zone: "Europe/Berlin", rate_minor: 9500, currency: "USD", availability: [[1, "09:00", "12:00"], [3, "14:00", "18:00"], [5, "09:00", "13:00"]] },
  { name: "Daniel Okafor", title: "Registered nurse and NHS recruiter", bio: "Fifteen years in NHS wards; guides nurses through NMC registration, OSCE preparation and the first months on the job.", expertise: ["Healthcare", "Licensing", "Interviews"], languages: ["English", "Igbo"], country_code: "GB", time_zone: "Europe/London", rate_minor: 8800, currency: "USD", availability: [[2, "18:00", "21:00"], [4, "18:00", "21:00"], [6, "10:00", "14:00"]] },
  { name: "Sofía Martínez", title: "Product designer and career switch coach", bio: "Switched from architecture to product design in Lisbon; coaches career changers on portfolios and design interviews.", expertise: ["Design", "Career switch", "Portfolio review"], languages: ["Spanish", "Portuguese", "English"], country_code: "PT", time_zone: "Europe/Lisbon", rate_minor: 7000, currency: "USD", availability: [[1, "15:00", "19:00"], [2, "15:00", "19:00"], [4, "10:00", "13:00"]] },
  { name: "Wei Chen", title: "Data science lead, Toronto", bio: "Runs an analytics team at a Canadian bank. Prepares candidates for data interviews and Express Entry job searches.", expertise: ["Data science", "Interviews", "Canadian immigration"], languages: ["English", "Mandarin"], country_code: "CA", time_zone: "America/Toronto", rate_minor: 8000, currency: "USD", availability: [[1, "17:00", "20:00"], [3, "17:00", "20:00"], [6, "09:00", "12:00"]] },
  { name: "Fatima Al Mansoori", title: "HR director, Gulf region", bio: "Leads hiring for infrastructure firms across the UAE; advises on contracts, allowances and family sponsorship.", expertise: ["HR and contracts", "Salary negotiation", "Gulf relocation"], languages: ["Arabic", "English"], country_code: "AE", time_zone: "Asia/Dubai", rate_minor: 11000, currency: "USD", availability: [[0, "10:00", "14:00"], [2, "10:00", "14:00"], [3, "16:00", "19:00"]] },
  { name: "Liam O'Brien", title: "Cloud architect and community mentor", bio: "Helps engineers land cloud and SRE roles in Ireland and the UK, from certification plans to system design interviews.", expertise: ["Software engineering", "Cloud", "Interviews"], languages: ["English", "Irish"], country_code: "IE", time_zone: "Europe/Dublin", rate_minor: 9000, currency: "USD", availability: [[2, "08:00", "11:00"], [4, "13:00", "17:00"]] },
  { name: "Priya Raman", title: "Immigration-aware career coach, Sydney", bio: "Former migration agent turned career coach; knows skills assessments and what Australian employers look for.", expertise: ["Australian immigration", "Career switch", "Interviews"], languages: ["English", "Tamil", "Hindi"], country_code: "AU", time_zone: "Australia/Sydney", rate_minor: 9800, currency: "USD", availability: [[1, "09:00", "12:00"], [2, "09:00", "12:00"], [5, "13:00", "16:00"]] },
  { name: "Kenji Watanabe", title: "Robotics engineer, Osaka", bio: "Hires international engineers into Japanese robotics firms; coaches on work culture and visa paperwork.", expertise: ["Software engineering", "Japanese workplace culture"], languages: ["Japanese", "English"], country_code: "JP", time_zone: "Asia/Tokyo", rate_minor: 8000, currency: "USD", availability: [[2, "19:00", "22:00"], [4, "19:00", "22:00"], [6, "09:00", "12:00"]] },
  { name: "Ingrid Larsen", title: "Relocation specialist, Scandinavia", bio: "Has settled 300 families in Norway and Sweden: housing, schools, tax cards and the long dark winter.", expertise: ["Family relocation", "Housing", "Nordic relocation"], languages: ["Norwegian", "Swedish", "English"], country_code: "NO", time_zone: "Europe/Oslo", rate_minor: 8500, currency: "USD", availability: [[1, "08:00", "11:00"], [3, "08:00", "11:00"], [4, "13:00", "15:00"]] },
];

export const demoAgent = {
  email: "demo@example.com",
  password: "demo-password",
  name: "Dana Demo",
  phone: "+1 555 010 0199",
  time_zone: "Europe/London",
};

export const demoClients = [
  { first_name: "Lena", last_name: "Fischer", email: "lena.fischer@example.com", phone: "+49 30 1234567", nationality: "DE", current_country: "DE", destination_country: "CA", date_of_birth: "1991-04-12", passport_number: "C01X00T47", status: "active", notes: "Data analyst, wants Toronto by spring." },
  { first_name: "Rahul", last_name: "Mehta", email: "rahul.mehta@example.com", phone: "+91 98200 12345", nationality: "IN", current_country: "IN", destination_country: "DE", date_of_birth: "1988-09-30", passport_number: "Z1234567", status: "active", notes: "Backend engineer; Blue Card route." },
  { first_name: "Grace", last_name: "Mensah", email: "grace.mensah@example.com", phone: "+233 24 123 4567", nationality: "GH", current_country: "GH", destination_country: "GB", date_of_birth: "1993-01-21", passport_number: "G2345678", status: "prospect", notes: "ICU nurse; NMC application started." },
];
