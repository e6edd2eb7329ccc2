/**
 * Signed agreements (issue 40, point 3): the office writes each service's agreement per language, with fields the
 * record fills ({{client_name}}, {{service}}, {{plan}}, {{price}}, {{date}}, {{company}}); a payment of the service
 * or the agent sends it; the client reads it on their page and signs by typing their full name and ticking consent.
 */
import { z } from "zod";
import { answer, endpoint } from "./endpoint.js";
import { idParam, optionalText, requiredText } from "./fields.js";

export const AGREEMENT_MAX = 20_000;
export { agreementFields } from "../intake.js";

export const agreementBody = z.object({
  text: requiredText(AGREEMENT_MAX, "The agreement in English"),
  text_ar: optionalText(AGREEMENT_MAX, "The agreement in Arabic"),
  text_es: optionalText(AGREEMENT_MAX, "The agreement in Spanish"),
  text_fr: optionalText(AGREEMENT_MAX, "The agreement in French"),
});
export const agreementRetireBody = z.object({
  retired: z.preprocess((v) => v === true || v === "true" || v === "1" || v === 1, z.boolean()),
});
export const agreementSendBody = z.object({
  service_id: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce
      .number({ required_error: "Choose a service", invalid_type_error: "Choose a service" })
      .int()
      .min(1)
      .max(3, "Choose a service"),
  ),
  /** What the agreement's {{plan}} and {{price}} say when no paid line of the service names them (issue 66) */
  plan: optionalText(200, "The plan"),
  price: optionalText(60, "The price"),
});
const ticked = z.preprocess((v) => v === true || v === "true" || v === "on" || v === "1", z.boolean());
export const signBody = z.object({
  full_name: requiredText(200, "Your full name"),
  consent: ticked.refine((v) => v, { message: "Tick the box to agree", params: { code: "agreement.consent" } }),
  /** The SHA-256 of the text the page showed: a text changed since is not signed */
  text_sha256: z
    .string({ required_error: "The agreement's text is missing" })
    .regex(/^[0-9a-f]{64}$/, "The agreement's text is missing"),
});

export type OfficeAgreement = {
  service_id: number;
  service_name: string;
  agreement: {
    id: number;
    version: number;
    text_en: string;
    text_ar: string | null;
    text_es: string | null;
    text_fr: string | null;
    retired: boolean;
    updated_at: string;
    sent: number;
    signed: number;
  } | null;
};
export type ClientAgreementSummary = {
  id: number;
  service_id: number;
  version: number;
  status: "sent" | "signed";
  sent_at: string;
  signed_at: string | null;
  signed_name: string | null;
  /** The signed PDF among the client's documents */
  document_id: number | null;
  file_id: number | null;
};
export type ClientAgreement = ClientAgreementSummary & {
  lang: string;
  text: string;
  text_sha256: string;
  signed_ip: string | null;
  signed_user_agent: string | null;
};
/** A copy as the agent's list shows it: with the signature's record, without the text. */
export type ClientAgreementRecord = ClientAgreementSummary &
  Pick<ClientAgreement, "text_sha256" | "signed_ip" | "signed_user_agent">;
/**
 * `asks`: for each service that can be sent, the fields its words name that the record cannot fill (no paid line of
 * the service names a plan and price): the agent writes them when sending.
 */
export type ClientAgreements = {
  items: ClientAgreementRecord[];
  can_send: number[];
  asks: Array<{ service_id: number; fields: AskedField[] }>;
};
export const askedFields = ["plan", "price"] as const;
export type AskedField = (typeof askedFields)[number];

const inService = { serviceId: idParam };
const inClient = { clientId: idParam };
const oneCopy = { id: idParam };

export const agreementEndpoints = {
  officeAgreements: endpoint({
    method: "GET",
    path: "office/agreements",
    auth: ["staff"],
    summary: "Each service's agreement: its words now in every language, its version, how many were sent and signed",
    answer: answer<OfficeAgreement[]>(),
  }),
  officeSaveAgreement: endpoint({
    method: "POST",
    path: "office/agreements/:serviceId",
    auth: ["staff"],
    summary: "Writes a service's agreement anew: a new version (copies already sent keep theirs)",
    params: inService,
    body: agreementBody,
    answer: answer<OfficeAgreement>(),
  }),
  officeRetireAgreement: endpoint({
    method: "POST",
    path: "office/agreements/:serviceId/retire",
    auth: ["staff"],
    summary: "Retires a service's agreement (no longer sent; copies out stay) or brings it back",
    params: inService,
    body: agreementRetireBody,
    answer: answer<OfficeAgreement>(),
  }),
  clientAgreements: endpoint({
    method: "GET",
    path: "api/clients/:clientId/agreements",
    auth: ["agent"],
    summary: "The client's agreements, sent and signed, and the services whose agreement can be sent",
    params: inClient,
    answer: answer<ClientAgreements>(),
  }),
  sendAgreement: endpoint({
    method: "POST",
    path: "agent/clients/:clientId/agreements",
    auth: ["agent"],
    summary: "Sends a service's agreement to the client to sign (e-mailed with a link)",
    params: inClient,
    body: agreementSendBody,
    created: true,
    answer: answer<ClientAgreementSummary>(),
  }),
  clientAgreement: endpoint({
    method: "GET",
    path: "api/clients/:clientId/agreements/:id",
    auth: ["agent"],
    summary: "One of the client's agreements: the text shown and, once signed, the signature's record",
    params: { ...inClient, ...oneCopy },
    answer: answer<ClientAgreement>(),
  }),
  myAgreement: endpoint({
    method: "GET",
    path: "my/agreements/:id",
    auth: ["client"],
    summary: "One of the client's agreements, to read and sign",
    params: oneCopy,
    answer: answer<ClientAgreement>(),
  }),
  signAgreement: endpoint({
    method: "POST",
    path: "my/agreements/:id/sign",
    auth: ["client"],
    summary: "Signs the agreement: the full name typed, consent, and the SHA-256 of the text shown; files the signed PDF",
    params: oneCopy,
    body: signBody,
    answer: answer<ClientAgreement>(),
  }),
};
