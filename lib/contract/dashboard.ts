/** The agent's dashboard and the public contact form. */
import { z } from "zod";
import { fieldLimits } from "../client-fields.js";
import type { AttentionItem } from "./clients.js";
import { phoneField } from "./clients.js";
import { answer, endpoint } from "./endpoint.js";
import { emailField, oneLineText, requiredText } from "./fields.js";

// ---- dashboard and contact ---------------------------------------------------

export type DashboardCounts = {
  clients: number;
  cart_items: number;
  open_bookings: number;
  paid_orders: number;
  jobs: number;
  relocations: number;
};

export const contactBody = z.object({
  name: oneLineText(fieldLimits.name, "Name"),
  email: emailField,
  phone: phoneField,
  subject: requiredText(fieldLimits.subject, "Subject"),
  message: requiredText(fieldLimits.message, "Message").refine((v) => v.length >= 10, {
    message: "Tell us a little more (at least 10 characters)",
    params: { code: "message.too_short" },
  }),
  /** Honeypot: people never see it, bots fill it in. */
  website: z.string().max(500).optional(),
});

// ---- endpoints ------------------------------------------------------------------

export const dashboardEndpoints = {
  dashboardCounts: endpoint({
    method: "GET",
    path: "api/dashboard/counts",
    auth: ["agent"],
    summary: "The dashboard's cards",
    answer: answer<DashboardCounts>(),
  }),
  attention: endpoint({
    method: "GET",
    path: "api/dashboard/attention",
    auth: ["agent"],
    summary: "What needs the agent, most urgent first",
    answer: answer<AttentionItem[]>(),
  }),
  contact: endpoint({
    method: "POST",
    path: "api/ContactUs",
    auth: "public",
    summary: "A visitor's message to the consultancy",
    body: contactBody,
    created: true,
    answer: answer<{ received: true }>(),
  }),
};
