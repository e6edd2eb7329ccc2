/**
 * The server's settings, for loaders and actions. Route modules import them from here, never from
 * `lib/env.server` directly: Remix empties `.server` modules of the app folder in the browser build, so this
 * keeps the settings schema (and zod with it) out of the JavaScript every page ships.
 */
export { getSettings, type Settings } from "../../lib/env.server.js";
