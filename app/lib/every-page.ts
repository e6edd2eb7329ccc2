/**
 * What the root loads on every page and route modules use too: the pages' words, titles, error page, toasts, the
 * language's paths, the kinds of account, the CSRF field. Route modules import these from here, never from each
 * module itself (the lint holds it), for the browser's sake: the compiler (esbuild) puts a module shared by a
 * different set of routes in a script file of its own, so each of these, imported by a different few dozen
 * routes, was a file of its own that every page fetched (eleven small files, compressed one by one). Imported by
 * every route through one module, they are one file: 1.2 kB less JavaScript on every page (docs/perf.md).
 */
export * from "../../lib/days";
export * from "../../lib/i18n/languages";
export * from "../../lib/messages";
export * from "../components/ui/error-page";
export * from "../components/ui/toasts";
export * from "./kinds";
export * from "./lang";
export * from "./meta";
export * from "./paths";
export * from "./page-words";
export { AuthenticityTokenInput } from "remix-utils/csrf/react";
