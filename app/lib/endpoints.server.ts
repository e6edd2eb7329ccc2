/**
 * The contract's endpoint table for route modules: reached through a `.server` module, so that the browser's build
 * never carries the table's zod schemas (a route's loader and action are server code; its imports stay in the page's
 * bundle unless they are `.server`).
 */
export { endpoints, ownAccount, ownFeed } from "../../lib/contract.js";
