/**
 * The API contract, split by area under lib/contract/: request schemas (zod), answer types and the endpoint table
 * (lib/contract/endpoints.ts). The API validates with it; the portal's client is typed by it. JSON field names are
 * snake_case, as in the spec's own payloads (`client_id`).
 */
export * from "./contract/fields.js";
export * from "./contract/codes.js";
export * from "./contract/account.js";
export * from "./contract/cart.js";
export * from "./contract/catalogue.js";
export * from "./contract/clients.js";
export * from "./contract/client-area.js";
export * from "./contract/conversation.js";
export * from "./contract/stages.js";
export * from "./contract/intake.js";
export * from "./contract/agreements.js";
export * from "./contract/dashboard.js";
export * from "./contract/documents.js";
export * from "./contract/feeds.js";
export * from "./contract/mentors.js";
export * from "./contract/mentoring.js";
export * from "./contract/calendars.js";
export * from "./contract/office.js";
export * from "./contract/office-catalogue.js";
export * from "./contract/office-mentors.js";
export * from "./contract/office-orders.js";
export * from "./contract/office-accounts.js";
export * from "./contract/business.js";
export * from "./business.js";
export * from "./contract/orders.js";
export * from "./contract/packs.js";
export * from "./contract/commissions.js";
export * from "./contract/messaging.js";
export * from "./contract/security.js";
export * from "./contract/endpoint.js";
export * from "./contract/endpoints.js";
