/**
 * The notices the portal sends, by what they are about (notices/): each is written in the transaction of what
 * caused it, its facts kept in the outbox row.
 */
export * from "./notices/accounts.js";
export * from "./notices/clients.js";
export * from "./notices/contact.js";
export * from "./notices/orders.js";
export * from "./notices/sessions.js";
