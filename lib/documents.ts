/**
 * The documents of a client's case file: kinds, statuses, types and limits. Plain values with no zod, so the
 * browser's build may import them (the upload form checks the size before sending).
 */
import { addDays, dayIn } from "./days.js";
import { SERVICES } from "./rules.js";

export const documentKinds = ["cv", "passport", "degree", "visa", "address", "other"] as const;
export type DocumentKind = (typeof documentKinds)[number];
/** The standard kinds' names; an "other" document has the agent's title. */
export const documentKindNames: Record<Exclude<DocumentKind, "other">, string> = {
  cv: "CV",
  passport: "Passport",
  degree: "Degree certificate",
  visa: "Visa or residence permit",
  address: "Proof of address abroad",
};
/** A document's English title: its kind's name, or the agent's own title for another document. */
export function documentTitle(d: { kind: string; title: string | null }) {
  return d.kind === "other" ? (d.title ?? "Document") : documentKindNames[d.kind as Exclude<DocumentKind, "other">];
}
/** A standard kind from the English name the API gives a document ("Passport" → passport); null for an agent's own title. */
export function kindNamed(title: string): Exclude<DocumentKind, "other"> | null {
  const found = Object.entries(documentKindNames).find(([, name]) => name === title);
  return found ? (found[0] as Exclude<DocumentKind, "other">) : null;
}
/** What each service needs from the client once it is paid for (1 Mentorship, 2 Relocation, 3 Job Placement). */
export const documentsByService: Record<number, Array<Exclude<DocumentKind, "other">>> = {
  [SERVICES.mentorship]: ["cv"],
  [SERVICES.relocation]: ["passport", "visa", "address"],
  [SERVICES.jobPlacement]: ["cv", "passport", "degree"],
};
/** rejected: the agent turned the last file down with a reason, and the document is asked for again */
export const documentStatuses = ["missing", "uploaded", "accepted", "rejected"] as const;
export type DocumentStatus = (typeof documentStatuses)[number];
export const documentStatusLabels: Record<DocumentStatus, string> = {
  missing: "Missing",
  uploaded: "Uploaded",
  accepted: "Accepted",
  rejected: "Rejected",
};
/** What a client may send from their own area in all: files and bytes (the agent's own uploads do not count). */
export const CLIENT_QUOTA = { files: 50, bytes: 200 * 1024 * 1024 } as const;
/**
 * How many files one upload from the client's area may hold (a document in several pages or photos): five of the
 * largest fit in the portal's bound on an upload's body (lib/body-limit.ts).
 */
export const MAX_FILES_PER_UPLOAD = 5;
/** The file types a document may be, by what its bytes say (never its name), with their names for people. */
export const documentTypes = { "application/pdf": "PDF", "image/jpeg": "JPEG", "image/png": "PNG" } as const;
export type DocumentType = keyof typeof documentTypes;
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** What the API says of a file over the limit, and what the portal's form says (with a hint how to make it smaller). */
export const TOO_LARGE = "The file is larger than 10 MB.";
export const TOO_LARGE_HINT = `${TOO_LARGE} Choose a smaller one (a scan at 150–300 dpi is plenty).`;
/**
 * How many parts (fields and files) one upload form may send: every upload form of the portal sends under 15 (its
 * token, the honeypot's two, its own fields, up to five files). A body of thousands of tiny parts is stopped there.
 */
export const MAX_FORM_PARTS = 40;
export const TOO_MANY_PARTS = "This form sent more parts than any upload form has. Choose your files again and send the form.";
/** What an upload is refused with, by the API and the portal's forms alike (and said in a client's language). */
export const EMPTY_FILE = "The file is empty.";
export const WRONG_TYPE = "The file must be a PDF, JPEG or PNG (this one is not, whatever its name says).";
export const CHOOSE_FILE = "Choose a file to upload.";
export const CHOOSE_FILES = "Choose one or more files to upload.";
export const atMostFiles = (count: number) => `Choose at most ${count} files at once.`;
export const QUOTA_FULL = `You have sent as many files as your page holds (${CLIENT_QUOTA.files} files, ${fileSize(CLIENT_QUOTA.bytes)}). Write to your agent.`;
export const ALREADY_ACCEPTED = "This document is accepted already: nothing more is needed for it.";
/** A client's upload that met the hand-over of their case to another agent: sent again, it goes to the new one. */
export const AGENT_CHANGED = "Your case has just moved to another agent: send the file again.";
export const JUST_REVIEWED = "Your agent has just looked at this document: send the file again as a new upload.";
/** A client's upload, done: "CV: your 2 files were sent to your agent." */
/** How far ahead an expiry needs the agent (the dashboard's list, the timeline's warning) */
export const EXPIRY_NOTICE_DAYS = 60;

/** Today and the last day of the expiry notice window, in the agent's days (YYYY-MM-DD). */
export function expiryWindow(now: Date, zone: string) {
  const today = dayIn(zone, now);
  return { today, horizon: addDays(today, EXPIRY_NOTICE_DAYS) };
}

/** "1.2 MB", "830 KB": a file's size for people. */
/**
 * A size inside a sentence that may be right to left ("أرسلت 3 من أصل 200 ملفًا (1.2 MB من أصل 500.0 MB)"): set
 * apart as left-to-right text, else the digits and "MB" of two sizes and the Arabic between them are reordered.
 */
export function fileSizeInText(bytes: number) {
  return `\u2066${fileSize(bytes)}\u2069`;
}

export function fileSize(bytes: number) {
  if (bytes === 0) return "0 KB";
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
