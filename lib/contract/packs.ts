/**
 * Session packs and the credits they give (issue 41): the office writes packs (sessions, their length, which mentors,
 * price, how many days the credits last); an agent buys one for a client through the cart; the paid line gives the
 * client its credits, each movement a ledger row (granted, used, returned, expired, refunded), the balance their sum.
 */
import { z } from "zod";
import type { PackTexts, Translations } from "../catalogue-texts.js";
import { packMinutes } from "../office-fields.js";
import { answer, endpoint } from "./endpoint.js";
import { idParam, minorUnits, oneLineText, optionalText, requiredText, translations } from "./fields.js";

export { packTextFields, type PackTexts } from "../catalogue-texts.js";
export { packMinutes };

const whole = (label: string, min: number, max: number, unit: string) =>
  z.coerce
    .number({ invalid_type_error: `${label} must be a number`, required_error: `${label} is required` })
    .int(`${label} must be a whole number`)
    .min(min, `At least ${min} ${unit}`)
    .max(max, `At most ${max} ${unit}`);

export const packInput = z.object({
  name: oneLineText(100, "Name"),
  description: requiredText(2000, "Description"),
  sessions: whole("Sessions", 1, 100, "sessions"),
  session_minutes: z.coerce
    .number({ invalid_type_error: "Choose how long each session is" })
    .int("Choose how long each session is")
    .min(15, "Choose how long each session is")
    .max(60, "Choose how long each session is")
    .refine((v) => (packMinutes as readonly number[]).includes(v), "Choose how long each session is"),
  /** Every active mentor, or only these */
  all_mentors: z.boolean({ invalid_type_error: "Say whether every mentor gives them" }),
  mentor_ids: z.array(idParam).max(200).default([]),
  price_minor: minorUnits("Price").refine((v) => v > 0, "A price is more than nothing"),
  valid_days: whole("Days the credits last", 1, 1000, "days"),
  texts: translations({ name: optionalText(100, "Name"), description: optionalText(2000, "Description") }),
});
export type PackInput = z.input<typeof packInput>;
export type PackValues = z.output<typeof packInput>;

/** A pack as an agent, a visitor and the office read it. */
export type SessionPack = {
  id: number;
  name: string;
  description: string;
  sessions: number;
  session_minutes: number;
  /** null: every mentor; else those who give them */
  mentors: Array<{ id: number; name: string }> | null;
  price_minor: number;
  currency: string;
  valid_days: number;
};
/** A published pack on a public page, with the fields still in English there (marked `lang="en"`). */
export type PublicPack = SessionPack & { english: string[] };
/** For an agent choosing for a client: whether it is in the client's cart. */
export type AgentPack = SessionPack & { in_cart: boolean };
export type OfficePack = SessionPack & {
  texts: Translations<PackTexts>;
  published: boolean;
  /** Paid lines of it (credits given), and carts holding it */
  sold: number;
  in_carts: number;
};
export type PackHolder = {
  credit_id: number;
  client_id: number;
  client_name: string;
  agent_name: string;
  order_id: number;
  left: number;
  sessions: number;
  expires_at: string;
};
export type OfficePackDetail = OfficePack & { holders: PackHolder[] };

export const creditMoveKinds = ["granted", "used", "returned", "expired", "refunded"] as const;
export type CreditMove = {
  kind: (typeof creditMoveKinds)[number];
  amount: number;
  balance: number;
  at: string;
  booking_id: number | null;
};
/** One paid pack's credits for a client: how many are left of how many, until when, for which mentors. */
export type ClientCredit = {
  id: number;
  pack_id: number;
  pack_name: string;
  sessions: number;
  left: number;
  session_minutes: number;
  /** null: every mentor */
  mentor_ids: number[] | null;
  expires_at: string;
  /** Past its end (what was left then is expired) */
  expired: boolean;
  order_id: number;
  moves: CreditMove[];
};

const inClient = { clientId: idParam };
const onePack = { id: idParam };
const staff = ["staff"] as const;

export const packEndpoints = {
  officePacks: endpoint({
    method: "GET",
    path: "office/session-packs",
    auth: staff,
    summary: "Every session pack, published or not, with how many were sold and how many carts hold each",
    answer: answer<OfficePack[]>(),
  }),
  officePack: endpoint({
    method: "GET",
    path: "office/session-packs/:id",
    auth: staff,
    summary: "One session pack, with the clients holding its credits and how many each has left",
    params: onePack,
    answer: answer<OfficePackDetail>(),
  }),
  createPack: endpoint({
    method: "POST",
    path: "office/session-packs",
    auth: staff,
    summary: "Adds a session pack (unpublished until staff publish it)",
    body: packInput,
    created: true,
    answer: answer<OfficePack>(),
  }),
  editPack: endpoint({
    method: "POST",
    path: "office/session-packs/:id",
    auth: staff,
    summary: "Edits a session pack; carts holding it take its new price (credits given keep what was sold)",
    params: onePack,
    body: packInput,
    answer: answer<OfficePack>(),
  }),
  publishPack: endpoint({
    method: "POST",
    path: "office/session-packs/:id/published",
    auth: staff,
    summary: "Publishes a session pack (agents can buy it, the Mentorship page shows it) or withdraws it",
    params: onePack,
    body: z.object({
      published: z.boolean({ invalid_type_error: "Published must be true or false" }),
    }),
    answer: answer<OfficePack>(),
  }),
  agentPacks: endpoint({
    method: "GET",
    path: "api/clients/:clientId/session-packs",
    auth: ["agent"],
    summary: "The published session packs, with whether each is in the client's cart",
    params: inClient,
    answer: answer<AgentPack[]>(),
  }),
  publicPacks: endpoint({
    method: "GET",
    path: "packs",
    auth: "public",
    summary: "The published session packs in a page's language (the Mentorship page)",
    query: z.object({ lang: z.enum(["en", "ar", "es", "fr"]).default("en") }),
    answer: answer<PublicPack[]>(),
  }),
  clientCredits: endpoint({
    method: "GET",
    path: "api/clients/:clientId/credits",
    auth: ["agent"],
    summary: "The client's session pack credits: each pack's balance, end and movements",
    params: inClient,
    answer: answer<ClientCredit[]>(),
  }),
  myCredits: endpoint({
    method: "GET",
    path: "my/credits",
    auth: ["client"],
    summary: "The client's own session pack credits: how many are left, until when",
    answer: answer<ClientCredit[]>(),
  }),
};
